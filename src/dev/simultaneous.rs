//! The scripted run's steps for the simultaneous match: choose a setup,
//! and play for the people at the screen (as a Beginner would) until the
//! boards hold so many counters, or to the end.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use entropy_ai::{Level, Limits};
use entropy_rules::{Cell, Player};

use crate::simultaneous::boards::SimLayout;
use crate::simultaneous::{SimAction, SimCommand, SimMatch, SimScreen, SimSetup, Simultaneous};
use crate::table::turn::Intent;
use crate::ui::animation::Tween;
use crate::ui::camera::WorldCamera;

/// A step of a script in the simultaneous match.
#[derive(Debug, Clone)]
pub enum SimStep {
    /// Send a command.
    Do(SimCommand),
    /// Choose the setup of the next match.
    Setup(SimSetup),
    /// Play for the people until player 1's board holds this many counters
    /// (or the match is over) and a person is to act.
    Play(usize),
    /// Write where these cells of these boards are in the window (logical
    /// pixels), a line each, to `<ENTROPY_MEASURE_OUT>.ready`.
    Announce(&'static [(Player, &'static str)]),
    /// Ask the replay for this.
    Replay(crate::simultaneous::replay::SimReplayCommand),
    /// Wait this many frames for counters on these cells of these boards,
    /// then write what each holds (`Cc` if a counter is there, else `none`).
    AwaitPlacements(&'static [(Player, &'static str)], u32),
}

/// What the simultaneous match's steps act on.
#[derive(SystemParam)]
pub struct SimStage<'w, 's> {
    screen: Option<Res<'w, State<SimScreen>>>,
    game: Option<Res<'w, SimMatch>>,
    setup: ResMut<'w, SimSetup>,
    tweens: Query<'w, 's, &'static Tween>,
    commands: MessageWriter<'w, SimCommand>,
    replay: MessageWriter<'w, crate::simultaneous::replay::SimReplayCommand>,
    intents: MessageWriter<'w, Intent<Simultaneous>>,
    /// The player that decides for the people.
    player: Local<'s, Option<Box<dyn entropy_ai::Player>>>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<WorldCamera>>,
    waited: Local<'s, u32>,
}

/// Runs `step`; returns whether it is done.
pub fn step(step: SimStep, stage: &mut SimStage) -> bool {
    let busy = crate::ui::animation::blocks_input(&stage.tweens);
    match step {
        SimStep::Do(command) => {
            stage.commands.write(command);
            true
        }
        SimStep::Setup(setup) => {
            *stage.setup = setup;
            true
        }
        SimStep::Replay(command) => {
            stage.replay.write(command);
            true
        }
        SimStep::Play(counters) => {
            let playing = stage.screen.as_ref().is_some_and(|s| *s.get() == SimScreen::Playing);
            let Some(game) = stage.game.as_ref() else {
                return !playing;
            };
            if game.game.is_over() {
                return !busy;
            }
            let Some(pending) = game.person_to_act() else {
                return false;
            };
            if game.game.board(Player::One).board().counters() >= counters {
                return !busy;
            }
            if !busy {
                let player = stage.player.get_or_insert_with(|| Level::Beginner.player(7));
                let position = game.game.board(pending.board).position();
                if let Some(action) = player.choose(position, &Limits::none()) {
                    stage.intents.write(Intent(SimAction {
                        player: pending.player,
                        action,
                    }));
                }
            }
            false
        }
        SimStep::Announce(targets) => {
            let Some(game) = stage.game.as_ref() else { return false };
            let layout = SimLayout { size: game.game.size() };
            let Ok((camera, transform)) = stage.camera.single() else {
                return false;
            };
            let mut lines = String::new();
            for &(owner, cell) in targets {
                let Ok(cell) = cell.parse::<Cell>() else { return false };
                let world = layout.cell_centre(owner, cell).extend(0.0);
                let Ok(at) = camera.world_to_viewport(transform, world) else {
                    return false;
                };
                lines.push_str(&format!("{} {}\n", at.x.round(), at.y.round()));
            }
            super::write_out(&format!("{}.ready", super::output_path()), &lines);
            true
        }
        SimStep::AwaitPlacements(targets, frames) => {
            *stage.waited += 1;
            let Some(game) = stage.game.as_ref() else { return false };
            let held: Vec<Option<String>> = targets
                .iter()
                .map(|&(owner, cell)| {
                    let cell = cell.parse::<Cell>().ok()?;
                    game.game.board(owner).board().get(cell).map(|_| cell.to_string())
                })
                .collect();
            if held.iter().all(Option::is_some) || *stage.waited >= frames {
                let words: Vec<String> = held.into_iter().map(|h| h.unwrap_or_else(|| "none".into())).collect();
                super::write_out(&super::output_path(), &format!("{}\n", words.join(" ")));
                true
            } else {
                false
            }
        }
    }
}
