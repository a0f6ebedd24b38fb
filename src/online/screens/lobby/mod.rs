//! The lobby: on the left the game this player offers (board, two rounds
//! or simultaneous, a live clock or days a move, rated or casual: the
//! choices remembered), posted as an open seek or sent to one player by
//! name as a challenge; on the right the seeks open (Enter or a click
//! accepts one), the challenges made to this player (accept or decline),
//! the players online with their ratings (in the pool of the game offered)
//! and the games under way, each watched by a click. A game that starts
//! for this player, and a live game of theirs under way, opens in the room
//! that plays it; the others wait in My games. My games, Sign out and Back
//! at the foot; a line under the heading says how the connection stands.

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;
use entropy_protocol::{ClientMessage, Format, GameOptions, Speed};
use serde::{Deserialize, Serialize};

use crate::app::AppSet;
use crate::app::prefs::Remembered;
use crate::online::games::{OnlineGames, OpenOnlineGame};
use crate::online::lobby::Lobby;
use crate::online::net::{Net, NetCommand};
use crate::online::screens::Opening;
use crate::online::session::Session;
use crate::online::{NextScreen, OnlineScreen};
use crate::ui::keyboard::OnScreenKeyboard;
use crate::ui::menus::{MenuEvent, MenuKeys, cycle, menu_events};
use crate::ui::navigation::{Focus, LastDevice, TextEntry};
use crate::ui::overlays::OverlayCommand;
use crate::ui::theme::widgets;

mod view;
mod words;

pub use words::{live_game_text, my_games_line, online_line, options_text, speed_text};

pub(crate) fn plugin(app: &mut App) {
    crate::app::prefs::remember::<SeekChoice>(app);
    app.init_resource::<ChallengeName>()
        .add_systems(OnEnter(OnlineScreen::Lobby), focus_post)
        .add_systems(OnExit(OnlineScreen::Lobby), stop_typing)
        .add_systems(
            Update,
            (
                navigate.after(crate::ui::navigation::ReadDevices),
                (open_started_games, back_when_signed_out).run_if(in_state(OnlineScreen::Lobby)),
            )
                .in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            view::draw
                .run_if(in_state(OnlineScreen::Lobby))
                .in_set(crate::ui::theme::Interface),
        );
}

/// The game this player offers, remembered.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SeekChoice {
    pub size: u8,
    pub format: Format,
    pub speed: Speed,
    pub rated: bool,
}

impl Default for SeekChoice {
    fn default() -> Self {
        let options = GameOptions::default();
        SeekChoice {
            size: options.size,
            format: options.format,
            speed: options.speed,
            rated: options.rated,
        }
    }
}

impl SeekChoice {
    /// The options of the game offered.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            size: self.size,
            format: self.format,
            speed: self.speed,
            rated: self.rated,
        }
    }
}

impl Remembered for SeekChoice {
    const SECTION: &'static str = "online_seek";
    type Stored = SeekChoice;

    fn stored(&self) -> SeekChoice {
        *self
    }

    fn from_stored(stored: SeekChoice) -> SeekChoice {
        if stored.options().check().is_ok() {
            stored
        } else {
            SeekChoice::default()
        }
    }
}

/// The speeds offered: live clocks for the whole match, and days a move.
pub const SPEEDS: [Speed; 8] = [
    Speed::Live { seconds: 180 },
    Speed::Live { seconds: 300 },
    Speed::Live { seconds: 600 },
    Speed::Live { seconds: 900 },
    Speed::Live { seconds: 1800 },
    Speed::Correspondence { days: 1 },
    Speed::Correspondence { days: 3 },
    Speed::Correspondence { days: 7 },
];

/// The name typed to challenge.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct ChallengeName(pub String);

/// The lobby's controls, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    Board,
    Format,
    Speed,
    Rated,
    /// Post the seek, or withdraw the one posted.
    Post,
    /// The name of a player to challenge.
    Opponent,
    Challenge,
    /// Accept the open seek at this index (of [`Lobby::open_seeks`]).
    Accept(usize),
    /// Accept (true) or decline a challenge to this player, by index.
    Answer(usize, bool),
    /// Watch (or play, if it is this player's) the game under way at this
    /// index (of [`Lobby::games`]).
    Watch(usize),
    /// This player's games under way.
    MyGames,
    SignOut,
    /// While the server has not answered for a while: sign out and host a
    /// server here instead.
    Host,
    Back,
}

/// Labels the screen shows, for the tests and the tour.
pub const POST: &str = "Post seek";
pub const WITHDRAW: &str = "Withdraw seek";
pub const CHALLENGE: &str = "Challenge";
pub const OPPONENT: &str = "Player";
pub const SIGN_OUT: &str = "Sign out";
pub const HOST_HERE: &str = "Host here instead";
pub const MY_GAMES: &str = "My games";

/// What the challenge's field takes: a player's name.
pub const OPPONENT_FIELD: widgets::Field = widgets::Field {
    hint: "a player's name",
    limit: 24,
    hidden: false,
};

/// The rows as the lobby stands for this session at `now` (the app's real
/// time).
pub fn rows(lobby: &Lobby, session: &Session, now: std::time::Duration) -> Vec<Row> {
    let me = session.name();
    let mut rows = vec![
        Row::Board,
        Row::Format,
        Row::Speed,
        Row::Rated,
        Row::Post,
        Row::Opponent,
        Row::Challenge,
    ];
    rows.extend((0..lobby.challenges.len()).flat_map(|i| [Row::Answer(i, true), Row::Answer(i, false)]));
    rows.extend((0..lobby.open_seeks(me).count()).map(Row::Accept));
    rows.extend((0..lobby.games.len()).map(Row::Watch));
    rows.extend([Row::MyGames, Row::SignOut]);
    if words::host_offered(session, now) {
        rows.push(Row::Host);
    }
    rows.push(Row::Back);
    rows
}

fn focus_post(mut focus: ResMut<Focus>) {
    focus.set(4);
}

fn stop_typing(mut typing: ResMut<TextEntry>) {
    typing.0 = false;
}

/// A game this player plays that started during this session, or a live
/// game of theirs under way (not over), not yet shown: the room that plays
/// it opens it, once. Correspondence games found under way at sign-in wait
/// in My games.
fn open_started_games(
    games: Res<OnlineGames>,
    session: Res<Session>,
    mut opened: Local<Vec<String>>,
    mut open: MessageWriter<OpenOnlineGame>,
) {
    let Some(me) = session.name() else { return };
    for (id, game) in games.iter() {
        let Some(start) = game.view.start() else { continue };
        let shown = game.fresh || game.live();
        if !shown || game.view.is_over() || opened.contains(id) || game.view.player_named(me).is_none() {
            continue;
        }
        opened.push(id.clone());
        open.write(OpenOnlineGame {
            game: id.clone(),
            format: start.options.format,
        });
        return;
    }
}

/// Signed out, or the session ended: back to signing in.
fn back_when_signed_out(session: Res<Session>, mut next: NextScreen) {
    if session.account.is_none() {
        next.set(OnlineScreen::SignIn);
    }
}

/// Changes a choice of the game offered.
fn change(choice: &mut SeekChoice, row: Row, delta: i32) {
    match row {
        Row::Board => choice.size = cycle(&[7, 5], choice.size, delta),
        Row::Format => choice.format = cycle(&[Format::Match, Format::Simultaneous], choice.format, delta),
        Row::Speed => choice.speed = cycle(&SPEEDS, choice.speed, delta),
        Row::Rated => choice.rated = !choice.rated,
        _ => {}
    }
}

/// What a row does when pressed.
struct Press<'a> {
    /// The connection is up: what needs the server may be done.
    live: bool,
    lobby: &'a mut Lobby,
    me: Option<&'a str>,
    choice: &'a mut SeekChoice,
    opponent: &'a str,
    net: &'a Net,
    session: &'a mut Session,
    opening: &'a mut Opening,
    /// The data folder a server hosted here keeps its games in.
    data: Option<&'a std::path::Path>,
}

impl Press<'_> {
    fn press(&mut self, row: Row, next: &mut NextScreen) {
        let send = |message| self.net.send(NetCommand::Send(message));
        let needs_the_server = matches!(
            row,
            Row::Post | Row::Challenge | Row::Accept(_) | Row::Answer(..) | Row::Watch(_)
        );
        if needs_the_server && !self.live {
            self.session.notice = Some((view::NEEDS_THE_SERVER.into(), default()));
            return;
        }
        match row {
            Row::Board | Row::Format | Row::Speed | Row::Rated => change(self.choice, row, 1),
            Row::Post => match self.lobby.mine.iter().find(|s| s.to.is_none()) {
                Some(seek) => send(ClientMessage::CancelSeek { seek: seek.id.clone() }),
                None => send(ClientMessage::Seek {
                    options: self.choice.options(),
                }),
            },
            Row::Opponent => {}
            Row::Challenge => {
                let player = self.opponent.trim();
                if player.is_empty() {
                    self.session.notice = Some(("Type the name of the player to challenge.".into(), default()));
                } else {
                    send(ClientMessage::Challenge {
                        player: player.to_string(),
                        options: self.choice.options(),
                    });
                }
            }
            Row::Accept(i) => {
                let seek = self.lobby.open_seeks(self.me).nth(i).map(|s| s.id.clone());
                if let Some(seek) = seek {
                    send(ClientMessage::Accept { seek: seek.clone() });
                    self.lobby.taken(&seek);
                }
            }
            Row::Answer(i, yes) => {
                if let Some(seek) = self.lobby.challenges.get(i).map(|s| s.id.clone()) {
                    send(if yes {
                        ClientMessage::Accept { seek: seek.clone() }
                    } else {
                        ClientMessage::Decline { seek: seek.clone() }
                    });
                    self.lobby.taken(&seek);
                }
            }
            Row::Watch(i) => {
                if let Some(game) = self.lobby.games.get(i) {
                    self.opening.ask(&game.id);
                }
            }
            Row::MyGames => next.set(OnlineScreen::Games),
            Row::SignOut => self.net.send(NetCommand::SignOut),
            Row::Host => {
                self.session.start_hosting(self.data, self.net);
                self.net.send(NetCommand::SignOut);
            }
            Row::Back => next.title(),
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn navigate(
    mut keys: MenuKeys<OnlineScreen>,
    mut focus: ResMut<Focus>,
    mut lobby: ResMut<Lobby>,
    mut session: ResMut<Session>,
    mut choice: ResMut<SeekChoice>,
    mut opponent: ResMut<ChallengeName>,
    (net, mut opening, folders, time): (Res<Net>, ResMut<Opening>, Res<crate::app::Folders>, Res<Time<Real>>),
    (device, mut keyboard, mut overlays): (Res<LastDevice>, ResMut<OnScreenKeyboard>, MessageWriter<OverlayCommand>),
    screen: Option<Res<State<OnlineScreen>>>,
    mut next: NextScreen,
) {
    if let Some(text) = keyboard.take(OPPONENT) {
        opponent.0 = text;
    }
    let keys = keys.for_screen(OnlineScreen::Lobby);
    if !screen.as_ref().is_some_and(|s| *s.get() == OnlineScreen::Lobby) {
        return;
    }
    let me = session.name().map(str::to_string);
    let rows = rows(&lobby, &session, time.elapsed());
    for event in menu_events(keys, &mut focus, &rows) {
        match event {
            // A gamepad types through the on-screen keyboard.
            MenuEvent::Confirm(Row::Opponent) if *device == LastDevice::Gamepad => {
                keyboard.open(OPPONENT, &opponent.0, OPPONENT_FIELD, &mut overlays);
            }
            MenuEvent::Confirm(row) => Press {
                live: session.link == crate::online::session::Link::Online,
                lobby: &mut lobby,
                me: me.as_deref(),
                choice: &mut choice,
                opponent: &opponent.0,
                net: &net,
                session: &mut session,
                opening: &mut opening,
                data: folders.data.as_deref(),
            }
            .press(row, &mut next),
            MenuEvent::Change(row, delta) => change(&mut choice, row, delta),
            MenuEvent::Back => next.title(),
            _ => {}
        }
    }
    if focus.index >= rows.len() {
        focus.point_at(rows.len() - 1);
    }
}
