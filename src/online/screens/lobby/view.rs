//! The lobby drawn: the game offered and the challenge on the left; the
//! challenges to this player, the open seeks, the players online and the
//! games under way on the right; My games, Sign out and Back at the foot.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use entropy_protocol::{Format, Seek};

use super::words::{
    host_offered, link_line, live_game_text, my_games_line, online_line, options_text, pool_words, seeker, speed_text,
};
use super::{
    CHALLENGE, ChallengeName, HOST_HERE, MY_GAMES, OPPONENT, OPPONENT_FIELD, POST, Press, Row, SIGN_OUT, SeekChoice,
    WITHDRAW, change, rows,
};
use crate::online::NextScreen;
use crate::online::games::OnlineGames;
use crate::online::lobby::Lobby;
use crate::online::net::Net;
use crate::online::screens::Opening;
use crate::online::session::{Link, Session};
use crate::ui::navigation::{Focus, TextEntry};
use crate::ui::theme::{ui, widgets};

#[allow(clippy::too_many_arguments)]
pub(super) fn draw(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    mut lobby: ResMut<Lobby>,
    (mut session, time): (ResMut<Session>, Res<Time<Real>>),
    mut choice: ResMut<SeekChoice>,
    mut opponent: ResMut<ChallengeName>,
    (mut typing, overlays, net): (ResMut<TextEntry>, Res<crate::ui::overlays::Overlays>, Res<Net>),
    (mut opening, games, folders): (ResMut<Opening>, Res<OnlineGames>, Res<crate::app::Folders>),
    mut next: NextScreen,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let me = session.name().map(str::to_string);
    let host = host_offered(&session, time.elapsed());
    let rows = rows(&lobby, &session, time.elapsed());
    let focused = focus.of(rows.len());
    let active = overlays.is_empty();
    let mut any_typing = false;
    let mut pressed = None;
    let screen = ctx.viewport_rect();
    let width = (screen.width() - 48.0).min(1120.0);
    let (line, colour) = link_line(&session, time.elapsed());
    // What needs the server waits for the connection, and says so.
    let live = session.link == Link::Online;
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
                .enabled(live)
                .focused(active && i == focused);
            let response = widgets::button(left, if posted { WITHDRAW } else { POST }, look);
            if !live {
                left.add(egui::Label::new(widgets::text(NEEDS_THE_SERVER, widgets::SMALL).color(ui::WARNING)).wrap());
                crate::ui::theme::controls::shown(left, "Needs the server", NEEDS_THE_SERVER);
            }
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
                .enabled(live)
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
                        format!("{}: {}", seeker(seek, &lobby), options_text(&seek.options)),
                        widgets::SMALL + 1.0,
                    ));
                    right.horizontal(|ui| {
                        for yes in [true, false] {
                            let i = index(Row::Answer(n, yes));
                            let look = widgets::ButtonLook::new(120.0, 36.0)
                                .main(yes)
                                .enabled(live)
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
            let seeks_heading = heading("Open seeks", live);
            right.label(widgets::strong(&seeks_heading, widgets::HEADING - 4.0));
            crate::ui::theme::controls::shown(right, "Open seeks", &seeks_heading);
            let seeks: Vec<&Seek> = lobby.open_seeks(me.as_deref()).collect();
            if seeks.is_empty() {
                let posted = lobby.mine.iter().any(|s| s.to.is_none());
                right.label(widgets::muted(
                    match (lobby.told, posted) {
                        (false, _) => "…",
                        (true, true) => "None but yours: it is listed for every player.",
                        (true, false) => "None open: post yours, and wait for a player.",
                    },
                    widgets::SMALL + 1.0,
                ));
            }
            for (n, seek) in seeks.iter().enumerate() {
                let i = index(Row::Accept(n));
                let label = format!("{}  ·  {}", seeker(seek, &lobby), options_text(&seek.options));
                let look = widgets::ButtonLook::new(right.available_width(), 40.0)
                    .text_size(widgets::SMALL + 1.0)
                    .enabled(live)
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
            right.label(widgets::strong(heading("Online", live), widgets::HEADING - 4.0));
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
                right.label(widgets::strong(
                    heading("Games being played", live),
                    widgets::HEADING - 4.0,
                ));
                for (n, game) in lobby.games.iter().enumerate() {
                    let i = index(Row::Watch(n));
                    let mine = me
                        .as_deref()
                        .is_some_and(|me| game.players.iter().any(|p| p.name == me));
                    let label = live_game_text(game, mine);
                    let look = widgets::ButtonLook::new(right.available_width(), 36.0)
                        .text_size(widgets::SMALL)
                        .enabled(live)
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
            for row in [Row::MyGames, Row::SignOut, Row::Host, Row::Back] {
                if row == Row::Host && !host {
                    continue;
                }
                let i = index(row);
                let (label, width) = match row {
                    Row::MyGames => (MY_GAMES, 180.0),
                    Row::SignOut => (SIGN_OUT, 160.0),
                    Row::Host => (HOST_HERE, 200.0),
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
            live,
            lobby: &mut lobby,
            me: me.as_deref(),
            choice: &mut choice,
            opponent: &opponent.0,
            net: &net,
            session: &mut session,
            opening: &mut opening,
            data: folders.data.as_deref(),
        }
        .press(row, &mut next);
    }
    if typing.0 != any_typing {
        typing.0 = any_typing;
    }
    Ok(())
}

/// What the buttons that need the server say while the connection is gone.
pub const NEEDS_THE_SERVER: &str =
    "Posting, challenging, accepting and watching wait for the connection: it comes back by itself.";

/// A list's heading: while the connection is gone, the list is the last
/// one the server told, and says so.
fn heading(title: &str, live: bool) -> String {
    if live {
        title.to_string()
    } else {
        format!("{title} (as last seen)")
    }
}
