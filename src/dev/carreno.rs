//! The scripted run's steps for Carreno's game: choose a setup, play given
//! moves, pick up a piece, turn How to play's pages, and play a game to its
//! end (two Easy players deciding for the people at the screen).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use carreno_ai::{Level, Limits, Player};
use carreno_rules::{Move, Square};

use crate::carreno::CarrenoScreen;
use crate::carreno::input::Selection;
use crate::carreno::rules::RulesPage;
use crate::carreno::{Carreno, CarrenoCommand, CarrenoMatch, CarrenoSetup, Intent};
use crate::ui::animation::Tween;

/// A step of a script in Carreno's game.
#[derive(Debug, Clone)]
pub enum CarrenoStep {
    /// Send a command.
    Do(CarrenoCommand),
    /// Choose the setup of the next game.
    Setup(CarrenoSetup),
    /// Play these moves from the start of the game (waiting for each to come to rest).
    Moves(&'static [&'static str]),
    /// Pick up the piece on this square.
    Select(&'static str),
    /// Turn How to play to this page.
    RulesPage(usize),
    /// Play for the people at the screen (as Easy players would) until the game is over.
    ToEnd,
}

/// What Carreno's steps act on.
#[derive(SystemParam)]
pub struct CarrenoStage<'w, 's> {
    screen: Option<Res<'w, State<CarrenoScreen>>>,
    game: Option<Res<'w, CarrenoMatch>>,
    setup: ResMut<'w, CarrenoSetup>,
    selection: ResMut<'w, Selection>,
    rules_page: ResMut<'w, RulesPage>,
    tweens: Query<'w, 's, &'static Tween>,
    commands: MessageWriter<'w, CarrenoCommand>,
    intents: MessageWriter<'w, Intent<Carreno>>,
    /// The players that decide for the people in [`CarrenoStep::ToEnd`].
    players: Local<'s, Option<[Box<dyn Player>; 2]>>,
}

/// Runs `step`; returns whether it is done.
pub fn step(step: CarrenoStep, stage: &mut CarrenoStage) -> bool {
    let busy = crate::ui::animation::blocks_input(&stage.tweens);
    match step {
        CarrenoStep::Do(command) => {
            stage.commands.write(command);
            true
        }
        CarrenoStep::Setup(setup) => {
            *stage.setup = setup;
            true
        }
        CarrenoStep::RulesPage(page) => {
            stage.rules_page.0 = page;
            true
        }
        CarrenoStep::Select(square) => {
            stage.selection.picked = square.parse::<Square>().ok();
            true
        }
        CarrenoStep::Moves(moves) => {
            let Some(game) = stage.game.as_ref().filter(|_| {
                stage
                    .screen
                    .as_ref()
                    .is_some_and(|s| *s.get() == CarrenoScreen::Playing)
            }) else {
                return false;
            };
            let played = game.game.moves().len();
            if played >= moves.len() {
                return !busy;
            }
            if !busy
                && game.person_to_move()
                && let Ok(mv) = moves[played].parse::<Move>()
            {
                stage.intents.write(Intent(mv));
            }
            false
        }
        CarrenoStep::ToEnd => {
            let Some(game) = stage.game.as_ref() else {
                return !stage
                    .screen
                    .as_ref()
                    .is_some_and(|s| *s.get() == CarrenoScreen::Playing);
            };
            if game.game.is_over() {
                return true;
            }
            if !busy && game.person_to_move() {
                let players = stage
                    .players
                    .get_or_insert_with(|| [Level::Easy.player(2), Level::Easy.player(3)]);
                let side = game.game.to_move();
                let mv = players[side.index()].choose(&game.game, &Limits::none());
                stage.intents.write(Intent(mv));
            }
            false
        }
    }
}
