//! My games: this player's games under way on the server, those waiting
//! for their move first (the least time left first), each with its
//! opponent, what it is and the time left; Enter or a click takes one up
//! in the room that plays it. Back returns to the lobby. A correspondence
//! game is left and taken up here as often as one likes, also after the
//! game has been closed and started again (the session is kept).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::AppSet;
use crate::online::card::clock_text;
use crate::online::games::{MyGame, OnlineGames};
use crate::online::screens::Opening;
use crate::online::screens::lobby::options_text;
use crate::online::session::Session;
use crate::online::{NextScreen, OnlineScreen};
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};
use crate::ui::navigation::Focus;
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(OnlineScreen::Games), |mut focus: ResMut<Focus>| focus.set(0))
        .add_systems(
            Update,
            (
                navigate.after(crate::ui::navigation::ReadDevices),
                back_when_signed_out.run_if(in_state(OnlineScreen::Games)),
            )
                .in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(OnlineScreen::Games))
                .in_set(crate::ui::theme::Interface),
        );
}

/// The screen's rows: a game each, then Back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    Game(MyGame),
    Back,
}

/// The rows as the games stand.
pub fn rows(games: &OnlineGames, me: Option<&str>) -> Vec<Row> {
    let mut rows: Vec<Row> = me
        .map(|me| games.mine(me))
        .unwrap_or_default()
        .into_iter()
        .map(Row::Game)
        .collect();
    rows.push(Row::Back);
    rows
}

/// A game as the list says it: "Bob (1523) · 7×7 · two rounds · 3 days a
/// move · casual — your move, 2 d 4 h left".
pub fn game_text(games: &OnlineGames, mine: &MyGame) -> String {
    let Some(start) = games.get(&mine.game).and_then(|f| f.view.start()) else {
        return mine.game.clone();
    };
    let them = &start.players[usize::from(1 - mine.me.min(1))];
    let name = match them.rating {
        Some(rating) => format!("{} ({rating:.0})", them.name),
        None => them.name.clone(),
    };
    let left = mine
        .left_ms
        .map(|ms| format!(", {} left", clock_text(std::time::Duration::from_millis(ms))))
        .unwrap_or_default();
    let whose = if mine.waiting {
        format!("your move{left}")
    } else {
        format!("{}'s move", them.name)
    };
    format!("{name}  ·  {}  —  {whose}", options_text(&start.options))
}

fn back_when_signed_out(session: Res<Session>, mut next: NextScreen) {
    if session.account.is_none() {
        next.set(OnlineScreen::SignIn);
    }
}

fn press(row: &Row, opening: &mut Opening, next: &mut NextScreen) {
    match row {
        Row::Game(game) => opening.ask(&game.game),
        Row::Back => next.set(OnlineScreen::Lobby),
    }
}

fn navigate(
    mut keys: MenuKeys<OnlineScreen>,
    mut focus: ResMut<Focus>,
    games: Res<OnlineGames>,
    session: Res<Session>,
    mut opening: ResMut<Opening>,
    screen: Option<Res<State<OnlineScreen>>>,
    mut next: NextScreen,
) {
    let keys = keys.for_screen(OnlineScreen::Games);
    if !screen.as_ref().is_some_and(|s| *s.get() == OnlineScreen::Games) {
        return;
    }
    let rows = rows(&games, session.name());
    let indices: Vec<usize> = (0..rows.len()).collect();
    for event in menu_events(keys, &mut focus, &indices) {
        match event {
            MenuEvent::Confirm(i) => press(&rows[i], &mut opening, &mut next),
            MenuEvent::Back => next.set(OnlineScreen::Lobby),
            _ => {}
        }
    }
    // A game that ends leaves the list shorter.
    if focus.index >= rows.len() {
        focus.point_at(rows.len() - 1);
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    games: Res<OnlineGames>,
    session: Res<Session>,
    overlays: Res<crate::ui::overlays::Overlays>,
    mut opening: ResMut<Opening>,
    mut next: NextScreen,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let rows = rows(&games, session.name());
    let focused = focus.of(rows.len());
    let active = overlays.is_empty();
    let mut pressed = None;
    let width = (ctx.viewport_rect().width() - 48.0).min(900.0);
    widgets::centred_column(&ctx, "my games", width, 0.06, |ui| {
        ui.spacing_mut().item_spacing.y = 8.0;
        ui.label(widgets::strong("My games", 30.0).color(ui::ACCENT));
        let waiting = rows.iter().filter(|r| matches!(r, Row::Game(g) if g.waiting)).count();
        let line = match (rows.len() - 1, waiting) {
            (0, _) => "No games under way: post a seek or accept one in the lobby.".to_string(),
            (_, 0) => "Waiting for your opponents' moves.".to_string(),
            (_, 1) => "1 game waits for your move.".to_string(),
            (_, n) => format!("{n} games wait for your move."),
        };
        ui.label(widgets::muted(&line, widgets::BODY));
        crate::ui::theme::controls::shown(ui, "My games", &line);
        ui.add_space(6.0);
        for (i, row) in rows.iter().enumerate() {
            let (label, look) = match row {
                Row::Game(game) => (
                    game_text(&games, game),
                    widgets::ButtonLook::new(ui.available_width(), 44.0)
                        .text_size(widgets::SMALL + 1.0)
                        .main(game.waiting),
                ),
                Row::Back => {
                    ui.add_space(6.0);
                    ("Back".to_string(), widgets::ButtonLook::new(160.0, 44.0).entry())
                }
            };
            let response = widgets::button(ui, &label, look.focused(active && i == focused));
            if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                focus.point_at(i);
            }
            if active && response.clicked() {
                pressed = Some(i);
            }
        }
    });
    if let Some(i) = pressed {
        press(&rows[i], &mut opening, &mut next);
    }
    Ok(())
}
