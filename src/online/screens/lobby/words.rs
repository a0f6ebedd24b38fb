//! The lobby's words: a game offered, a speed, a seeker, the players
//! online with their ratings, a game under way, the count of this
//! player's games, how the connection stands.

use bevy_egui::egui;
use entropy_protocol::{Format, GameOptions, Seek, Speed};

use crate::online::games::OnlineGames;
use crate::online::lobby::Lobby;
use crate::online::session::{Hosting, Link, Session};
use crate::ui::theme::ui;

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
pub(super) fn pool_words(options: &GameOptions) -> String {
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

/// A seeker as the list shows them: their name and rating in the seek's
/// pool, as the players online say it ("Ann 1612", "Bob 1500?" for one
/// not rated there yet); a casual seek, the name alone.
pub(super) fn seeker(seek: &Seek, lobby: &Lobby) -> String {
    if !seek.options.rated {
        return seek.by.name.clone();
    }
    let rated = lobby
        .online
        .iter()
        .find(|p| p.name == seek.by.name)
        .map(|p| p.rating(&seek.options.pool()));
    match (rated, seek.by.rating) {
        (Some(Some(rating)), _) | (None, Some(rating)) => format!("{} {rating:.0}", seek.by.name),
        _ => format!("{} 1500?", seek.by.name),
    }
}

/// How long a lost connection is said to be coming back before the line
/// says what else the player can do.
const GIVE_UP_WORDS: std::time::Duration = std::time::Duration::from_secs(10);

/// Whether the lobby offers to host a server here instead: the server has
/// not answered for a while, and none is hosted here.
pub(super) fn host_offered(session: &Session, now: std::time::Duration) -> bool {
    let given_up = matches!(&session.link, Link::Lost { since, .. } if now.saturating_sub(*since) >= GIVE_UP_WORDS);
    given_up && matches!(session.hosting, Hosting::Off | Hosting::Failed(_))
}

/// How the connection stands, in a line.
pub(super) fn link_line(session: &Session, now: std::time::Duration) -> (String, egui::Color32) {
    match &session.link {
        Link::Lost { why, since } if now.saturating_sub(*since) < GIVE_UP_WORDS => (
            format!("The connection was lost ({why}): connecting again…"),
            ui::WARNING,
        ),
        Link::Lost { why, .. } => (
            format!(
                "The server does not answer ({why}): still trying. Sign out to play on another server, or host one here."
            ),
            ui::WARNING,
        ),
        _ => match &session.notice {
            Some((notice, at)) if now.saturating_sub(*at) < crate::online::session::NOTICE => {
                (notice.clone(), ui::ACCENT)
            }
            _ => (format!("Signed in as {}.", session.name().unwrap_or("?")), ui::MUTED),
        },
    }
}
