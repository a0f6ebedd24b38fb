//! The match and the turn: the rules crate's `Match` in a resource (the only
//! source of truth), intents in, rule events out, and the commands that move
//! between matches and rounds.
//!
//! ```text
//! input / computer / replay  ->  Intent<Solomon>(Action)  ->  table::turn::apply_changes: match.apply(action)
//!                                                 Ok  -> Applied(event)  -> world, interface, sound, save
//!                                                 Err -> Refused<Solomon>{..}     -> feedback
//! ```

use bevy::prelude::*;
use entropy_rules::{Action, Event, Forfeit, Match, MoveError, Player, Role, Round};

use crate::app::AppSet;
use crate::solomon::match_setup::{MatchSetup, Seat};
use crate::solomon::screens::NextScreen;
use crate::solomon::screens::SolomonScreen;
use crate::table::turn::{self, TurnGame};
pub use crate::table::turn::{Applied, Change, Intent, Refused, Undone};
use crate::ui::animation::motion_blocks_input;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(turn::plugin::<Solomon>)
        .add_message::<SolomonCommand>()
        .add_systems(
            Update,
            (
                handle_commands,
                draw_when_ready.run_if(
                    in_state(SolomonScreen::Playing)
                        .and_then(chaos_to_draw)
                        .and_then(not(motion_blocks_input)),
                ),
                turn::apply_changes::<Solomon>,
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

/// Solomon's game in the table's turn pipeline: `Intent<Solomon>`,
/// `Applied<Solomon>` and the rest carry its actions and events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solomon;

/// Solomon's own changes to a match besides moves and taking back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchChange {
    /// After round 1: the roles swap and round 2 begins.
    NextRound,
    /// A player loses by forfeit (a clock run out).
    Forfeit(Forfeit),
}

impl TurnGame for Solomon {
    type Match = CurrentMatch;
    type Screen = SolomonScreen;
    type Action = Action;
    type Event = Event;
    type Attempt = Action;
    type Error = MoveError;
    type Change = MatchChange;

    fn takes_moves(screen: &SolomonScreen) -> bool {
        matches!(screen, SolomonScreen::Playing | SolomonScreen::Replay)
    }

    fn apply(game: &mut CurrentMatch, action: Action) -> Result<Event, MoveError> {
        game.game.apply(action)
    }

    fn take_back(game: &mut CurrentMatch) -> Option<Action> {
        game.game.undo().ok()
    }

    fn person_may_take_back(game: &CurrentMatch) -> bool {
        game.seats.contains(&Seat::Person) && !game.round().turns().is_empty() && !game.round().is_finished()
    }

    fn person_moves_next(game: &CurrentMatch) -> bool {
        game.game
            .to_move()
            .is_some_and(|(p, _)| game.seats[p.index()].is_person())
    }

    fn change(game: &mut CurrentMatch, change: MatchChange) -> Option<SolomonScreen> {
        match change {
            MatchChange::NextRound => game.game.start_second_round().ok().map(|_| SolomonScreen::Playing),
            MatchChange::Forfeit(forfeit) => game.game.forfeit(forfeit).ok().map(|_| SolomonScreen::MatchOver),
        }
    }
}

/// Moving between screens, matches and rounds.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolomonCommand {
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
    /// After the match: open it in the replay with the computer's review running.
    Review,
    /// Take back the last move of the person to move (with the computer's reply).
    Undo,
    /// Close the game.
    Quit,
}

pub(crate) fn handle_commands(
    mut commands: MessageReader<SolomonCommand>,
    setup: Res<MatchSetup>,
    game: Option<Res<CurrentMatch>>,
    mut changes: MessageWriter<Change<Solomon>>,
    mut next: NextScreen,
    mut exit: MessageWriter<AppExit>,
    mut cmd: Commands,
) {
    for command in commands.read() {
        match command {
            SolomonCommand::OpenSetup => next.set(SolomonScreen::Setup),
            SolomonCommand::OpenHistory => next.set(SolomonScreen::History),
            SolomonCommand::StartMatch => {
                cmd.insert_resource(new_match(&setup, setup.first_order(rand::random())));
                next.set(SolomonScreen::Playing);
            }
            SolomonCommand::NextRound => {
                changes.write(Change::Game(MatchChange::NextRound));
            }
            SolomonCommand::Rematch => {
                let first = game.as_ref().map_or(Player::One, |g| g.game.order_player(0).other());
                cmd.insert_resource(new_match(&setup, first));
                next.set(SolomonScreen::Playing);
            }
            SolomonCommand::ToTitle => {
                cmd.remove_resource::<CurrentMatch>();
                next.title();
            }
            SolomonCommand::Undo => {
                changes.write(Change::TakeBackForPerson);
            }
            SolomonCommand::Continue | SolomonCommand::StartTutorial | SolomonCommand::Review => {}
            SolomonCommand::Quit => {
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

/// Run condition: the rules say Chaos is to draw (read from the match
/// itself, never from a copy of its phase, which may be a frame old).
fn chaos_to_draw(game: Option<Res<CurrentMatch>>) -> bool {
    game.is_some_and(|g| g.round().phase() == entropy_rules::Phase::ChaosDraw)
}

/// Chaos's draw needs no decision: it happens as soon as the board is still.
fn draw_when_ready(mut intents: MessageWriter<Intent<Solomon>>) {
    intents.write(Intent(Action::Draw));
}
