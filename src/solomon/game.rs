//! The match and the turn: the rules crate's `Match` in a resource (the only
//! source of truth), intents in, rule events out, and the commands that move
//! between matches and rounds.
//!
//! ```text
//! input / computer / replay  ->  Intent(Action)  ->  apply_changes: match.apply(action)
//!                                               Ok  -> Applied(event)  -> world, interface, sound, save
//!                                               Err -> Refused{..}     -> feedback
//! ```

use bevy::prelude::*;
use entropy_rules::{Action, Event, Forfeit, Match, MoveError, Player, Role, Round, UndoError};

use crate::app::AppSet;
use crate::solomon::match_setup::{MatchSetup, Seat};
use crate::solomon::screens::NextScreen;
use crate::solomon::screens::SolomonScreen;
use crate::ui::animation::motion_blocks_input;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Intent>()
        .add_message::<Applied>()
        .add_message::<Refused>()
        .add_message::<Undone>()
        .add_message::<Command>()
        .add_message::<MatchChange>()
        .add_systems(
            Update,
            (
                handle_commands,
                draw_when_ready.run_if(
                    in_state(SolomonScreen::Playing)
                        .and_then(chaos_to_draw)
                        .and_then(not(motion_blocks_input)),
                ),
                apply_changes,
            )
                .chain()
                .in_set(AppSet::Turn),
        );
}

/// The match on the table: the rules crate's [`Match`], the only source of
/// truth, with the seats of its players.
#[derive(Resource)]
pub struct CurrentMatch {
    /// The match.
    pub game: Match,
    /// Who sits in each chair, by [`Player::index`].
    pub seats: [Seat; 2],
}

impl CurrentMatch {
    /// The round being played.
    pub fn round(&self) -> &Round {
        self.game.round()
    }

    /// The player who must decide now (Chaos placing, Order moving) and
    /// their seat; `None` while a draw, a count or nothing is due.
    pub fn deciding(&self) -> Option<(Player, Role, Seat)> {
        if matches!(self.round().phase(), entropy_rules::Phase::ChaosDraw) {
            return None;
        }
        let (player, role) = self.game.to_move()?;
        Some((player, role, self.seats[player.index()]))
    }

    /// Whether a person must decide now.
    pub fn person_to_move(&self) -> bool {
        matches!(self.deciding(), Some((_, _, Seat::Person)))
    }
}

/// Run condition: a person must decide now (the board takes input only then).
pub fn person_to_move(game: Option<Res<CurrentMatch>>) -> bool {
    game.is_some_and(|g| g.person_to_move())
}

/// Something a player asks to do: the rules crate's [`Action`]. Mouse,
/// keyboard, gamepad and computer players all send these.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Intent(pub Action);

/// An intent the rules accepted, with what it did.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Applied(pub Event);

/// An intent the rules refused, with the reason. Nothing changed.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    /// What was asked.
    pub action: Action,
    /// Why it was refused.
    pub error: MoveError,
}

/// A change to the match other than a move, asked of `apply_changes`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchChange {
    /// Take back the last move (the replay stepping back).
    TakeBack,
    /// Take back moves until a person's move is taken back (Undo).
    TakeBackForPerson,
    /// After round 1: the roles swap and round 2 begins.
    NextRound,
    /// A player loses by forfeit (a clock run out).
    Forfeit(Forfeit),
}

/// A move taken back: the round is as it was just before `action`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Undone(pub Action);

/// Moving between screens, matches and rounds.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    /// From the title to the setup screen.
    OpenSetup,
    /// From the title to the history.
    OpenHistory,
    /// Start a match with the current setup.
    StartMatch,
    /// After round 1: swap roles and play round 2.
    NextRound,
    /// After the match: the same players again, the other one Order first.
    Rematch,
    /// Back to the title screen (a match being played stays saved).
    ToTitle,
    /// Resume the saved match.
    Continue,
    /// Start the first-game tutorial.
    StartTutorial,
    /// Show the whole count at once.
    SkipCount,
    /// After the match: open it in the replay with the computer's review running.
    Review,
    /// Take back the last move of the person to move (with the computer's reply).
    Undo,
    /// Close the game.
    Quit,
}

pub(crate) fn handle_commands(
    mut commands: MessageReader<Command>,
    setup: Res<MatchSetup>,
    game: Option<Res<CurrentMatch>>,
    mut changes: MessageWriter<MatchChange>,
    mut next: NextScreen,
    mut exit: MessageWriter<AppExit>,
    mut cmd: Commands,
) {
    for command in commands.read() {
        match command {
            Command::OpenSetup => next.set(SolomonScreen::Setup),
            Command::OpenHistory => next.set(SolomonScreen::History),
            Command::StartMatch => {
                cmd.insert_resource(new_match(&setup, setup.first_order(rand::random())));
                next.set(SolomonScreen::Playing);
            }
            Command::NextRound => {
                changes.write(MatchChange::NextRound);
            }
            Command::Rematch => {
                let first = game.as_ref().map_or(Player::One, |g| g.game.order_player(0).other());
                cmd.insert_resource(new_match(&setup, first));
                next.set(SolomonScreen::Playing);
            }
            Command::ToTitle => {
                cmd.remove_resource::<CurrentMatch>();
                next.title();
            }
            Command::Undo => {
                changes.write(MatchChange::TakeBackForPerson);
            }
            Command::SkipCount | Command::Continue | Command::StartTutorial | Command::Review => {}
            Command::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}

/// A new match for `setup` with `first_order` Order in round 1.
pub fn new_match(setup: &MatchSetup, first_order: Player) -> CurrentMatch {
    let first: u64 = rand::random();
    let second = if setup.same_draws { first } else { rand::random() };
    CurrentMatch {
        game: Match::new(setup.size, first_order, [first, second]),
        seats: setup.seats(),
    }
}

/// Takes back moves until a person's move is taken back: one move at a
/// hot seat, a person's move with the computer's reply against the computer.
/// Returns what was taken back, in order.
pub fn undo_for_person(game: &mut CurrentMatch) -> Vec<Action> {
    let mut undone = Vec::new();
    loop {
        match game.game.undo() {
            Ok(action) => {
                undone.push(action);
                let mover = game.game.to_move().map(|(p, _)| game.seats[p.index()]);
                if mover == Some(Seat::Person) {
                    return undone;
                }
            }
            Err(UndoError::NothingToUndo | UndoError::MatchDecided) => return undone,
        }
    }
}

/// Run condition: the rules say Chaos is to draw (read from the match
/// itself, never from a copy of its phase, which may be a frame old).
fn chaos_to_draw(game: Option<Res<CurrentMatch>>) -> bool {
    game.is_some_and(|g| g.round().phase() == entropy_rules::Phase::ChaosDraw)
}

/// Chaos's draw needs no decision: it happens as soon as the board is still.
fn draw_when_ready(mut intents: MessageWriter<Intent>) {
    intents.write(Intent(Action::Draw));
}

/// What comes out of a change to the match.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Outcomes<'w> {
    applied: MessageWriter<'w, Applied>,
    refused: MessageWriter<'w, Refused>,
    undone: MessageWriter<'w, Undone>,
    next: NextScreen<'w>,
}

/// The one system that changes the match: the moves asked for
/// ([`Intent`]) and the other changes ([`MatchChange`]), in the order they
/// come; a forfeit or the next round also moves to the screen it leads to.
/// Moves are played only while the board is played or replayed.
pub(crate) fn apply_changes(
    mut intents: MessageReader<Intent>,
    mut changes: MessageReader<MatchChange>,
    game: Option<ResMut<CurrentMatch>>,
    screen: Option<Res<State<SolomonScreen>>>,
    mut out: Outcomes,
) {
    let on_board = screen.is_some_and(|s| matches!(s.get(), SolomonScreen::Playing | SolomonScreen::Replay));
    let (Some(mut game), true) = (game, on_board || !changes.is_empty()) else {
        intents.clear();
        changes.clear();
        return;
    };
    for change in changes.read() {
        match *change {
            MatchChange::TakeBack => {
                if let Ok(action) = game.game.undo() {
                    out.undone.write(Undone(action));
                }
            }
            MatchChange::TakeBackForPerson => {
                for action in undo_for_person(&mut game) {
                    out.undone.write(Undone(action));
                }
            }
            MatchChange::NextRound => {
                if game.game.start_second_round().is_ok() {
                    out.next.set(SolomonScreen::Playing);
                }
            }
            MatchChange::Forfeit(forfeit) => {
                if game.game.forfeit(forfeit).is_ok() {
                    out.next.set(SolomonScreen::MatchOver);
                }
            }
        }
    }
    if !on_board {
        intents.clear();
        return;
    }
    for &Intent(action) in intents.read() {
        match game.game.apply(action) {
            Ok(event) => {
                out.applied.write(Applied(event));
            }
            Err(error) => {
                out.refused.write(Refused { action, error });
            }
        }
    }
}
