//! The simultaneous match on the table: the rules crate's
//! [`SimultaneousMatch`] in a resource ([`SimMatch`], the only source of
//! truth) with who sits in each chair, played through the table's turn
//! pipeline as [`Simultaneous`]: an action is a player's ([`SimAction`]),
//! on the board the rules say it is for.

use bevy::prelude::*;
use entropy_ai::Level;
use entropy_rules::{Action, Colour, Event, Forfeit, MoveError, Player, SimultaneousMatch, SimultaneousStep, Size};

use super::setup::SimSetup;
use super::{NextScreen, SimScreen};
use crate::app::AppSet;
use crate::table::turn::{self, Intent, TurnGame};
use crate::ui::animation::motion_blocks_input;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(turn::plugin::<Simultaneous>)
        .add_message::<SimCommand>()
        .add_systems(
            Update,
            (
                handle_commands,
                draw_when_ready.run_if(
                    in_state(SimScreen::Playing)
                        .and_then(to_draw)
                        .and_then(not(motion_blocks_input)),
                ),
                turn::apply_changes::<Simultaneous>,
            )
                .chain()
                .in_set(AppSet::Turn),
        );
}

/// Who sits in a chair: a person, or the computer at a level.
pub type Seat = crate::table::turn::Seat<Level>;

/// The match on the table: the rules' [`SimultaneousMatch`], with the seat
/// and name of each player, by [`Player::index`].
#[derive(Resource, Debug)]
pub struct SimMatch {
    /// The match.
    pub game: SimultaneousMatch,
    /// Who plays each chair.
    pub seats: [Seat; 2],
    /// Each player's name.
    pub names: [String; 2],
}

impl SimMatch {
    /// A new match on a board of `size`, one queue of draws from `seed`.
    pub fn new(size: Size, seed: u64, seats: [Seat; 2], names: [String; 2]) -> SimMatch {
        SimMatch {
            game: SimultaneousMatch::new(size, seed),
            seats,
            names,
        }
    }

    /// A new match for `setup`; `typed` are the names typed in the games'
    /// setups, used when not blank.
    pub fn for_setup(setup: &SimSetup, typed: &[String; 2], seed: u64) -> SimMatch {
        let seats = setup.seats();
        let names = Player::BOTH.map(|player| {
            let typed = typed[player.index()].trim();
            match seats[player.index()] {
                Seat::Computer(level) => level.title().to_string(),
                Seat::Person if !typed.is_empty() => typed.to_string(),
                Seat::Person if seats == [Seat::Person; 2] => format!("Player {}", player.index() + 1),
                Seat::Person => "You".to_string(),
                Seat::Remote => "Opponent".to_string(),
            }
        });
        SimMatch::new(setup.size, seed, seats, names)
    }

    /// The same players again on a new queue of draws.
    pub fn rematch(&self, seed: u64) -> SimMatch {
        SimMatch::new(self.game.size(), seed, self.seats, self.names.clone())
    }

    /// Whether the match is played on a server: a player sits at a remote
    /// seat, and the server holds the queue of draws, the clocks and the result.
    pub fn online(&self) -> bool {
        self.seats.contains(&Seat::Remote)
    }

    /// The first move a person at this screen is waited for now: who, on
    /// whose board (its owner, the player who is Order on it) and in which
    /// role. At a shared screen the players take their turns in order,
    /// player 1 first.
    pub fn person_to_act(&self) -> Option<entropy_rules::Pending> {
        self.game
            .pending()
            .into_iter()
            .find(|p| self.seats[p.player.index()].is_person())
    }
}

/// The simultaneous match in the table's turn pipeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Simultaneous;

/// An action of a player: a placement on the other's board, a slide or a
/// pass on their own, or the draw that feeds both boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimAction {
    /// Who acts (anyone, for the draw).
    pub player: Player,
    /// What they do.
    pub action: Action,
}

/// What an accepted action did, on which board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimEvent {
    /// The board's owner (the player who is Order on it); for a draw, the
    /// counter drawn goes to both boards.
    pub board: Player,
    /// What happened.
    pub event: Event,
}

/// The simultaneous match's own changes besides moves: a server's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SimChange {
    /// The queue of draws, told by a server, is told its next counter.
    Tell(Colour),
    /// A player's time is up: the rules play their part from now on.
    Flag(Player),
    /// A player forfeits (resigned, or lost on time in correspondence).
    Forfeit(Forfeit),
}

impl TurnGame for Simultaneous {
    type Match = SimMatch;
    type Screen = SimScreen;
    type Action = SimAction;
    type Event = SimEvent;
    type Attempt = SimAction;
    type Error = MoveError;
    type Change = SimChange;
    type Context = ();

    /// The match played, and a match from the history stepped through.
    fn takes_moves(screen: &SimScreen) -> bool {
        matches!(screen, SimScreen::Playing | SimScreen::Replay)
    }

    fn apply(game: &mut SimMatch, SimAction { player, action }: SimAction, _: &()) -> Result<SimEvent, MoveError> {
        match action {
            Action::Draw => game.game.draw().map(|colour| SimEvent {
                board: player,
                event: Event::Drew(colour),
            }),
            _ => {
                let role = match action {
                    Action::Place(_) => entropy_rules::Role::Chaos,
                    _ => entropy_rules::Role::Order,
                };
                let board = SimultaneousMatch::board_of(player, role);
                game.game.apply(player, action).map(|event| SimEvent { board, event })
            }
        }
    }

    fn take_back(game: &mut SimMatch) -> Option<SimAction> {
        game.game
            .undo()
            .ok()
            .map(|(player, action)| SimAction { player, action })
    }

    fn person_may_take_back(_: &SimMatch) -> bool {
        false
    }

    fn person_moves_next(game: &SimMatch) -> bool {
        game.person_to_act().is_some()
    }

    fn change(game: &mut SimMatch, change: SimChange) -> Option<SimScreen> {
        match change {
            SimChange::Tell(colour) => {
                if let Err(e) = game.game.tell(colour) {
                    warn!("the queue of draws cannot be told {colour}: {e}");
                }
            }
            SimChange::Flag(player) => {
                // A second report of the same fall changes nothing.
                let _ = game.game.flag(player);
            }
            SimChange::Forfeit(forfeit) => {
                let _ = game.game.forfeit(forfeit);
            }
        }
        None
    }
}

/// Moving between the simultaneous match's screens and matches.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SimCommand {
    /// To the setup screen.
    OpenSetup,
    /// Start a match with the setup.
    Start,
    /// Continue the saved match.
    Continue,
    /// The same players again, on new draws.
    Rematch,
    /// The match just played, in the replay with the computer's review.
    Review,
    /// Back to the title.
    ToTitle,
    /// After a match on a server: back to the lobby ([`super::online`]).
    ToLobby,
}

pub(super) fn handle_commands(
    mut commands: MessageReader<SimCommand>,
    game: Option<Res<SimMatch>>,
    setup: Option<Res<SimSetup>>,
    names: Res<crate::app::players::PlayerNames>,
    mut next: NextScreen,
    mut cmd: Commands,
) {
    for command in commands.read() {
        match command {
            SimCommand::OpenSetup => {
                cmd.remove_resource::<SimMatch>();
                next.set(SimScreen::Setup);
            }
            SimCommand::Start => {
                let setup = setup.as_deref().cloned().unwrap_or_default();
                cmd.insert_resource(SimMatch::for_setup(&setup, &names.0, rand::random()));
                next.set(SimScreen::Playing);
            }
            // A rematch on a server is the server's ([`super::online`]).
            SimCommand::Rematch if game.as_ref().is_some_and(|g| g.online()) => {}
            SimCommand::Rematch => {
                if let Some(game) = &game {
                    cmd.insert_resource(game.rematch(rand::random()));
                    next.set(SimScreen::Playing);
                }
            }
            SimCommand::ToTitle => {
                cmd.remove_resource::<SimMatch>();
                next.title();
            }
            // The saved match is restored by `super::saved`, the match
            // reviewed opened by `super::replay`.
            SimCommand::Continue | SimCommand::Review | SimCommand::ToLobby => {}
        }
    }
}

/// Run condition: the rules wait for the draw that feeds both boards (on
/// a server, the server draws: its draws come as intents, [`super::online`]).
fn to_draw(game: Option<Res<SimMatch>>) -> bool {
    game.is_some_and(|g| g.game.step() == SimultaneousStep::Draw && !g.online())
}

/// The draw needs no decision: it happens as soon as the boards are still.
fn draw_when_ready(mut intents: MessageWriter<Intent<Simultaneous>>) {
    intents.write(Intent(SimAction {
        player: Player::One,
        action: Action::Draw,
    }));
}
