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
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_protocol::{ClientMessage, Format, GameOptions, Seek, Speed};
use serde::{Deserialize, Serialize};

use crate::app::AppSet;
use crate::app::prefs::Remembered;
use crate::online::games::{OnlineGames, OpenOnlineGame};
use crate::online::lobby::Lobby;
use crate::online::net::{Net, NetCommand};
use crate::online::screens::Opening;
use crate::online::session::{Link, Session};
use crate::online::{NextScreen, OnlineScreen};
use crate::ui::keyboard::OnScreenKeyboard;
use crate::ui::menus::{MenuEvent, MenuKeys, cycle, menu_events};
use crate::ui::navigation::{Focus, LastDevice, TextEntry};
use crate::ui::overlays::OverlayCommand;
use crate::ui::theme::{ui, widgets};

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
            draw.run_if(in_state(OnlineScreen::Lobby))
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
    Back,
}

/// Labels the screen shows, for the tests and the tour.
pub const POST: &str = "Post seek";
pub const WITHDRAW: &str = "Withdraw seek";
pub const CHALLENGE: &str = "Challenge";
pub const OPPONENT: &str = "Player";
pub const SIGN_OUT: &str = "Sign out";
pub const MY_GAMES: &str = "My games";

/// What the challenge's field takes: a player's name.
pub const OPPONENT_FIELD: widgets::Field = widgets::Field {
    hint: "a player's name",
    limit: 24,
    hidden: false,
};

/// The rows as the lobby stands.
pub fn rows(lobby: &Lobby, me: Option<&str>) -> Vec<Row> {
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
    rows.extend([Row::MyGames, Row::SignOut, Row::Back]);
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
    lobby: &'a Lobby,
    me: Option<&'a str>,
    choice: &'a mut SeekChoice,
    opponent: &'a str,
    net: &'a Net,
    session: &'a mut Session,
    opening: &'a mut Opening,
}

impl Press<'_> {
    fn press(&mut self, row: Row, next: &mut NextScreen) {
        let send = |message| self.net.send(NetCommand::Send(message));
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
                if let Some(seek) = self.lobby.open_seeks(self.me).nth(i) {
                    send(ClientMessage::Accept { seek: seek.id.clone() });
                }
            }
            Row::Answer(i, yes) => {
                if let Some(seek) = self.lobby.challenges.get(i) {
                    let seek = seek.id.clone();
                    send(if yes {
                        ClientMessage::Accept { seek }
                    } else {
                        ClientMessage::Decline { seek }
                    });
                }
            }
            Row::Watch(i) => {
                if let Some(game) = self.lobby.games.get(i) {
                    self.opening.ask(&game.id);
                }
            }
            Row::MyGames => next.set(OnlineScreen::Games),
            Row::SignOut => self.net.send(NetCommand::SignOut),
            Row::Back => next.title(),
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn navigate(
    mut keys: MenuKeys<OnlineScreen>,
    mut focus: ResMut<Focus>,
    lobby: Res<Lobby>,
    mut session: ResMut<Session>,
    mut choice: ResMut<SeekChoice>,
    mut opponent: ResMut<ChallengeName>,
    (net, mut opening): (Res<Net>, ResMut<Opening>),
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
    let rows = rows(&lobby, me.as_deref());
    for event in menu_events(keys, &mut focus, &rows) {
        match event {
            // A gamepad types through the on-screen keyboard.
            MenuEvent::Confirm(Row::Opponent) if *device == LastDevice::Gamepad => {
                keyboard.open(OPPONENT, &opponent.0, OPPONENT_FIELD, &mut overlays);
            }
            MenuEvent::Confirm(row) => Press {
                lobby: &lobby,
                me: me.as_deref(),
                choice: &mut choice,
                opponent: &opponent.0,
                net: &net,
                session: &mut session,
                opening: &mut opening,
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

/// How a game offered reads: "7×7 · two rounds · 15 min · rated".
pub fn options_text(options: &GameOptions) -> String {
    let format = match options.format {
        Format::Match => "two rounds",
        Format::Simultaneous => "simultaneous",
    };
    let speed = speed_text(options.speed);
    let rated = if options.rated { "rated" } else { "casual" };
    format!("{0}×{0} · {format} · {speed} · {rated}", options.size)
}

/// A speed in words: "15 min" or "3 days a move".
pub fn speed_text(speed: Speed) -> String {
    match speed {
        Speed::Live { seconds } => format!("{} min", seconds / 60),
        Speed::Correspondence { days: 1 } => "1 day a move".into(),
        Speed::Correspondence { days } => format!("{days} days a move"),
    }
}

/// The players online, each with their rating in `pool` ("Ann 1612,
/// Bob (bot) 1500?": a question mark for one not rated there yet).
pub fn online_line(lobby: &Lobby, pool: &str) -> String {
    let names: Vec<String> = lobby
        .online
        .iter()
        .map(|p| {
            let bot = if p.bot { " (bot)" } else { "" };
            match p.rating(pool) {
                Some(rating) => format!("{}{bot} {rating:.0}", p.name),
                None => format!("{}{bot} 1500?", p.name),
            }
        })
        .collect();
    if names.is_empty() {
        "…".into()
    } else {
        names.join(", ")
    }
}

/// A pool in words: "7×7 two rounds".
fn pool_words(options: &GameOptions) -> String {
    let format = match options.format {
        Format::Match => "two rounds",
        Format::Simultaneous => "simultaneous",
    };
    format!("{0}×{0} {format}", options.size)
}

/// A game under way as the lobby lists it: its players, what it is, how
/// many watch it, and whether a click plays it or watches it.
pub fn live_game_text(game: &entropy_protocol::LiveGame, mine: bool) -> String {
    let watching = if game.spectators > 0 {
        format!("  ·  {}", crate::online::card::watching_words(game.spectators))
    } else {
        String::new()
    };
    let verb = if mine { "Play" } else { "Watch" };
    format!(
        "{verb}: {} – {}  ·  {}{watching}",
        game.players[0].name,
        game.players[1].name,
        options_text(&game.options)
    )
}

/// Beside My games: how many this player has under way, and how many
/// wait for their move ("3 games, 1 waiting for your move").
pub fn my_games_line(games: &OnlineGames, me: Option<&str>) -> String {
    let mine = me.map(|me| games.mine(me)).unwrap_or_default();
    let waiting = mine.iter().filter(|g| g.waiting).count();
    let count = match mine.len() {
        0 => "No games under way".to_string(),
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    };
    match waiting {
        0 => count,
        w => format!("{count}, {w} waiting for your move"),
    }
}

/// A seeker as the list shows them: their name and rating.
fn seeker(seek: &Seek) -> String {
    match seek.by.rating {
        Some(rating) => format!("{} ({rating:.0})", seek.by.name),
        None => seek.by.name.clone(),
    }
}

/// How the connection stands, in a line.
fn link_line(session: &Session, now: std::time::Duration) -> (String, egui::Color32) {
    match &session.link {
        Link::Lost { why, .. } => (
            format!("The connection was lost ({why}): connecting again…"),
            ui::WARNING,
        ),
        _ => match &session.notice {
            Some((notice, at)) if now.saturating_sub(*at).as_secs() < 8 => (notice.clone(), ui::ACCENT),
            _ => (format!("Signed in as {}.", session.name().unwrap_or("?")), ui::MUTED),
        },
    }
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    lobby: Res<Lobby>,
    (mut session, time): (ResMut<Session>, Res<Time<Real>>),
    mut choice: ResMut<SeekChoice>,
    mut opponent: ResMut<ChallengeName>,
    (mut typing, overlays, net): (ResMut<TextEntry>, Res<crate::ui::overlays::Overlays>, Res<Net>),
    (mut opening, games): (ResMut<Opening>, Res<OnlineGames>),
    mut next: NextScreen,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let me = session.name().map(str::to_string);
    let rows = rows(&lobby, me.as_deref());
    let focused = focus.of(rows.len());
    let active = overlays.is_empty();
    let mut any_typing = false;
    let mut pressed = None;
    let screen = ctx.viewport_rect();
    let width = (screen.width() - 48.0).min(1120.0);
    let (line, colour) = link_line(&session, time.elapsed());
    let index = |row: Row| rows.iter().position(|r| *r == row).unwrap_or(usize::MAX);
    widgets::centred_column(&ctx, "lobby", width, 0.03, |ui| {
        ui.spacing_mut().item_spacing.y = 6.0;
        ui.horizontal(|ui| {
            ui.label(widgets::strong("Lobby", 30.0).color(ui::ACCENT));
            ui.add_space(12.0);
            ui.label(widgets::text(&line, widgets::SMALL + 1.0).color(colour));
            crate::ui::theme::controls::shown(ui, "Connection", &line);
        });
        ui.columns(2, |columns| {
            let left = &mut columns[0];
            left.label(widgets::strong("Your game", widgets::HEADING - 4.0));
            for row in [Row::Board, Row::Format, Row::Speed, Row::Rated] {
                let i = index(row);
                let (label, value) = match row {
                    Row::Board => ("Board", format!("{0} × {0}", choice.size)),
                    Row::Format => (
                        "Format",
                        match choice.format {
                            Format::Match => "Two rounds".to_string(),
                            Format::Simultaneous => "Simultaneous".to_string(),
                        },
                    ),
                    Row::Speed => ("Clock", speed_text(choice.speed)),
                    _ => ("Rated", if choice.rated { "Rated" } else { "Casual" }.to_string()),
                };
                let response = widgets::choice_row(left, label, &value, "", active && i == focused);
                if active && widgets::pointer_takes_focus(left, response.hovered) {
                    focus.point_at(i);
                }
                if active && (response.previous || response.next) {
                    focus.point_at(i);
                    change(&mut choice, row, if response.previous { -1 } else { 1 });
                }
            }
            let posted = lobby.mine.iter().any(|s| s.to.is_none());
            let i = index(Row::Post);
            let look = widgets::ButtonLook::new(240.0, 44.0)
                .entry()
                .main(!posted)
                .focused(active && i == focused);
            let response = widgets::button(left, if posted { WITHDRAW } else { POST }, look);
            if active && widgets::pointer_takes_focus(left, response.hovered()) {
                focus.point_at(i);
            }
            if active && response.clicked() {
                pressed = Some(Row::Post);
            }
            if let Some(seek) = lobby.mine.iter().find(|s| s.to.is_none()) {
                left.label(widgets::muted(
                    format!("Waiting for someone to accept {}…", options_text(&seek.options)),
                    widgets::SMALL,
                ));
            }
            left.add_space(6.0);
            let i = index(Row::Opponent);
            let hovered = widgets::field_row(
                left,
                OPPONENT,
                &mut opponent.0,
                OPPONENT_FIELD,
                active && i == focused,
                &mut any_typing,
            );
            if active && widgets::pointer_takes_focus(left, hovered) {
                focus.point_at(i);
            }
            let i = index(Row::Challenge);
            let look = widgets::ButtonLook::new(240.0, 44.0)
                .entry()
                .focused(active && i == focused);
            let response = widgets::button(left, CHALLENGE, look);
            if active && widgets::pointer_takes_focus(left, response.hovered()) {
                focus.point_at(i);
            }
            if active && response.clicked() {
                pressed = Some(Row::Challenge);
            }
            for seek in lobby.mine.iter().filter(|s| s.to.is_some()) {
                left.label(widgets::muted(
                    format!(
                        "Challenge to {}: {}",
                        seek.to.as_deref().unwrap_or("?"),
                        options_text(&seek.options)
                    ),
                    widgets::SMALL,
                ));
            }

            let right = &mut columns[1];
            if !lobby.challenges.is_empty() {
                right.label(widgets::strong("Challenges to you", widgets::HEADING - 4.0));
                for (n, seek) in lobby.challenges.iter().enumerate() {
                    right.label(widgets::text(
                        format!("{}: {}", seeker(seek), options_text(&seek.options)),
                        widgets::SMALL + 1.0,
                    ));
                    right.horizontal(|ui| {
                        for yes in [true, false] {
                            let i = index(Row::Answer(n, yes));
                            let look = widgets::ButtonLook::new(120.0, 36.0)
                                .main(yes)
                                .focused(active && i == focused);
                            let response = widgets::button(ui, if yes { "Accept" } else { "Decline" }, look);
                            if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                                focus.point_at(i);
                            }
                            if active && response.clicked() {
                                pressed = Some(Row::Answer(n, yes));
                            }
                        }
                    });
                }
                right.add_space(6.0);
            }
            right.label(widgets::strong("Open seeks", widgets::HEADING - 4.0));
            let seeks: Vec<&Seek> = lobby.open_seeks(me.as_deref()).collect();
            if seeks.is_empty() {
                right.label(widgets::muted(
                    if lobby.told {
                        "None open: post yours, and wait for a player."
                    } else {
                        "…"
                    },
                    widgets::SMALL + 1.0,
                ));
            }
            for (n, seek) in seeks.iter().enumerate() {
                let i = index(Row::Accept(n));
                let label = format!("{}  ·  {}", seeker(seek), options_text(&seek.options));
                let look = widgets::ButtonLook::new(right.available_width(), 40.0)
                    .text_size(widgets::SMALL + 1.0)
                    .focused(active && i == focused);
                let response = widgets::button(right, &label, look);
                if active && widgets::pointer_takes_focus(right, response.hovered()) {
                    focus.point_at(i);
                }
                if active && response.clicked() {
                    pressed = Some(Row::Accept(n));
                }
            }
            right.add_space(6.0);
            right.label(widgets::strong("Online", widgets::HEADING - 4.0));
            let pool = choice.options().pool();
            let names = online_line(&lobby, &pool);
            right.add(egui::Label::new(widgets::text(&names, widgets::SMALL + 1.0)).wrap());
            crate::ui::theme::controls::shown(right, "Online", &names);
            right.label(widgets::muted(
                format!("Ratings for {}", pool_words(&choice.options())),
                widgets::SMALL - 1.0,
            ));
            if !lobby.games.is_empty() {
                right.add_space(6.0);
                right.label(widgets::strong("Games being played", widgets::HEADING - 4.0));
                for (n, game) in lobby.games.iter().enumerate() {
                    let i = index(Row::Watch(n));
                    let mine = me
                        .as_deref()
                        .is_some_and(|me| game.players.iter().any(|p| p.name == me));
                    let label = live_game_text(game, mine);
                    let look = widgets::ButtonLook::new(right.available_width(), 36.0)
                        .text_size(widgets::SMALL)
                        .focused(active && i == focused);
                    let response = widgets::button(right, &label, look);
                    if active && widgets::pointer_takes_focus(right, response.hovered()) {
                        focus.point_at(i);
                    }
                    if active && response.clicked() {
                        pressed = Some(Row::Watch(n));
                    }
                }
            }
        });
        ui.add_space(8.0);
        let my_games = my_games_line(&games, me.as_deref());
        ui.horizontal(|ui| {
            for row in [Row::MyGames, Row::SignOut, Row::Back] {
                let i = index(row);
                let (label, width) = match row {
                    Row::MyGames => (MY_GAMES, 180.0),
                    Row::SignOut => (SIGN_OUT, 160.0),
                    _ => ("Back", 160.0),
                };
                let look = widgets::ButtonLook::new(width, 44.0)
                    .entry()
                    .focused(active && i == focused);
                let response = widgets::button(ui, label, look);
                if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                    focus.point_at(i);
                }
                if active && response.clicked() {
                    pressed = Some(row);
                }
            }
            ui.label(widgets::muted(&my_games, widgets::SMALL));
            crate::ui::theme::controls::shown(ui, "My games", &my_games);
        });
    });
    if let Some(row) = pressed {
        Press {
            lobby: &lobby,
            me: me.as_deref(),
            choice: &mut choice,
            opponent: &opponent.0,
            net: &net,
            session: &mut session,
            opening: &mut opening,
        }
        .press(row, &mut next);
    }
    if typing.0 != any_typing {
        typing.0 = any_typing;
    }
    Ok(())
}
