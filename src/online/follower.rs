//! The one follower that keeps a room's match in step with the server's
//! game, for every room on the turn pipeline ([`crate::table::turn`]). A
//! room says only what is its own ([`OnlineRoom`]): the match the server's
//! steps make, how a step becomes its [`Intent`], how its move is named on
//! the server's boards, and its flag and forfeit changes.
//!
//! - **The server's moves come in as intents.** The game followed
//!   ([`crate::online::games`]) is a list of steps; each frame with the
//!   board still, the next step not yet played becomes an `Intent` (a draw
//!   is told to the match first), so the opponent's counters land and
//!   slide as a computer's do.
//! - **The player's moves go out** ([`send_own_moves`]), applied on the
//!   table at once and sent with the version they were made at; when the
//!   server's event of one comes, it is already played. Until then it is
//!   [pending](Follower::pending) (the card says it is not yet sent while the
//!   connection is down). A refusal, a takeback, a move of this player's
//!   that is not the one sent, or anything else that parts the two builds
//!   the match again from the server's steps.
//! - **The server keeps the clocks and the result**: a flag, a resignation
//!   or a game lost on time comes from the server and is played on the
//!   match as the rules' own change; an aborted game goes back to the lobby.
//! - **The count between the rounds** is the room's to show: the round's
//!   end is played once the room is on the screen that follows the count,
//!   and the server is told the count was seen ([`ClientMessage::CountSeen`]).

use bevy::prelude::*;
use entropy_client::{BoardStep, GameView, player_at};
use entropy_protocol::{ClientMessage, Format, GameId};
use entropy_rules::{Action, Forfeit, Player};

use crate::app::AppSet;
use crate::app::screen::NextScreen;
use crate::online::ending::{aborted_words, forfeit_of};
use crate::online::games::{OnlineGames, OpenOnlineGame};
use crate::online::net::{Net, NetCommand};
use crate::online::session::{Link, Session};
use crate::online::table::{OnTable, ResultChoice, on_result};
use crate::table::turn::{Applied, Change, Intent, TurnGame};
use crate::ui::animation::motion_blocks_input;

/// What a room on the turn pipeline says of itself to be played online.
pub trait OnlineRoom: TurnGame {
    /// The format of the server's games it plays.
    const FORMAT: Format;
    /// Its commands, among them the result's choices.
    type Command: Message + Copy;
    /// The message that builds its board's entities again.
    type Rebuild: Message + Default;

    /// The match the steps of `view` make, `me` at the person's seat (none:
    /// a spectator), with how many steps it played; `None` before the game
    /// has started (the view has checked the steps, so they play).
    fn build(view: &GameView, me: Option<Player>) -> Option<(Self::Match, usize)>;

    /// The match opened on the table: the room's own resources (a clock)
    /// are set, and the screen it is shown on is returned.
    fn opened(view: &GameView, commands: &mut Commands) -> Self::Screen;

    /// How the server's `step` is played with the room on `screen`.
    fn feed(step: BoardStep, screen: &Self::Screen) -> Feed<Self>;

    /// The server's step of a move, as the room's action (the same action
    /// the person's move is when it is theirs).
    fn step_action(player: Player, action: Action) -> Self::Action;

    /// A move played on this match, as the server names it: the board (0
    /// or 1), the player (`me` when the event does not say) and the rules'
    /// action; `None` for a draw.
    fn own_move(event: Self::Event, me: Player) -> Option<(u8, Player, Action)>;

    /// Whether `player`'s flag has fallen on the match, and whether it is over.
    fn flagged(game: &Self::Match, player: Player) -> bool;
    fn over(game: &Self::Match) -> bool;
    /// The changes that play a flag fallen and a forfeit.
    fn flag(player: Player) -> Self::Change;
    fn forfeit(forfeit: Forfeit) -> Self::Change;

    /// The screen a match built again is shown on, when it is on another.
    fn after_rebuild(game: &Self::Match, screen: &Self::Screen) -> Option<Self::Screen>;

    /// The result's choice a command is, if it is one.
    fn choice(command: &Self::Command) -> Option<ResultChoice>;
}

/// How a server step is played on the room's match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feed<G: TurnGame> {
    /// Not now: the room is not on the screen that plays it.
    Wait,
    /// Played as this intent, the change (a draw told) first.
    Play {
        first: Option<G::Change>,
        action: G::Action,
    },
    /// Played already with another step (the second board's share of a draw).
    Played,
    /// Round 1's count has been seen: this change begins round 2.
    NextRound(G::Change),
}

/// The match on the table is the server's game `game` (who plays it and
/// what the player at this screen may do in it: [`OnTable`]).
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Follower<G: TurnGame> {
    /// The server's game.
    pub game: GameId,
    /// The player at this screen; `None` when they watch.
    pub me: Option<Player>,
    /// How many of the server's steps the match has played.
    played: usize,
    /// The person's moves sent whose events have not come yet, oldest first.
    sent: Vec<G::Action>,
    /// The step sent to the table as an intent this frame (not the person's).
    fed: Option<G::Action>,
    /// The end the server told is played on the match.
    ended: bool,
    /// The server's refusals in this game dealt with ([`Followed::refusals`](crate::online::games::Followed::refusals)).
    refusals_seen: u32,
    /// Round 1's count has been shown here (or the match opened after it).
    count_shown: bool,
    /// The server was told so on this connection.
    count_told: bool,
}

impl<G: TurnGame> Follower<G> {
    /// Whether a move of the person's is played on the table but not yet
    /// in the server's game (sent, or waiting for the connection).
    pub fn pending(&self) -> bool {
        !self.sent.is_empty()
    }
}

/// The follower's systems for room `G`. The room takes [`leave`] on leaving
/// its match's screens.
pub fn plugin<G: OnlineRoom>(app: &mut App) {
    app.add_systems(
        Update,
        (
            open::<G>,
            follow_server::<G>.run_if(resource_exists::<Follower<G>>.and_then(not(motion_blocks_input))),
            follow_the_end::<G>.run_if(resource_exists::<Follower<G>>.and_then(not(motion_blocks_input))),
        )
            .chain()
            .in_set(AppSet::Input),
    )
    .add_systems(
        Update,
        (send_own_moves::<G>, note_pending::<G>, tell_count_seen::<G>)
            .chain()
            .run_if(resource_exists::<Follower<G>>)
            .after(AppSet::Turn)
            .before(AppSet::Sync),
    )
    .add_systems(
        Update,
        commands::<G>
            .run_if(resource_exists::<Follower<G>>)
            .in_set(AppSet::Turn),
    );
}

/// The match leaves the table: it is no longer followed here.
pub fn leave<G: OnlineRoom>(mut commands: Commands) {
    commands.remove_resource::<Follower<G>>();
    commands.remove_resource::<OnTable>();
}

/// A game of the room's format shown, its player's or watched.
fn open<G: OnlineRoom>(
    mut asked: MessageReader<OpenOnlineGame>,
    games: Res<OnlineGames>,
    session: Res<Session>,
    mut next: NextScreen<G::Screen>,
    mut commands: Commands,
) {
    for OpenOnlineGame { game, format } in asked.read() {
        if *format != G::FORMAT {
            continue;
        }
        let Some(followed) = games.get(game) else { continue };
        let Some(table) = OnTable::new(&followed.view, session.name()) else {
            continue;
        };
        let me = table.me.map(player_at);
        let Some((on_screen, played)) = G::build(&followed.view, me) else {
            warn!("game {game}: its steps do not play");
            continue;
        };
        commands.insert_resource(on_screen);
        commands.insert_resource(Follower::<G> {
            game: game.clone(),
            me,
            played,
            sent: Vec::new(),
            fed: None,
            ended: false,
            refusals_seen: followed.refusals.0,
            // A match opened after round 1 is built in round 2: no count is shown.
            count_shown: followed.view.steps().contains(&BoardStep::RoundOver),
            count_told: false,
        });
        commands.insert_resource(table);
        next.set(G::opened(&followed.view, &mut commands));
        return;
    }
}

/// What the server's game says that the match on screen has not played:
/// the next step (one a frame, the board still), a flag fallen.
#[allow(clippy::too_many_arguments)]
fn follow_server<G: OnlineRoom>(
    mut online: ResMut<Follower<G>>,
    games: Res<OnlineGames>,
    game: Option<ResMut<G::Match>>,
    screen: Option<Res<State<G::Screen>>>,
    mut intents: MessageWriter<Intent<G>>,
    mut changes: MessageWriter<Change<G>>,
    mut rebuild: MessageWriter<G::Rebuild>,
    mut next: NextScreen<G::Screen>,
) {
    let (Some(followed), Some(mut game), Some(screen)) = (games.get(&online.game), game, screen) else {
        return;
    };
    let view = &followed.view;
    for player in Player::BOTH {
        if view.flag_fell(player.index() as u8) && !G::flagged(&game, player) && !G::over(&game) {
            changes.write(Change::Game(G::flag(player)));
        }
    }
    let steps = view.steps();
    let step = steps.get(online.played).copied();
    let parted = match step {
        // Steps taken back on the server.
        _ if online.played > steps.len() => true,
        // A move of this player's that is not the one sent first.
        Some(BoardStep::Moved { player, action, .. }) if online.me == Some(player_at(player)) => {
            online.sent.first() != Some(&G::step_action(player_at(player), action))
        }
        // The person's move was answered by something else (refused).
        _ => !online.sent.is_empty() && followed.refusals.0 != online.refusals_seen,
    };
    if parted {
        if let Some((again, played)) = G::build(view, online.me) {
            *game = again;
            online.played = played;
            online.sent.clear();
            online.refusals_seen = followed.refusals.0;
            rebuild.write(G::Rebuild::default());
            if let Some(to) = G::after_rebuild(&game, screen.get()) {
                next.set(to);
            }
        }
        return;
    }
    if let Some(step) = step {
        let own = match step {
            BoardStep::Moved { player, action, .. } => Some(G::step_action(player_at(player), action)),
            _ => None,
        };
        if own.is_some() && online.sent.first() == own.as_ref() {
            // The person's move, played already.
            online.sent.remove(0);
            online.played += 1;
        } else {
            match G::feed(step, screen.get()) {
                Feed::Wait => {}
                Feed::Play { first, action } => {
                    if let Some(first) = first {
                        changes.write(Change::Game(first));
                    }
                    intents.write(Intent(action));
                    online.fed = Some(action);
                    online.played += 1;
                }
                Feed::Played => online.played += 1,
                Feed::NextRound(change) => {
                    changes.write(Change::Game(change));
                    online.count_shown = true;
                    online.played += 1;
                }
            }
        }
    }
}

/// Once every step is played, the end the server told: a forfeit played
/// as the room's change; an abort back to the lobby, which says by whom.
fn follow_the_end<G: OnlineRoom>(
    mut online: ResMut<Follower<G>>,
    games: Res<OnlineGames>,
    table: Option<Res<OnTable>>,
    net: Res<Net>,
    mut changes: MessageWriter<Change<G>>,
    (mut lobby, mut session, time): (crate::online::NextScreen, ResMut<Session>, Res<Time<Real>>),
) {
    let Some(followed) = games.get(&online.game) else {
        return;
    };
    let view = &followed.view;
    if online.played < view.steps().len() {
        return;
    }
    if !online.ended
        && let Some(end) = view.end()
    {
        online.ended = true;
        if let Some(forfeit) = forfeit_of(&end.termination) {
            changes.write(Change::Game(G::forfeit(forfeit)));
        } else if end.result == "*"
            && let Some(table) = table
        {
            // Aborted: it counts for nobody, and there is no result to
            // show; the lobby says so.
            session.notice = Some((aborted_words(&table, &end.termination), time.elapsed()));
            on_result(ResultChoice::Lobby, &table, &games, &net, &mut lobby);
        }
    }
}

/// The person's moves, applied on the table, go to the server with the
/// version of the game they were made at, named on the board as the server
/// saw it before the move.
fn send_own_moves<G: OnlineRoom>(
    mut applied: MessageReader<Applied<G>>,
    mut online: ResMut<Follower<G>>,
    games: Res<OnlineGames>,
    net: Res<Net>,
) {
    let fed = online.fed.take();
    let Some(me) = online.me else {
        applied.clear();
        return;
    };
    for Applied(event) in applied.read() {
        let Some((board, player, action)) = G::own_move(*event, me) else {
            continue;
        };
        let move_ = G::step_action(player, action);
        if fed == Some(move_) || player != me {
            continue;
        }
        let Some(followed) = games.get(&online.game) else {
            continue;
        };
        let Some(text) = followed.view.move_text(board, action) else {
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

/// Once round 1's count has been shown here, the server is told, so that
/// round 2 and its clock begin; told again on a connection that comes
/// back while the server still waits for it.
fn tell_count_seen<G: OnlineRoom>(
    mut online: ResMut<Follower<G>>,
    games: Res<OnlineGames>,
    session: Res<Session>,
    net: Res<Net>,
) {
    if session.link != Link::Online {
        online.count_told = false;
        return;
    }
    let (Some(me), true, false) = (online.me, online.count_shown, online.count_told) else {
        return;
    };
    let Some(message) = games
        .get(&online.game)
        .and_then(|f| f.view.count_seen_message(me.index() as u8))
    else {
        return;
    };
    net.send(NetCommand::Send(message));
    online.count_told = true;
}

/// The card says whether a move of the person's waits to reach the server.
fn note_pending<G: OnlineRoom>(online: Res<Follower<G>>, table: Option<ResMut<OnTable>>) {
    if let Some(mut table) = table
        && table.pending != online.pending()
    {
        table.pending = online.pending();
    }
}

/// The result's choices, as the server has them: Rematch, Lobby, Title
/// ([`crate::online::table::on_result`]).
fn commands<G: OnlineRoom>(
    mut asked: MessageReader<G::Command>,
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
        if let Some(choice) = G::choice(command) {
            on_result(choice, &table, &games, &net, &mut lobby);
        }
    }
}
