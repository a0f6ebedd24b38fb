//! The turn pipeline every game here plays through, written once:
//!
//! ```text
//! input / computer / replay -> Intent(action) ---> apply_changes::<G> -> G::apply(match, action)
//! Undo, replay stepping back -> Change::TakeBack..        Ok  -> Applied(event)   -> board, panel, sound, save
//! the game's own changes     -> Change::Game(..)          Err -> Refused{..}      -> flash, reason
//!                                                         taken back -> Undone(action)
//! ```
//!
//! A game names its match, moves, events and reasons in a [`TurnGame`]
//! (implemented on a marker type: `Solomon`, `Carreno`), registers
//! [`apply_changes`] for it, and from then on the match changes in that one
//! system. The messages carry the game's marker, so each game reads only its
//! own: `MessageReader<Applied<Carreno>>`.

use std::fmt::Debug;

use bevy::ecs::component::Mutable;
use bevy::ecs::system::{ReadOnlySystemParam, StaticSystemParam, SystemParamItem};
use bevy::prelude::*;

use crate::app::screen::{GameScreens, NextScreen};

/// What the pipeline needs to know of a game. Implemented on a small marker
/// type that names the game (the match itself is [`TurnGame::Match`]).
pub trait TurnGame: Copy + Eq + Debug + Send + Sync + 'static {
    /// The match on the table, the only source of truth.
    type Match: Resource + Component<Mutability = Mutable>;
    /// The game's screens.
    type Screen: GameScreens;
    /// A move a player asks for.
    type Action: Copy + Eq + Debug + Send + Sync + 'static;
    /// What an accepted move did.
    type Event: Copy + Eq + Debug + Send + Sync + 'static;
    /// What a refusal is about: at least a move, perhaps more (a piece
    /// picked up that may not move).
    type Attempt: Copy + Eq + Debug + Send + Sync + 'static + From<Self::Action>;
    /// The rules' reason for a refusal.
    type Error: Copy + Eq + Debug + Send + Sync + 'static;
    /// The game's own changes to its match besides moves and taking back
    /// (a round begun, a forfeit).
    type Change: Copy + Eq + Debug + Send + Sync + 'static;

    /// What else a move is played with, read from the world (a clock's
    /// reading); `()` for nothing.
    type Context: ReadOnlySystemParam;

    /// Whether moves are played on `screen` (elsewhere they are dropped).
    fn takes_moves(screen: &Self::Screen) -> bool;

    /// Plays `action` by the rules.
    fn apply(
        game: &mut Self::Match,
        action: Self::Action,
        context: &SystemParamItem<Self::Context>,
    ) -> Result<Self::Event, Self::Error>;

    /// Takes back the last move, if the rules allow one taken back.
    fn take_back(game: &mut Self::Match) -> Option<Self::Action>;

    /// Whether a person may take back a move of theirs now.
    fn person_may_take_back(game: &Self::Match) -> bool;

    /// Whether the player to move now sits at a seat of a person.
    fn person_moves_next(game: &Self::Match) -> bool;

    /// Makes one of the game's own changes; returns the screen it leads to.
    fn change(game: &mut Self::Match, change: Self::Change) -> Option<Self::Screen>;
}

/// Who sits in a chair: a person at this screen, the computer at a level
/// of the game's AI, or a person playing through a server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat<L> {
    /// A person at this screen.
    Person,
    /// The computer, at a level.
    Computer(L),
    /// A person on another machine, whose moves come from a server.
    Remote,
}

impl<L> Seat<L> {
    /// Whether a person sits here.
    pub fn is_person(&self) -> bool {
        matches!(self, Seat::Person)
    }
}

/// Something a player asks to do. Mouse, keyboard, gamepad, computer
/// players and the replay all send these; the rules decide.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Intent<G: TurnGame>(pub G::Action);

/// A move the rules accepted, with what it did.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Applied<G: TurnGame>(pub G::Event);

/// Something the rules refused, with their reason. Nothing changed.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused<G: TurnGame> {
    /// What was tried.
    pub attempt: G::Attempt,
    /// Why the rules refused it.
    pub error: G::Error,
}

/// A move taken back: the match is as it was just before it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undone<G: TurnGame>(pub G::Action);

/// A change to the match other than a move.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change<G: TurnGame> {
    /// Take back the last move (the replay stepping back).
    TakeBack,
    /// Take back moves until a person's move is taken back (Undo): one
    /// move at a shared screen, with the computer's reply against it.
    TakeBackForPerson,
    /// One of the game's own changes.
    Game(G::Change),
}

/// The pipeline's messages for `G`. The game registers [`apply_changes`]
/// itself, ordered among its own systems.
pub fn plugin<G: TurnGame>(app: &mut App) {
    app.add_message::<Intent<G>>()
        .add_message::<Applied<G>>()
        .add_message::<Refused<G>>()
        .add_message::<Undone<G>>()
        .add_message::<Change<G>>();
}

/// Takes back moves until a person's move is taken back. Returns what was
/// taken back, in order; nothing when no person may take a move back.
pub fn take_back_for_person<G: TurnGame>(game: &mut G::Match) -> Vec<G::Action> {
    let mut undone = Vec::new();
    if !G::person_may_take_back(game) {
        return undone;
    }
    while let Some(action) = G::take_back(game) {
        undone.push(action);
        if G::person_moves_next(game) {
            break;
        }
    }
    undone
}

/// What comes out of a change to the match.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Outcomes<'w, G: TurnGame> {
    applied: MessageWriter<'w, Applied<G>>,
    refused: MessageWriter<'w, Refused<G>>,
    undone: MessageWriter<'w, Undone<G>>,
    next: NextScreen<'w, <G as TurnGame>::Screen>,
    redraw: ResMut<'w, crate::app::redraw::Redraw>,
}

/// The one system that changes `G`'s match: the other changes
/// ([`Change`]) first, then the moves asked for ([`Intent`]), each in the
/// order they came. Moves are played only on a screen that
/// [takes them](TurnGame::takes_moves); with no match, everything is dropped.
pub fn apply_changes<G: TurnGame>(
    mut intents: MessageReader<Intent<G>>,
    mut changes: MessageReader<Change<G>>,
    game: Option<ResMut<G::Match>>,
    screen: Option<Res<State<G::Screen>>>,
    context: StaticSystemParam<G::Context>,
    mut out: Outcomes<G>,
) {
    let Some(mut game) = game else {
        intents.clear();
        changes.clear();
        return;
    };
    if !intents.is_empty() || !changes.is_empty() {
        // What follows a change (the board's entities, the automatic draw,
        // the computer, the count) takes the next frame.
        out.redraw.now();
    }
    for change in changes.read() {
        match *change {
            Change::TakeBack => {
                if let Some(action) = G::take_back(&mut *game) {
                    out.undone.write(Undone(action));
                }
            }
            Change::TakeBackForPerson => {
                for action in take_back_for_person::<G>(&mut *game) {
                    out.undone.write(Undone(action));
                }
            }
            Change::Game(change) => {
                if let Some(screen) = G::change(&mut *game, change) {
                    out.next.set(screen);
                }
            }
        }
    }
    if !screen.is_some_and(|s| G::takes_moves(s.get())) {
        intents.clear();
        return;
    }
    for &Intent(action) in intents.read() {
        match G::apply(&mut *game, action, &context) {
            Ok(event) => {
                out.applied.write(Applied(event));
            }
            Err(error) => {
                out.refused.write(Refused {
                    attempt: action.into(),
                    error,
                });
            }
        }
    }
}
