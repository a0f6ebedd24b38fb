//! The web game in a real headless Chromium (WebGL2 drawn in software),
//! served by `entropy-server --web` on loopback, played with the browser's
//! own pointer, touch and keys as a person plays it: the page loads with
//! no error and draws its title; a whole 5×5 match against Beginner is
//! played by clicks, the page reloaded in the middle of it, to its result
//! and into the History; an online match against a bot to its result on
//! both sides, the server killed with SIGKILL in the middle of it and
//! started again; touch places and slides, on a desktop page and on a
//! phone's.
//!
//! The web game must have been built (`scripts/web-build.sh`, which
//! `./run-tests` runs first). One browser at a time: each draws in
//! software on the machine's cores.

#[path = "common/bot.rs"]
mod bots;
#[path = "common/browser.rs"]
mod browser;
mod common;
#[path = "common/server.rs"]
mod server;

use std::sync::Mutex;

use bots::{Behaviour, bot};
use browser::{Browser, DESKTOP, Page, built_web_game};
use common::clicks::{Driven, my_turn, play_until, type_into};
use common::probe::Probe as Shown;
use entropy_protocol::{Format, GameOptions, Speed};
use server::ServerProcess;

/// Run by the tests here in a process of its own: the server they kill.
#[test]
fn server_process_helper() {
    server::serve_in_this_process();
}

/// One browser at a time.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A server serving the built web game, and a browser of `page`'s size on
/// its title.
fn page_on_title(name: &str, page: Page) -> (ServerProcess, Browser) {
    let server = ServerProcess::start_serving(name, Some(&built_web_game()));
    let browser = open_on_title(page, &server);
    (server, browser)
}

/// A browser of `page`'s size on the title of the web game `server` serves.
fn open_on_title(page: Page, server: &ServerProcess) -> Browser {
    let mut browser = Browser::open(page);
    browser.go(&format!("http://{}/?probe", server.address));
    browser.until("the title", |s| s.screen == "Title" && s.has("New match"));
    browser
}

/// How many colours the page's picture holds, counted on a grid (a blank
/// or one-colour canvas has one or two).
fn colours_drawn(png: &[u8]) -> usize {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut pixels).expect("the PNG's pixels");
    let channels = info.color_type.samples();
    let mut colours = std::collections::HashSet::new();
    for y in (0..info.height as usize).step_by(7) {
        for x in (0..info.width as usize).step_by(7) {
            let at = (y * info.width as usize + x) * channels;
            colours.insert(pixels[at..at + 3].to_vec());
        }
    }
    colours.len()
}

#[test]
fn the_page_loads_with_no_error_draws_its_title_and_a_click_reaches_the_setup() {
    let _one = one_at_a_time();
    let (_server, mut page) = page_on_title("browser-title", DESKTOP);
    let drawn = colours_drawn(&page.screenshot());
    assert!(drawn > 20, "the title is drawn in the canvas ({drawn} colours seen)");
    page.press("New match", |s| s.screen == "Setup" && s.has("Start match"));
    let errors = page.console_errors();
    assert!(
        errors.is_empty(),
        "the page's console said errors:\n{}",
        errors.join("\n")
    );
}

#[test]
fn a_5x5_match_against_beginner_by_clicks_keeps_every_move_over_a_reload_and_ends_in_the_history() {
    let _one = one_at_a_time();
    let (_server, mut page) = page_on_title("browser-match", DESKTOP);
    page.press("New match", |s| s.screen == "Setup" && s.has("Start match"));
    page.press("Level: Beginner", |s| {
        s.button("Level: Beginner").is_some_and(|b| b.main)
    });
    page.choose("Board", "5 × 5");
    page.press("Start match", |s| s.screen == "Playing");

    // Three turns, then the page reloaded.
    let before = play_until(&mut page, "three turns", |s| my_turn(s) && s.number("turns") >= 3);
    page.reload();
    page.until("the title after the reload", |s| {
        s.screen == "Title" && s.has("Continue")
    });
    let after = page.press("Continue", my_turn);
    for fact in ["round", "turns", "last", "vacant"] {
        assert_eq!(
            after.fact(fact),
            before.fact(fact),
            "the match after the reload, its {fact}:\n{}",
            after.text
        );
    }

    let over = play_until(&mut page, "the result", |s| s.screen == "MatchOver");
    assert!(!over.value("Result").is_empty(), "the result is said:\n{}", over.text);
    page.press("Title", |s| s.screen == "Title");
    let history = page.press("History", |s| s.screen == "History" && s.has("match 1"));
    assert_eq!(
        history.number("history"),
        1,
        "the History holds the match:\n{}",
        history.text
    );
    page.press("match 1", |s| s.has("Replay"));
    page.press("Replay", |s| s.screen == "Replay");
}

/// Whether the connection card says it is lost.
fn lost(s: &Shown) -> bool {
    s.value("Connection").to_lowercase().contains("lost")
}

#[test]
fn an_online_match_against_a_bot_ends_on_both_sides_though_the_server_is_killed_in_the_middle() {
    let _one = one_at_a_time();
    let (mut server, mut page) = page_on_title("browser-online", DESKTOP);
    page.press("Play online", |s| s.screen == "SignIn");
    let shown = page.until("the sign-in's fields", |s| s.has("Register"));
    let origin = shown.value("Server").to_string();
    assert!(
        origin.contains(&server.address),
        "the sign-in starts at the page's own server, {}: {origin}",
        server.address
    );
    type_into(&mut page, "Name", "Webby");
    type_into(&mut page, "Password", "web-password-1");
    page.press("Register", |s| s.screen == "Lobby");

    let options = GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 600 },
        rated: true,
    };
    let behaviour = Behaviour {
        seek: Some(options),
        games: 1,
        ..Behaviour::default()
    };
    let bots = server::runtime();
    let robot = bots.spawn(bot(server.address.clone(), "Robot", behaviour, 5));
    page.click_until(
        "the bot's seek",
        |s| {
            s.buttons
                .iter()
                .find(|b| b.enabled && b.label.starts_with("Robot"))
                .map(|b| b.at)
        },
        |s| s.screen == "Playing",
    );

    // In the middle of the match, the server killed and started again.
    play_until(&mut page, "the middle of the match", |s| {
        my_turn(s) && s.number("online steps") >= 12
    });
    server.kill();
    page.until("the connection said lost", lost);
    server.restart();
    page.until("the connection back", |s| !lost(s));
    let over = play_until(&mut page, "the result", |s| s.screen == "MatchOver");
    let said = over.value("Result");
    let played = bots.block_on(robot).expect("the bot's task");
    assert_eq!(played.len(), 1, "the bot played one game: {played:?}");
    let result = &played[0].result;
    assert_ne!(result, "*", "the bot's game ended");
    let drawn = result == "1/2-1/2";
    assert!(
        if drawn {
            said.contains("Drawn") || said.contains("draw")
        } else {
            said.contains("won") || said.contains("lost")
        },
        "the page says the result the bot was given ({result}): {said}"
    );
}

#[test]
fn touch_places_and_slides_on_a_desktop_page_and_places_on_a_phone() {
    let _one = one_at_a_time();
    let touch = Page { touch: true, ..DESKTOP };
    let (server, mut page) = page_on_title("browser-touch", touch);
    // Every press here is a tap.
    page.press("New match", |s| s.screen == "Setup" && s.has("Start match"));
    page.press("Level: Beginner", |s| {
        s.button("Level: Beginner").is_some_and(|b| b.main)
    });
    page.press("Start match", |s| s.screen == "Playing");

    // Order, at two turns: a tap on a counter and a tap on a free cell
    // beside it slide it; then a drag. The counters on the board are the
    // ones Chaos placed, where Order's slides left them.
    let mut taken: Vec<String> = Vec::new();
    for way in ["tap and tap", "drag"] {
        let shown = page.until("Order's turn", |s| my_turn(s) && s.fact("phase") == "Some(Sliding)");
        let placed = last_cell(&shown);
        taken.push(placed.clone());
        let to = free_beside(&placed, &taken, &shown)
            .unwrap_or_else(|| page.fail_with(&format!("no free cell beside {placed}")));
        let turns = shown.number("turns");
        if way == "drag" {
            page.drag_touch(shown.places[&placed], shown.places[&to]);
        } else {
            page.tap_at(shown.places[&placed]);
            page.until("the counter picked up", |s| s.fact("picked").contains(&placed));
            page.tap_at(shown.places[&to]);
        }
        // Order's move is made (the board takes no other from a finger);
        // Beginner's next placement may follow it at once.
        page.until(&format!("the slide by {way}"), |s| s.number("turns") > turns);
        taken.retain(|cell| *cell != placed);
        taken.push(to);
    }
    drop(page);

    // A phone's page, upright: the board on top; as Chaos, a tap places.
    let phone = Page {
        width: 390,
        height: 844,
        touch: true,
    };
    let mut page = open_on_title(phone, &server);
    page.press("New match", |s| s.screen == "Setup" && s.has("Start match"));
    page.choose("You start as", "Chaos");
    page.press("Start match", |s| s.screen == "Playing");
    let shown = page.until("Chaos's turn", |s| my_turn(s) && s.fact("phase") == "Some(Placing)");
    let cell = shown.fact("vacant").split(' ').next().unwrap().to_string();
    let at = shown.places[&cell];
    assert!(
        at.0 < phone.width as i32 && at.1 < phone.height as i32 / 2,
        "the cell {cell} is on the board at the top of the phone's page: {at:?}"
    );
    page.tap_at(at);
    let placed = page.until("the counter placed by a tap on the phone", |s| s.number("turns") > 0);
    assert!(
        placed.fact("last").ends_with(&cell),
        "the tap placed on {cell}: {}",
        placed.fact("last")
    );
}

/// The cell of the last move: where a counter was placed, or slid to.
fn last_cell(shown: &Shown) -> String {
    let last = shown.fact("last");
    last[last.len().saturating_sub(2)..].to_string()
}

/// A cell of the board beside `cell` (a rook's step) that none of `taken` holds.
fn free_beside(cell: &str, taken: &[String], shown: &Shown) -> Option<String> {
    let [row, column] = cell.as_bytes() else { return None };
    [(0, 1), (0, -1), (1, 0), (-1, 0)]
        .into_iter()
        .map(|(down, right)| {
            let name = [row.wrapping_add_signed(down), column.wrapping_add_signed(right)];
            String::from_utf8_lossy(&name).into_owned()
        })
        .find(|name| shown.places.contains_key(name) && !taken.contains(name))
}
