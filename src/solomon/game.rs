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
use entropy_rules::{Action, Cell, Colour, Event, Forfeit, Match, MoveError, Player, Role, Round, TimeLeft, Touched};

use crate::app::AppSet;
use crate::solomon::match_clock::MatchClock;
use crate::solomon::match_setup::{MatchSetup, Seat};
use crate::solomon::screen::NextScreen;
use crate::solomon::screen::SolomonScreen;
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
                play_when_ready.run_if(
                    in_state(SolomonScreen::Playing)
                        .and_then(rules_to_play)
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
    /// Played by tournament rules: touch move, no hints (and, as with any
    /// clock, no undo).
    pub tournament: bool,
    /// Under touch move, the counter Order has touched this turn, which it
    /// must move if it can (the rules' [`Touched`]).
    pub touched: Option<Touched>,
}

impl CurrentMatch {
    /// The round being played.
    pub fn round(&self) -> &Round {
        self.game.round()
    }

    /// The player who must decide now (Chaos placing, Order moving) and
    /// their seat; `None` while a draw, a count, a move the rules play for
    /// a player out of time, or nothing is due.
    pub fn deciding(&self) -> Option<(Player, Role, Seat)> {
        if self.round().phase() == entropy_rules::Phase::ChaosDraw || self.game.forced_action().is_some() {
            return None;
        }
        let (player, role) = self.game.to_move()?;
        Some((player, role, self.seats[player.index()]))
    }

    /// Whether a person must decide now.
    pub fn person_to_move(&self) -> bool {
        matches!(self.deciding(), Some((_, _, Seat::Person)))
    }

    /// Whether the match is played on a server: a player sits at a remote
    /// seat, and the server holds the bag, the clocks and the result.
    pub fn online(&self) -> bool {
        self.seats.contains(&Seat::Remote)
    }

    /// Whether a person is Order in the round being played (online, the
    /// player at this screen is Chaos in one round and Order in the other).
    pub fn person_is_order_now(&self) -> bool {
        self.seats[self.game.order_player(self.game.round_index()).index()].is_person()
    }

    /// Whether two computers play (a person watches).
    pub fn watching(&self) -> bool {
        self.seats.iter().all(|s| matches!(s, Seat::Computer(_)))
    }

    /// Whether a person may take a move back now: no clock (`clocked`), a
    /// person plays, and the round has a move to take back.
    pub fn undo_allowed(&self, clocked: bool) -> bool {
        !clocked
            && !self.online()
            && self.seats.contains(&Seat::Person)
            && !self.round().turns().is_empty()
            && !self.round().is_finished()
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
    /// A player loses by forfeit (resigns).
    Forfeit(Forfeit),
    /// A player's time for the match is up: from now on the rules play
    /// their part (Order passes; Chaos's counters fill the board in order).
    Flag(Player),
    /// Under touch move, Order has touched the counter on this cell.
    Touch(Cell),
    /// The bag, told its draws by a server, is told the next one.
    Tell(Colour),
}

impl TurnGame for Solomon {
    type Match = CurrentMatch;
    type Screen = SolomonScreen;
    type Action = Action;
    type Event = Event;
    type Attempt = Action;
    type Error = MoveError;
    type Change = MatchChange;
    type Context = Option<Res<'static, MatchClock>>;

    fn takes_moves(screen: &SolomonScreen) -> bool {
        matches!(screen, SolomonScreen::Playing | SolomonScreen::Replay)
    }

    /// With a clock, the mover's time left is recorded with the move.
    fn apply(game: &mut CurrentMatch, action: Action, clock: &Option<Res<MatchClock>>) -> Result<Event, MoveError> {
        if let Some(touched) = game.touched {
            touched.check_action(action)?;
        }
        let event = match (clock, game.game.to_move()) {
            (Some(clock), Some((player, _))) => {
                let left = TimeLeft::from_duration(clock.left[player.index()]);
                game.game.apply_timed(action, left)
            }
            _ => game.game.apply(action),
        }?;
        if matches!(event, Event::Slid(_) | Event::Passed) {
            game.touched = None;
        }
        Ok(event)
    }

    fn take_back(game: &mut CurrentMatch) -> Option<Action> {
        game.game.undo().ok()
    }

    fn person_may_take_back(game: &CurrentMatch) -> bool {
        !game.online()
            && game.seats.contains(&Seat::Person)
            && !game.round().turns().is_empty()
            && !game.round().is_finished()
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
            MatchChange::Touch(cell) => {
                if game.tournament
                    && game.touched.is_none()
                    && let Ok(touched) = game.round().touch(cell)
                    && touched.must_move()
                {
                    game.touched = Some(touched);
                }
                None
            }
            MatchChange::Tell(colour) => {
                if let Err(e) = game.game.tell(colour) {
                    warn!("the bag cannot be told {colour}: {e}");
                }
                None
            }
            MatchChange::Flag(player) => {
                // A second report of the same fall changes nothing.
                let _ = game.game.flag(player);
                None
            }
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
    /// To the player's record.
    OpenRecord,
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
    /// After a match on a server: back to the lobby.
    ToLobby,
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
            SolomonCommand::OpenRecord => next.set(SolomonScreen::Record),
            SolomonCommand::StartMatch => {
                cmd.insert_resource(new_match(&setup, setup.first_order(rand::random())));
                next.set(SolomonScreen::Playing);
            }
            SolomonCommand::NextRound => {
                changes.write(Change::Game(MatchChange::NextRound));
            }
            // A rematch on a server is the server's ([`crate::solomon::online`]).
            SolomonCommand::Rematch if game.as_ref().is_some_and(|g| g.online()) => {}
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
            SolomonCommand::Continue
            | SolomonCommand::StartTutorial
            | SolomonCommand::Review
            | SolomonCommand::ToLobby => {}
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
    let mut game = Match::new(setup.size, first_order, [first, second]);
    game.set_time_control(setup.clock.time_control());
    CurrentMatch {
        game,
        seats: setup.seats(),
        tournament: setup.tournament,
        touched: None,
    }
}

/// What the rules play with no decision of a player: Chaos's draw, and
/// every move of a player out of time ([`Match::forced_action`]). Read
/// from the match itself, never from a copy of its phase.
/// Online, the server plays them: its steps come as intents
/// ([`crate::solomon::online`]).
fn rules_play(game: &CurrentMatch) -> Option<Action> {
    if game.online() {
        return None;
    }
    game.game
        .forced_action()
        .or((game.round().phase() == entropy_rules::Phase::ChaosDraw).then_some(Action::Draw))
}

/// Run condition: the rules have a move to play themselves.
fn rules_to_play(game: Option<Res<CurrentMatch>>) -> bool {
    game.is_some_and(|g| rules_play(&g).is_some())
}

/// A move that needs no decision is played as soon as the board is still.
fn play_when_ready(game: Res<CurrentMatch>, mut intents: MessageWriter<Intent<Solomon>>) {
    if let Some(action) = rules_play(&game) {
        intents.write(Intent(action));
    }
}
