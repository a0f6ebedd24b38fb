//! The simultaneous match played online, on the table's turn pipeline like
//! any other: the match on screen is the rules' [`SimultaneousMatch`] told
//! its one queue of draws by the server ([`SimultaneousMatch::told`]), the
//! player at this screen at a person's seat and the opponent at a remote
//! one (a spectator: both remote).
//!
//! - **The server's steps come in as intents**, one a frame with the boards
//!   still: a draw (the server announces it for board 1, then for board
//!   2, the same counter) is told to the queue and drawn once; the
//!   opponent's placements and slides land and glide as a computer's do.
//! - **The player's moves go out** with the version they were made at, and
//!   are already played when the server's event of them comes. A refusal,
//!   a takeback or anything else that parts the two builds the match
//!   again from the server's steps.
//! - **The server keeps the clocks and the result**: the card shows the
//!   clocks; a flag, a resignation or a game lost on time is played on the
//!   match as the rules' own change; the finished game goes to the history
//!   as the server's archive has it (kept by the room whose History lists
//!   both ways to play).

use bevy::prelude::*;
use entropy_client::{BoardStep, GameView, player_at};
use entropy_protocol::{ClientMessage, Format, GameId};
use entropy_rules::{Action, Event, Player, SimultaneousMatch, Size};

use super::boards::RebuildSimBoards;
use super::game::{Seat, SimAction, SimChange, SimCommand, SimMatch, Simultaneous};
use super::{InSimultaneous, NextScreen, SimScreen};
use crate::app::AppSet;
use crate::online::games::{OnlineGames, OpenOnlineGame};
use crate::online::net::{Net, NetCommand};
use crate::online::session::Session;
use crate::online::table::{OnTable, ResultChoice, on_result};
use crate::table::turn::{Applied, Change, Intent};
use crate::ui::animation::motion_blocks_input;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            open,
            follow_server.run_if(resource_exists::<SimOnline>.and_then(not(motion_blocks_input))),
        )
            .chain()
            .in_set(AppSet::Input),
    )
    .add_systems(
        Update,
        send_own_moves
            .run_if(resource_exists::<SimOnline>)
            .after(AppSet::Turn)
            .before(AppSet::Sync),
    )
    .add_systems(
        Update,
        commands
            .run_if(resource_exists::<SimOnline>)
            .in_set(AppSet::Turn)
            .before(super::game::handle_commands),
    )
    .add_systems(OnExit(InSimultaneous), |mut commands: Commands| {
        commands.remove_resource::<SimOnline>();
        commands.remove_resource::<OnTable>();
    });
}

/// The simultaneous match on screen is a game on a server.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct SimOnline {
    /// The server's game.
    pub game: GameId,
    /// The player at this screen; `None` when they watch.
    pub me: Option<Player>,
    /// How many of the server's steps the match has played.
    played: usize,
    /// The person's moves sent whose events have not come yet, oldest first.
    sent: Vec<SimAction>,
    /// The step sent to the table as an intent this frame (not the person's).
    fed: Option<SimAction>,
    /// The end the server told is played on the match.
    ended: bool,
    /// The server's refusals in this game dealt with.
    refusals_seen: u32,
}

/// The match the steps of `view` make, with how many steps it played:
/// `me` at the person's seat (none: a spectator), the names as the panel
/// says them (the person is "You"). `None` before the game has started.
pub fn build(view: &GameView, me: Option<Player>) -> Option<(SimMatch, usize)> {
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

/// A simultaneous game shown, its player's or watched: the match built
/// from the server's steps, the boards.
fn open(
    mut asked: MessageReader<OpenOnlineGame>,
    games: Res<OnlineGames>,
    session: Res<Session>,
    mut next: NextScreen,
    mut commands: Commands,
) {
    for OpenOnlineGame { game, format } in asked.read() {
        if *format != Format::Simultaneous {
            continue;
        }
        let Some(followed) = games.get(game) else { continue };
        let Some(table) = OnTable::new(&followed.view, session.name()) else {
            continue;
        };
        let me = table.me.map(player_at);
        let Some((on_screen, played)) = build(&followed.view, me) else {
            warn!("game {game}: its steps do not play");
            continue;
        };
        commands.insert_resource(on_screen);
        commands.insert_resource(SimOnline {
            game: game.clone(),
            me,
            played,
            sent: Vec::new(),
            fed: None,
            ended: false,
            refusals_seen: followed.refusals.0,
        });
        commands.insert_resource(table);
        next.set(SimScreen::Playing);
        return;
    }
}

/// What the server's game says that the match on screen has not played:
/// the next step (one a frame, the boards still), a flag fallen, the end.
#[allow(clippy::too_many_arguments)]
fn follow_server(
    mut online: ResMut<SimOnline>,
    games: Res<OnlineGames>,
    game: Option<ResMut<SimMatch>>,
    screen: Option<Res<State<SimScreen>>>,
    mut intents: MessageWriter<Intent<Simultaneous>>,
    mut changes: MessageWriter<Change<Simultaneous>>,
    mut rebuild: MessageWriter<RebuildSimBoards>,
    mut lobby: crate::online::NextScreen,
) {
    let (Some(followed), Some(mut game), Some(screen)) = (games.get(&online.game), game, screen) else {
        return;
    };
    if *screen.get() != SimScreen::Playing {
        return;
    }
    let view = &followed.view;
    for seat in [0u8, 1] {
        let player = player_at(seat);
        if view.flag_fell(seat) && !game.game.is_flagged(player) && !game.game.is_over() {
            changes.write(Change::Game(SimChange::Flag(player)));
        }
    }
    let steps = view.steps();
    let step = steps.get(online.played).copied();
    let parted = match (step, online.sent.first()) {
        _ if online.played > steps.len() => true,
        (Some(BoardStep::Moved { player, action, .. }), _)
            if online.me == Some(player_at(player)) && online.sent.first().map(|s| s.action) != Some(action) =>
        {
            true
        }
        (_, Some(_)) => followed.refusals.0 != online.refusals_seen,
        _ => false,
    };
    if parted {
        if let Some((again, played)) = build(view, online.me) {
            *game = again;
            online.played = played;
            online.sent.clear();
            online.refusals_seen = followed.refusals.0;
            rebuild.write(RebuildSimBoards);
        }
        return;
    }
    match step {
        Some(BoardStep::Drew { board: 0, colour }) => {
            changes.write(Change::Game(SimChange::Tell(colour)));
            let draw = SimAction {
                player: Player::One,
                action: Action::Draw,
            };
            intents.write(Intent(draw));
            online.fed = Some(draw);
            online.played += 1;
        }
        Some(BoardStep::Drew { .. } | BoardStep::RoundOver) => online.played += 1,
        Some(BoardStep::Moved { player, action, .. }) => {
            let move_ = SimAction {
                player: player_at(player),
                action,
            };
            if online.sent.first() == Some(&move_) {
                online.sent.remove(0);
            } else {
                intents.write(Intent(move_));
                online.fed = Some(move_);
            }
            online.played += 1;
        }
        None => {}
    }
    if step.is_none()
        && !online.ended
        && let Some(end) = view.end()
    {
        online.ended = true;
        if let Some(forfeit) = crate::online::table::forfeit_of(&end.termination) {
            changes.write(Change::Game(SimChange::Forfeit(forfeit)));
        } else if end.result == "*" {
            // Aborted: it counts for nobody, and there is no result to show.
            lobby.set(crate::online::OnlineScreen::Lobby);
        }
    }
}

/// The person's moves, applied on the table, go to the server with the
/// version of the game they were made at.
fn send_own_moves(
    mut applied: MessageReader<Applied<Simultaneous>>,
    mut online: ResMut<SimOnline>,
    games: Res<OnlineGames>,
    net: Res<Net>,
) {
    let fed = online.fed.take();
    for Applied(event) in applied.read() {
        let (player, action) = match event.event {
            Event::Drew(_) => continue,
            Event::Placed(placement) => (event.board.other(), Action::Place(placement.cell)),
            Event::Slid(slide) => (event.board, Action::Slide(slide)),
            Event::Passed => (event.board, Action::Pass),
        };
        let move_ = SimAction { player, action };
        if fed == Some(move_) || online.me != Some(player) {
            continue;
        }
        let Some(followed) = games.get(&online.game) else {
            continue;
        };
        // Named on the board as the server saw it before the move.
        let Some(text) = followed.view.move_text(event.board.index() as u8, action) else {
            continue;
        };
        online.sent.push(move_);
        net.send(NetCommand::Send(ClientMessage::Play {
            game: online.game.clone(),
            version: followed.view.version(),
            action: text,
        }));
    }
}

/// The result's choices, as the server has them: Rematch, Lobby, Title
/// ([`crate::online::table::on_result`]).
fn commands(
    mut asked: MessageReader<SimCommand>,
    table: Option<Res<OnTable>>,
    games: Res<OnlineGames>,
    net: Res<Net>,
    mut lobby: crate::online::NextScreen,
) {
    let Some(table) = table else {
        asked.clear();
        return;
    };
    for command in asked.read() {
        let choice = match command {
            SimCommand::Rematch => ResultChoice::Rematch,
            SimCommand::ToLobby => ResultChoice::Lobby,
            SimCommand::ToTitle => ResultChoice::Title,
            _ => continue,
        };
        on_result(choice, &table, &games, &net, &mut lobby);
    }
}
