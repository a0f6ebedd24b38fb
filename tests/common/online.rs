//! What the online tests share: waiting on the network, signing up and
//! going through the lobby with the keys, the person's random moves in
//! either format, and the result as the table and the history keep it.
//! (Included with `#[path]` by the tests that need it.)

#![allow(dead_code)]

use std::time::{Duration, Instant};

use bevy::prelude::*;
use entropy::online::OnlineScreen;
use entropy::online::lobby::Lobby;
use entropy::online::screens::sign_in::Password;
use entropy::online::session::{ServerChoice, Session};
use entropy::online::table::OnTable;
use entropy::simultaneous::{SimMatch, SimScreen, Simultaneous};
use entropy::solomon::game::CurrentMatch;
use entropy::table::turn::Intent;
use entropy::ui::title::TitleMenu;
use entropy_protocol::{Format, GameOptions, Speed};
use rand::rngs::SmallRng;

use super::bots::BOUND;
use super::common::*;

/// Runs frames until `done` holds, a few milliseconds of real time apart:
/// what the game waits for comes over the network, in real time. Fails
/// after [`BOUND`].
pub fn wait_on_network(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        if start.elapsed() > BOUND {
            let session = app.world().resource::<Session>();
            panic!(
                "never: {what} (on {:?}; the connection {:?}; the last notice {:?}; the problem {:?})",
                screen(app),
                session.link,
                session.notice,
                session.problem
            );
        }
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Chooses the title's entry `label` with the keys.
pub fn choose_on_title(app: &mut App, label: &str) {
    let index = app
        .world()
        .resource::<TitleMenu>()
        .shown()
        .iter()
        .position(|e| e.label == label)
        .unwrap();
    for _ in 0..index {
        key(app, KeyCode::ArrowDown);
    }
    key(app, KeyCode::Enter);
}

/// A game on the files of `dir` that signs in at `address` as `name`.
pub fn game_at(dir: &std::path::Path, address: &str, name: &str) -> App {
    let mut app = core_app(entropy::Folders::in_dir(dir));
    *app.world_mut().resource_mut::<ServerChoice>() = ServerChoice {
        address: address.to_string(),
        name: name.into(),
        token: None,
    };
    app.world_mut().resource_mut::<Password>().0 = format!("{}-password", name.to_lowercase());
    app
}

/// Play online, then Register (every field is filled): the lobby.
pub fn register(app: &mut App) {
    choose_on_title(app, "Play online");
    wait_for(app, OnlineScreen::SignIn);
    // The focus opens on Sign in (every field is filled); Register is next.
    key(app, KeyCode::ArrowDown);
    key(app, KeyCode::Enter);
    wait_on_network(app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
}

/// Presses Enter on the lobby's row `row`, from wherever the focus is.
pub fn press_lobby_row(app: &mut App, row: entropy::online::screens::lobby::Row) {
    let now = app.world().resource::<Time<Real>>().elapsed();
    let rows =
        entropy::online::screens::lobby::rows(app.world().resource::<Lobby>(), app.world().resource::<Session>(), now);
    let want = rows.iter().position(|r| *r == row).unwrap();
    move_focus_to(app, want);
    key(app, KeyCode::Enter);
}

/// Moves the focus of the menu on screen to control `want` with the arrows.
pub fn move_focus_to(app: &mut App, want: usize) {
    let focus = app.world().resource::<entropy::ui::navigation::Focus>().index;
    let code = if focus > want {
        KeyCode::ArrowUp
    } else {
        KeyCode::ArrowDown
    };
    for _ in 0..focus.abs_diff(want) {
        key(app, code);
    }
}

/// The bot's seek is in the lobby: accepted with the keys.
pub fn accept_the_seek(app: &mut App) {
    wait_on_network(app, "the bot's seek", |app| {
        let me = app.world().resource::<Session>().name().map(str::to_string);
        app.world().resource::<Lobby>().open_seeks(me.as_deref()).count() == 1
    });
    press_lobby_row(app, entropy::online::screens::lobby::Row::Accept(0));
}

/// The person's move, at random, when one is waited for and the board is
/// still; whether one was made.
pub fn person_moves(app: &mut App, rng: &mut SmallRng) -> bool {
    if is_animating(app) {
        return false;
    }
    match screen(app) {
        Shown::Solomon(SolomonScreen::Playing) => {
            let game = app.world().resource::<CurrentMatch>();
            if game.person_to_move()
                && let Some(intent) = random_intent(app, rng)
            {
                send(app, intent);
                return true;
            }
        }
        Shown::Simultaneous(SimScreen::Playing) => {
            if let Some(action) = person_action(app, rng) {
                send(app, Intent::<Simultaneous>(action));
                return true;
            }
        }
        _ => {}
    }
    false
}

/// Whether the match on screen is over (its result shown).
pub fn result_shown(app: &App) -> bool {
    matches!(
        screen(app),
        Shown::Solomon(SolomonScreen::MatchOver) | Shown::Simultaneous(SimScreen::Over)
    )
}

/// The result a match file says of the totals on the table.
pub fn result_of(totals: [u32; 2]) -> &'static str {
    match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => "1-0",
        std::cmp::Ordering::Less => "0-1",
        std::cmp::Ordering::Equal => "1/2-1/2",
    }
}

/// The totals of the match on the table, either format.
pub fn totals_on_the_table(app: &App) -> [u32; 2] {
    match app.world().get_resource::<CurrentMatch>() {
        Some(game) => game.game.totals(),
        None => app.world().resource::<SimMatch>().game.scores(),
    }
}

/// The finished game is kept in the history as the server's archive has
/// it, its draws checked against the seed; the opponent marked online.
pub fn kept_in_the_history(app: &mut App, opponent: &str) {
    wait_on_network(app, "the game kept", |app| {
        app.world().resource::<OnTable>().kept.is_some()
    });
    assert_eq!(app.world().resource::<OnTable>().kept, Some(Ok(())));
    let me = app.world().resource::<OnTable>().me.expect("a player") as usize;
    let history = app.world().resource::<entropy::history::History>();
    let file = history.entries.last().unwrap().file.as_ref().unwrap();
    assert!(entropy_protocol::fairness::verify(file).is_ok());
    let players = &file.tags().players;
    assert_eq!(players[me].kind, "person");
    assert_eq!(players[1 - me].kind, "online bot");
    assert_eq!(players[1 - me].name, opponent);
}

/// Presses Enter on the sign-in screen's row `row`, from wherever the focus is.
pub fn press_sign_in_row(app: &mut App, row: entropy::online::screens::sign_in::Row) {
    use entropy::online::screens::sign_in::ROWS;
    let want = ROWS.iter().position(|r| *r == row).unwrap();
    move_focus_to(app, want);
    key(app, KeyCode::Enter);
}

/// A game on a 5×5 board of `format` at `speed`, rated or casual.
pub fn five_by_five(format: Format, speed: Speed, rated: bool) -> GameOptions {
    GameOptions {
        size: 5,
        format,
        speed,
        rated,
    }
}

/// A live clock of ten minutes each.
pub const TEN_MINUTES: Speed = Speed::Live { seconds: 600 };

/// Whether a server's game is on the table, being played, in either room.
pub fn on_the_table(app: &App) -> bool {
    app.world().get_resource::<OnTable>().is_some()
        && matches!(
            screen(app),
            Shown::Solomon(SolomonScreen::Playing) | Shown::Simultaneous(SimScreen::Playing)
        )
}

/// The game signs up (Register) and accepts the one seek in the lobby:
/// the match on the table.
pub fn sign_up_and_accept(app: &mut App) {
    register(app);
    accept_the_seek(app);
    wait_on_network(app, "the game on the table", |app| on_the_table(app));
}

/// The person's random moves until the result shows; how many they made.
pub fn play_to_the_end(app: &mut App, rng: &mut SmallRng) -> usize {
    let mut moves = 0;
    wait_on_network(app, "the match's end", |app| {
        moves += usize::from(person_moves(app, rng));
        result_shown(app)
    });
    moves
}
