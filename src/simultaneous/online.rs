//! The simultaneous match played online, on the online floor's one
//! follower ([`crate::online::follower`]): the match on screen is the
//! rules' [`SimultaneousMatch`] told its one queue of draws by the server
//! ([`SimultaneousMatch::told`]), the player at this screen at a person's
//! seat and the opponent at a remote one (a spectator: both remote). What
//! is this room's own is said here: the server announces a draw for board
//! 1, then for board 2 (the same counter), which is told to the queue and
//! drawn once; a move names its player, as both may move at once. The
//! finished game goes to the history as the server's archive has it (kept
//! by the room whose History lists both ways to play).

use bevy::prelude::*;
use entropy_client::{BoardStep, GameView, player_at};
use entropy_protocol::Format;
use entropy_rules::{Action, Event, Forfeit, Player, SimultaneousMatch, Size};

use super::boards::RebuildSimBoards;
use super::game::{Seat, SimAction, SimChange, SimCommand, SimEvent, SimMatch, Simultaneous};
use super::{InSimultaneous, SimScreen};
use crate::online::follower::{self, Feed, OnlineRoom};
use crate::online::table::ResultChoice;

pub(super) fn plugin(app: &mut App) {
    follower::plugin::<Simultaneous>(app);
    app.add_systems(OnExit(InSimultaneous), follower::leave::<Simultaneous>);
}

impl OnlineRoom for Simultaneous {
    const FORMAT: Format = Format::Simultaneous;
    type Command = SimCommand;
    type Rebuild = RebuildSimBoards;

    /// The names are as the panel says them (the person is "You").
    fn build(view: &GameView, me: Option<Player>) -> Option<(SimMatch, usize)> {
        let start = view.start()?;
        let size = Size::try_from(start.options.size).ok()?;
        let mut game = SimultaneousMatch::told(size);
        let steps = view.steps();
        for step in &steps {
            play(&mut game, *step).ok()?;
        }
        for seat in [0u8, 1] {
            if view.flag_fell(seat) {
                let _ = game.flag(player_at(seat));
            }
        }
        let mut seats = [Seat::Remote; 2];
        let mut names = start.players.clone().map(|seat| seat.name);
        if let Some(me) = me {
            seats[me.index()] = Seat::Person;
            names[me.index()] = "You".into();
        }
        Some((SimMatch { game, seats, names }, steps.len()))
    }

    fn opened(_: &GameView, _: &mut Commands) -> SimScreen {
        SimScreen::Playing
    }

    fn feed(step: BoardStep, screen: &SimScreen) -> Feed<Simultaneous> {
        if *screen != SimScreen::Playing {
            return Feed::Wait;
        }
        match step {
            BoardStep::Drew { board: 0, colour } => Feed::Play {
                first: Some(SimChange::Tell(colour)),
                action: SimAction {
                    player: Player::One,
                    action: Action::Draw,
                },
            },
            BoardStep::Drew { .. } | BoardStep::RoundOver => Feed::Played,
            BoardStep::Moved { player, action, .. } => Feed::Play {
                first: None,
                action: SimAction {
                    player: player_at(player),
                    action,
                },
            },
        }
    }

    fn step_action(player: Player, action: Action) -> SimAction {
        SimAction { player, action }
    }

    /// A placement is Chaos's on the other's board; a slide or a pass is
    /// Order's on their own.
    fn own_move(event: SimEvent, _: Player) -> Option<(u8, Player, Action)> {
        let board = event.board;
        let (player, action) = match event.event {
            Event::Drew(_) => return None,
            Event::Placed(placement) => (board.other(), Action::Place(placement.cell)),
            Event::Slid(slide) => (board, Action::Slide(slide)),
            Event::Passed => (board, Action::Pass),
        };
        Some((board.index() as u8, player, action))
    }

    fn flagged(game: &SimMatch, player: Player) -> bool {
        game.game.is_flagged(player)
    }

    fn over(game: &SimMatch) -> bool {
        game.game.is_over()
    }

    fn flag(player: Player) -> SimChange {
        SimChange::Flag(player)
    }

    fn forfeit(forfeit: Forfeit) -> SimChange {
        SimChange::Forfeit(forfeit)
    }

    fn after_rebuild(_: &SimMatch, _: &SimScreen) -> Option<SimScreen> {
        None
    }

    fn choice(command: &SimCommand) -> Option<ResultChoice> {
        match command {
            SimCommand::Rematch => Some(ResultChoice::Rematch),
            SimCommand::ToLobby => Some(ResultChoice::Lobby),
            SimCommand::ToTitle => Some(ResultChoice::Title),
            _ => None,
        }
    }
}

/// Plays one of the server's steps on `game` directly: board 1's draw is
/// told and drawn for both boards, board 2's (the same counter) is not
/// drawn again.
fn play(game: &mut SimultaneousMatch, step: BoardStep) -> Result<(), String> {
    match step {
        BoardStep::Drew { board: 0, colour } => {
            game.tell(colour)?;
            game.draw().map(|_| ()).map_err(|e| e.to_string())
        }
        BoardStep::Drew { .. } | BoardStep::RoundOver => Ok(()),
        BoardStep::Moved { player, action, .. } => game
            .apply(player_at(player), action)
            .map(|_| ())
            .map_err(|e| e.to_string()),
    }
}
