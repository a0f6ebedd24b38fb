//! Every button of every screen, clicked with a real pointer. The release
//! game runs under an X server of its own; an X pointer, moved and clicked
//! with xdotool, goes onto each control by its label (the game says where
//! its controls are through its probe, `ENTROPY_PROBE`: see
//! `src/scripted/probe.rs`), and each click must do what its label says —
//! the screen, the dialog or the value changes. The tour goes through the
//! title, settings, how to play, the tutorial, the setup, a match at one
//! screen (the turn card, pause, round over, the count, match over),
//! matches between two computers, the replay and its review, the history,
//! the record (each kind, History, Back; and from the title),
//! Carreno's setup, board and result, and the simultaneous match (its
//! setup, both boards, pause and Continue, the count, the result's every
//! choice, its replay and review from the history), online play's every
//! screen and control against a server and bots of the test's (see
//! `online_tour`), and ends with Quit.
//!
//! A new screen or button joins this tour in the same change.

mod common;
#[path = "common/server.rs"]
mod server;

use std::time::{Duration, Instant};

use common::clicks::{Driven, my_turn, play_until, type_into};
use common::xserver::{RealGame, on_path, xdotool};

/// What the probe said the screen holds.
type Shown = common::probe::Probe;

/// The release game with its probe, clicked by the pointer helpers of
/// `common::clicks`.
type Game = RealGame;

fn title(s: &Shown) -> bool {
    s.screen == "Title" && s.no_overlay() && s.has("New match")
}

/// The Record screen from the History: every kind by its button, then
/// History, Record again from there, and Back to the title, which Record
/// on the title leaves again for the History in `back`.
fn record(game: &mut Game, back: impl Fn(&Shown) -> bool) {
    game.press("Record", |s| s.screen == "Record");
    for kind in ["5 × 5", "Two boards at once", "7 × 7"] {
        game.press(&format!("Kind: {kind}"), |s| s.fact("record kind") == kind);
    }
    game.press("History", |s| s.screen == "History");
    game.press("Record", |s| s.screen == "Record");
    game.press("History", back);
}

/// Settings: both arrows of every row, then Done.
fn settings(game: &mut Game, opened_over: impl Fn(&Shown) -> bool) {
    game.both_arrows_of_every_row(&[]);
    game.press("Done", opened_over);
}

/// How to play: every page by its tab, then Close.
fn how_to_play(game: &mut Game, tabs: &[&str], opened_over: impl Fn(&Shown) -> bool) {
    for tab in tabs.iter().skip(1).chain(tabs.first()) {
        game.press(tab, |s| s.button(tab).is_some_and(|b| b.main));
    }
    game.press("Close", opened_over);
}

const SOLOMON_PAGES: [&str; 4] = ["The game", "Scoring", "Controls", "Aims"];
const CARRENO_PAGES: [&str; 4] = ["The game", "Check", "Winning", "Controls"];

/// Plays Solomon's match on screen to `until`, by the pointer: Chaos
/// clicks the first empty cell, Order passes, the count is skipped, round
/// 2 is started. With two computers playing, only the count and round 2.
fn play_on(game: &mut Game, until: impl Fn(&Shown) -> bool) -> Shown {
    loop {
        let shown = game.until("a turn, the count or the end", |s| {
            until(s)
                || s.has("Skip")
                || s.has("Start round 2")
                || (s.fact("phase") == "Some(Placing)" && s.button("Undo").is_some() && !s.fact("vacant").is_empty())
                || (s.fact("phase") == "Some(Sliding)" && s.has("Pass"))
        });
        if until(&shown) {
            return shown;
        }
        if shown.has("Skip") {
            game.press("Skip", |s| !s.has("Skip"));
        } else if shown.has("Start round 2") {
            game.press("Start round 2", |s| s.screen == "Playing" && s.fact("round") == "1");
        } else if shown.fact("phase") == "Some(Placing)" {
            let turns = shown.number("turns");
            let cell = shown.fact("vacant").split(' ').next().unwrap().to_string();
            game.click_place(&cell, |s| s.number("turns") == turns + 1);
        } else {
            let turns = shown.number("turns");
            game.press("Pass", |s| {
                s.fact("phase") != "Some(Sliding)" || s.number("turns") != turns
            });
        }
    }
}

/// Waits for two computers to finish the match, skipping nothing.
fn watch_to_match_over(game: &mut Game) {
    loop {
        let shown = game.until("the round or the match over", |s| {
            s.screen == "MatchOver" || s.has("Start round 2")
        });
        if shown.screen == "MatchOver" {
            return;
        }
        game.press("Start round 2", |s| s.screen == "Playing" && s.fact("round") == "1");
    }
}

#[test]
fn every_button_of_every_screen_answers_a_real_pointer() {
    for program in ["Xvfb", "xdotool"] {
        assert!(
            on_path(program),
            "{program} is missing: the README's test command installs it"
        );
    }
    let dir = std::env::temp_dir().join(format!("entropy-every-button-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut game = Game::launch(&dir);

    // The title, at first launch: Tutorial leads.
    let shown = game.until("the title", title);
    assert!(shown.button("Tutorial").is_some_and(|b| b.main), "{}", shown.text);

    // Settings and How to play from the title.
    game.press("Settings", |s| s.in_overlay("Settings"));
    settings(&mut game, title);
    game.press("How to play", |s| s.in_overlay("Rules"));
    how_to_play(&mut game, &SOLOMON_PAGES, title);

    // The tutorial: place, slide, pass, watch, the count, back to the title.
    game.press("Tutorial", |s| s.screen == "Playing" && s.fact("tutorial") == "Place");
    game.click_place("Cc", |s| s.fact("tutorial") == "Slide");
    game.click_place("Cc", |s| s.fact("picked") == "Some(\"Cc\")");
    game.click_place("Ca", |s| s.fact("tutorial") == "ChaosAgain");
    game.until("Order to pass", |s| s.fact("tutorial") == "Pass" && s.has("Pass"));
    game.press("Pass", |s| s.fact("tutorial") == "Watch");
    // The count (skipped when the pointer gets there before it ends).
    let shown = game.until("the count", |s| s.has("Skip") || s.has("Back to the title"));
    if shown.has("Skip") {
        game.press("Skip", |s| !s.has("Skip"));
    }
    game.until("the tutorial's end", |s| s.has("Back to the title"));
    let shown = game.press("Back to the title", title);
    assert!(
        shown.button("New match").is_some_and(|b| b.main),
        "after the tutorial New match leads"
    );

    // The setup: every row both ways, the level's options, a name typed; Back; again.
    game.press("New match", |s| s.screen == "Setup");
    game.both_arrows_of_every_row(&[]);
    game.every_option_of("Level");
    game.click_until(
        "the name field",
        |s| s.button("Your name").map(|b| b.at),
        |s| s.buttons.iter().any(|b| b.label == "Your name"),
    );
    xdotool(&game.display, &["type", "--window", &game.window.clone(), "Ada"]);
    game.until("the name typed", |s| s.value("Your name") == "Ada");
    game.press("Back", title);
    game.press("New match", |s| s.screen == "Setup" && s.value("Your name") == "Ada");
    game.choose("Play against", "A person here");
    game.choose("Board", "5 × 5");
    game.press("Start match", |s| {
        s.screen == "Playing" && s.fact("phase") == "Some(Placing)"
    });

    // The turn card: Chaos's hint, a placement, Order's hint, Pass, Undo.
    game.press("Hint", |s| s.fact("hint") == "true");
    game.click_place("Cc", |s| s.fact("phase") == "Some(Sliding)");
    game.press("Hint", |s| s.fact("hint") == "true");
    game.press("Pass", |s| s.fact("phase") == "Some(Placing)");
    game.press("Undo", |s| s.fact("phase") == "Some(Sliding)");
    game.press("Pass", |s| s.fact("phase") == "Some(Placing)");

    // Pause, its settings and how to play; Resume; Leave; Continue.
    let playing = |s: &Shown| s.screen == "Playing" && s.no_overlay();
    game.key_until("Escape", |s| s.in_overlay("Pause"));
    game.press("Settings", |s| s.in_overlay("Settings"));
    game.press("Done", |s| s.in_overlay("Pause"));
    game.press("How to play", |s| s.in_overlay("Rules"));
    how_to_play(&mut game, &SOLOMON_PAGES, |s| s.in_overlay("Pause"));
    game.press("Resume", playing);
    game.key_until("Escape", |s| s.in_overlay("Pause"));
    let shown = game.press("Leave match", |s| title(s) && s.has("Continue"));
    assert!(shown.button("Continue").is_some_and(|b| b.main), "Continue leads");
    game.press("Continue", |s| playing(s) && s.number("turns") == 1);
    game.until("the match as it was left: Chaos to place", |s| {
        s.fact("phase") == "Some(Placing)"
    });

    // The whole match, the count skipped, round 2 started by its button.
    play_on(&mut game, |s| s.screen == "MatchOver" && s.has("Review"));

    // Review: the match in the replay, its review running.
    game.press("Review", |s| s.screen == "Replay" && s.fact("review") == "true");
    game.press("Next", |s| s.fact("replay") == "0 1");
    game.press("Next", |s| s.fact("replay") == "0 2");
    game.press("Back", |s| s.fact("replay") == "0 1");
    game.press("End", |s| s.fact("replay").starts_with("1 "));
    game.press("Start", |s| s.fact("replay") == "0 0");
    game.press("Play", |s| s.has("Stop"));
    game.press("Stop", |s| s.has("Play"));
    game.press("move 4", |s| s.fact("replay") == "0 3");
    game.press("History", |s| s.screen == "History" && s.number("history") == 1);

    // The history: a match's choices, each.
    let picked = |s: &Shown| s.has("Replay with review");
    game.press("match 1", picked);
    game.press("Replay", |s| s.screen == "Replay" && s.fact("review") == "false");
    game.press("History", |s| s.screen == "History");
    game.press("match 1", picked);
    game.press("Replay with review", |s| {
        s.screen == "Replay" && s.fact("review") == "true"
    });
    game.press("History", |s| s.screen == "History");
    game.press("match 1", picked);
    game.press("Cancel", |s| s.screen == "History" && !s.has("Replay"));
    game.press("match 1", picked);
    game.press("Delete", |s| s.has("Delete it"));
    game.press("Delete it", |s| s.number("history") == 0 && !s.has("Delete it"));

    // The record, from the history and from the title: each kind, History, Back.
    record(&mut game, |s| s.screen == "History");
    game.press("Back", title);
    game.press("Record", |s| s.screen == "Record");
    game.press("Back", title);

    // Two computers: the pace buttons, round over and match over's Rematch,
    // New match and Title.
    game.press("New match", |s| s.screen == "Setup");
    game.choose("Play against", "Watch two computers");
    game.press("Start match", |s| s.screen == "Playing" && s.has("Pause"));
    game.press("Pause", |s| s.fact("pace").contains("paused: true"));
    let turns = game.now().number("turns");
    game.press("Step", |s| {
        s.number("turns") != turns || s.fact("phase") == "Some(Sliding)"
    });
    game.press("+", |s| s.fact("pace").contains("speed: 2.0"));
    game.press("−", |s| s.fact("pace").contains("speed: 1.0"));
    game.press("+", |s| s.fact("pace").contains("speed: 2.0"));
    game.press("+", |s| s.fact("pace").contains("speed: 4.0"));
    game.press("Play", |s| s.fact("pace").contains("paused: false"));
    watch_to_match_over(&mut game);
    game.press("Rematch", |s| s.screen == "Playing" && s.fact("round") == "0");
    watch_to_match_over(&mut game);
    game.press("New match", |s| s.screen == "Setup");
    game.press("Start match", |s| s.screen == "Playing" && s.fact("round") == "0");
    watch_to_match_over(&mut game);
    game.press("Title", title);

    // Carreno's setup: every row, Rules, Back; then a game against Easy.
    let carreno_setup = |s: &Shown| s.screen == "CarrenoSetup" && s.no_overlay();
    game.press("Carreno's Entropy", carreno_setup);
    game.both_arrows_of_every_row(&[]);
    game.choose("Play against", "The computer");
    game.every_option_of("Level");
    game.press("How to play", |s| s.in_overlay("Rules"));
    how_to_play(&mut game, &CARRENO_PAGES, carreno_setup);
    game.press("Back", title);
    game.press("Carreno's Entropy", carreno_setup);
    game.press("Level: Easy", |s| s.button("Level: Easy").is_some_and(|b| b.main));
    game.press("Start game", |s| s.screen == "Carreno");

    // Carreno's board and panel: a move by two clicks, Undo, Hint, Rules, pause.
    let carreno_turn = |s: &Shown| s.screen == "Carreno" && s.fact("carreno person") == "true" && s.has("Undo");
    game.until("your move", |s| {
        s.screen == "Carreno" && s.fact("carreno person") == "true"
    });
    play_carreno_move(&mut game);
    game.until("your move again", carreno_turn);
    let moves = game.now().number("carreno moves");
    game.press("Undo", |s| s.number("carreno moves") < moves);
    game.until("your move", |s| s.fact("carreno person") == "true");
    game.press("Hint", |s| s.fact("carreno hint") == "true");
    game.press("Rules", |s| s.in_overlay("Rules"));
    game.press("Close", |s| s.screen == "Carreno" && s.no_overlay());
    game.press("Leave", |s| s.in_overlay("Pause"));
    game.press("Resume", |s| s.screen == "Carreno" && s.no_overlay());
    game.key_until("Escape", |s| s.in_overlay("Pause"));
    game.press("Settings", |s| s.in_overlay("Settings"));
    game.press("Done", |s| s.in_overlay("Pause"));
    game.press("How to play", |s| s.in_overlay("Rules"));
    game.press("Close", |s| s.in_overlay("Pause"));
    game.press("Resume", |s| s.screen == "Carreno" && s.no_overlay());

    // To the result, three times: Rematch, New game, Title.
    play_carreno_to_result(&mut game);
    game.press("Rematch", |s| s.screen == "Carreno");
    play_carreno_to_result(&mut game);
    game.press("New game", carreno_setup);
    game.press("Start game", |s| s.screen == "Carreno");
    game.key_until("Escape", |s| s.in_overlay("Pause"));
    game.press("Leave game", |s| s.screen != "Carreno");
    game.until("the title or the setup", |s| title(s) || carreno_setup(s));
    if game.now().screen == "CarrenoSetup" {
        game.press("Back", title);
    }
    game.press("Carreno's Entropy", carreno_setup);
    game.press("Start game", |s| s.screen == "Carreno");
    play_carreno_to_result(&mut game);
    game.press("Leave", title);

    // The simultaneous match's setup: every row, the level's options, Back.
    let sim_setup = |s: &Shown| s.screen == "SimultaneousSetup" && s.no_overlay();
    let sim_playing = |s: &Shown| s.screen == "Simultaneous" && s.no_overlay();
    game.press("Two boards at once", sim_setup);
    game.both_arrows_of_every_row(&[]);
    game.choose("Play against", "The computer");
    game.every_option_of("Level");
    game.press("Back", title);
    game.press("Two boards at once", sim_setup);
    game.press("Level: Beginner", |s| {
        s.button("Level: Beginner").is_some_and(|b| b.main)
    });
    game.choose("Board", "5 × 5");
    game.press("Start match", |s| sim_playing(s) && s.number("sim moves") == 0);

    // Both boards by the pointer, the panel's Leave and the pause menu, Continue.
    play_sim_to(&mut game, |s| s.number("sim moves") >= 6);
    game.press("Leave", |s| s.in_overlay("Pause"));
    game.press("Resume", sim_playing);
    game.key_until("Escape", |s| s.in_overlay("Pause"));
    game.press("Settings", |s| s.in_overlay("Settings"));
    game.press("Done", |s| s.in_overlay("Pause"));
    game.press("How to play", |s| s.in_overlay("Rules"));
    game.press("Close", |s| s.in_overlay("Pause"));
    let moves = game.now().number("sim moves");
    game.press("Leave match", title);
    game.press("Two boards at once", |s| {
        sim_setup(s) && s.has("Continue the match you left")
    });
    game.press("Continue the match you left", |s| {
        sim_playing(s) && s.number("sim moves") == moves
    });

    // To the result (the count skipped), four times: each of its choices.
    let over = |s: &Shown| s.screen == "SimultaneousOver" && s.has("Rematch");
    play_sim_to(&mut game, over);
    game.press("Rematch", |s| sim_playing(s) && s.number("sim moves") == 0);
    play_sim_to(&mut game, over);
    game.press("New match", sim_setup);
    game.press("Start match", |s| sim_playing(s) && s.number("sim moves") == 0);
    play_sim_to(&mut game, over);
    game.press("Title", title);
    game.press("Two boards at once", sim_setup);
    game.press("Start match", |s| sim_playing(s) && s.number("sim moves") == 0);
    play_sim_to(&mut game, over);

    // Review: the match in the replay, its review running; the replay's buttons.
    let replay = |s: &Shown| s.screen == "SimultaneousReplay";
    let step = |n: usize| move |s: &Shown| s.fact("sim replay").starts_with(&format!("{n} of"));
    game.press("Review", |s| replay(s) && s.fact("review") == "true");
    game.press("Next", step(1));
    game.press("Next", step(2));
    game.press("Back", step(1));
    game.press("End", |s| {
        let (at, of) = s.fact("sim replay").split_once(" of ").unwrap_or_default();
        !at.is_empty() && at == of
    });
    game.press("Start", step(0));
    game.press("Play", |s| s.has("Stop"));
    game.press("Stop", |s| s.has("Play"));
    game.press("move 2", step(1));
    game.press("History", |s| s.screen == "History");

    // From the history: its replay, a thorough review asked for there,
    // stopped and asked again; Quick; then the replay with review.
    let picked = |s: &Shown| s.has("Replay with review");
    game.press("match 1", picked);
    game.press("Replay", |s| replay(s) && s.fact("review") == "false");
    game.press("Thorough", |s| s.fact("review") == "true" && s.has("Stop review"));
    game.press("Stop review", |s| s.has("Review again"));
    game.press("Review again", |s| s.has("Stop review"));
    game.press("History", |s| s.screen == "History");
    game.press("match 1", picked);
    game.press("Replay", |s| replay(s) && s.fact("review") == "false");
    game.press("Quick", |s| s.fact("review") == "true");
    game.press("History", |s| s.screen == "History");
    game.press("match 1", picked);
    game.press("Replay with review", |s| replay(s) && s.fact("review") == "true");
    game.press("History", |s| s.screen == "History");
    game.press("Back", title);

    online_tour(&mut game);

    // Quit: the game ends, cleanly.
    let at = game.steady("the button \"Quit\"", &|s: &Shown| s.button("Quit").map(|b| b.at));
    game.click_at(at);
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = game.game.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "Quit did not end the game");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "Quit ends the game cleanly ({status})");
    drop(game);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Online, through a server of the test's and bots of the test's: Play
/// online; Host a server here; the sign-in form typed, and the on-screen
/// keyboard's keys; Sign in refused, then Register; the lobby's every row
/// both ways, Post seek and Withdraw seek, a challenge to a player who is
/// not there (the server's refusal said); a challenge declined and one
/// accepted, then aborted; a seek accepted by its button, the opponent's
/// takebacks refused on the card and allowed in the pause menu, the
/// person's own asked, Resign twice, the rematch accepted, resigned from
/// the pause menu, Review; a correspondence game left by the card's Lobby,
/// taken up from My games, left by the pause menu's Lobby, My games' Back;
/// a game between bots watched and left; Sign out, Back.
fn online_tour(game: &mut Game) {
    use entropy_client::bot::{Behaviour, play};
    use entropy_protocol::{Format, GameOptions, Speed};
    let mut server = server::TestServer::start("every-button-server");
    let bots = server::runtime();
    let address = server.address.clone();
    let bot = |name: &'static str, behaviour: Behaviour| {
        let address = address.clone();
        bots.spawn(async move {
            if let Err(why) = play(&address, name, behaviour, 3).await {
                eprintln!("the bot {name} stopped: {why}");
            }
        })
    };
    let casual = |speed| GameOptions {
        size: 5,
        format: Format::Match,
        speed,
        rated: false,
    };
    let live = Speed::Live { seconds: 600 };

    game.press("Play online", |s| s.screen == "SignIn");
    game.press("Host a server here", |s| {
        s.value("Hosting").contains("hosts a server") && s.value("Hosting heading") == "Hosting"
    });
    game.press("Stop hosting", |s| {
        s.value("Hosting").contains("Host one here") && s.value("Hosting heading") == "No server?"
    });
    type_into(game, "Server", &server.address);
    type_into(game, "Name", "Tourist");
    type_into(game, "Password", "tourist-password");
    // The on-screen keyboard, on the field focused: a key, the case, a
    // space, deleted again, Done.
    let hidden = "•".repeat("tourist-password".len());
    game.press("On-screen keyboard", |s| s.in_overlay("Keyboard"));
    game.press("x", |s| s.value("Typed").chars().count() == hidden.chars().count() + 1);
    game.press("Shift", |s| s.has("X"));
    game.press("Space", |s| {
        s.value("Typed").chars().count() == hidden.chars().count() + 2
    });
    game.press("Delete", |s| {
        s.value("Typed").chars().count() == hidden.chars().count() + 1
    });
    game.press("Delete", |s| s.value("Typed") == hidden);
    game.press("Done", |s| s.no_overlay() && s.value("Password") == hidden);
    game.press("Sign in", |s| {
        s.value("Problem").contains("knows no such name with that password")
    });
    game.press("Register", |s| s.screen == "Lobby");
    game.both_arrows_of_every_row(&[]);
    game.press("Post seek", |s| s.has("Withdraw seek"));
    game.press("Withdraw seek", |s| s.has("Post seek"));
    // The server gone: what needs it is greyed and says why, a click on it
    // does nothing (no seek is posted when the connection comes back), and
    // the lists say they are the last seen.
    server.kill();
    game.until("the connection lost", |s| {
        s.value("Connection").contains("connection was lost") && s.button("Post seek").is_some()
    });
    let down = game.now();
    assert!(
        down.enabled("Post seek").is_none(),
        "Post seek is greyed while the server is gone"
    );
    assert!(
        down.enabled("Challenge").is_none(),
        "Challenge is greyed while the server is gone"
    );
    assert!(down.value("Needs the server").contains("wait for the connection"));
    assert_eq!(down.value("Open seeks"), "Open seeks (as last seen)");
    let at = down.button("Post seek").unwrap().at;
    game.click_at(at);
    server.restart();
    game.until("the connection back", |s| s.enabled("Post seek").is_some());
    assert!(
        !game.now().has("Withdraw seek"),
        "the click while the server was gone posted nothing"
    );
    type_into(game, "Player", "Nobody");
    game.press("Challenge", |s| s.value("Connection").contains("there is no player"));

    // Challenges: one declined, one accepted and aborted at once.
    let challenge = Behaviour {
        challenge: Some(("Tourist".into(), casual(live))),
        ..Behaviour::default()
    };
    bot("Tour-Eve", challenge.clone());
    game.until("Tour-Eve's challenge", |s| s.has("Decline"));
    game.press("Decline", |s| !s.has("Decline"));
    bot("Tour-Fox", challenge);
    game.until("Tour-Fox's challenge", |s| s.has("Decline"));
    game.press("Accept", |s| s.screen == "Playing");
    game.press("Abort", |s| s.screen == "Lobby");

    // A seek taken by its button; takebacks; Resign; a rematch.
    bot(
        "Tour-Gil",
        Behaviour {
            seek: Some(casual(live)),
            games: 2,
            takebacks_after: vec![1, 2],
            allow_takebacks: true,
            rematch: true,
            ..Behaviour::default()
        },
    );
    game.click_until(
        "Tour-Gil's seek",
        |s| s.buttons.iter().find(|b| b.label.starts_with("Tour-Gil")).map(|b| b.at),
        |s| s.screen == "Playing",
    );
    play_until(game, "a takeback asked", |s| s.has("Refuse the takeback"));
    game.press("Refuse the takeback", |s| !s.has("Refuse the takeback"));
    play_until(game, "a second takeback asked", |s| s.has("Allow the takeback"));
    game.key_until("Escape", |s| s.in_overlay("Pause") && s.has("Allow the takeback"));
    // The bot moves again at once: the game's version says the answer was
    // heard, and its steps are no more than they were.
    let (steps, version) = (game.now().number("online steps"), game.now().number("online version"));
    game.press("Allow the takeback", |s| {
        s.no_overlay()
            && s.number("online version") > version
            && s.number("online steps") <= steps
            && !s.has("Allow the takeback")
    });
    play_until(game, "a move of the person's to take back", |s| {
        my_turn(s) && s.has("Ask to take back")
    });
    let steps = game.now().number("online steps");
    game.press("Ask to take back", |s| s.number("online steps") < steps);
    // A game is aborted, not resigned, until each side has a move in it
    // (one taken back counts too: Resign is offered at once here).
    play_until(game, "a game each side has moved in", |s| s.has("Resign"));
    game.press("Resign", |s| s.has("Resign: sure?"));
    game.press("Resign: sure?", |s| s.screen == "MatchOver");
    assert_eq!(game.now().value("Result"), "You lost", "a resignation says no score");
    let first = game.now().fact("online game").to_string();
    game.until("the rematch offered", |s| s.has("Accept rematch"));
    game.press("Accept rematch", |s| {
        s.screen == "Playing" && s.fact("online game") != first
    });
    // Then Resign from the pause menu.
    play_until(game, "a rematch each side has moved in", |s| s.has("Resign"));
    game.key_until("Escape", |s| s.in_overlay("Pause") && s.has("Resign"));
    game.press("Resign", |s| s.no_overlay());
    game.key_until("Escape", |s| s.in_overlay("Pause") && s.has("Resign: sure?"));
    game.press("Resign: sure?", |s| s.screen == "MatchOver");
    game.press("Review", |s| s.screen == "Replay");
    game.press("History", |s| s.screen == "History");
    game.press("Back", title);
    game.press("Play online", |s| s.screen == "Lobby");

    // A correspondence game: left, taken up from My games, left again.
    bot(
        "Tour-Hal",
        Behaviour {
            seek: Some(casual(Speed::Correspondence { days: 3 })),
            ..Behaviour::default()
        },
    );
    game.click_until(
        "Tour-Hal's seek",
        |s| s.buttons.iter().find(|b| b.label.starts_with("Tour-Hal")).map(|b| b.at),
        |s| s.screen == "Playing",
    );
    game.press("Lobby", |s| s.screen == "Lobby");
    game.press("My games", |s| s.screen == "MyGames");
    game.click_until(
        "the game against Tour-Hal",
        |s| s.buttons.iter().find(|b| b.label.starts_with("Tour-Hal")).map(|b| b.at),
        |s| s.screen == "Playing",
    );
    // The server gone in the game: the move made and the resignation (or
    // abort) asked for are said to wait for the connection, and are done
    // when it is back.
    game.until("the person's move", my_turn);
    server.kill();
    game.until("the connection lost in the game", |s| {
        s.value("Connection").contains("Connection lost")
    });
    let shown = game.now();
    let unsent = |s: &Shown, what: &str| {
        s.value("Connection")
            .contains(&format!("Not sent yet, going when the connection is back: {what}."))
    };
    if shown.fact("phase") == "Some(Placing)" {
        let cell = shown.fact("vacant").split(' ').next().unwrap_or_default().to_string();
        game.click_place(&cell, |s| unsent(s, "your move"));
    } else {
        game.press("Pass", |s| unsent(s, "your move"));
    }
    game.key_until("Escape", |s| s.in_overlay("Pause"));
    let ended = if game.now().has("Resign") {
        game.press("Resign", |s| s.no_overlay());
        game.key_until("Escape", |s| s.in_overlay("Pause") && s.has("Resign: sure?"));
        game.press("Resign: sure?", |s| {
            s.no_overlay() && unsent(s, "your move, your resignation")
        });
        "MatchOver"
    } else {
        game.press("Abort", |s| s.no_overlay() && unsent(s, "your move, your abort"));
        "Lobby"
    };
    server.restart();
    game.until("the game ended once the server is back", |s| s.screen == ended);
    if ended == "MatchOver" {
        game.press("Lobby", |s| s.screen == "Lobby");
    }
    game.press("My games", |s| s.screen == "MyGames");
    game.press("Back", |s| s.screen == "Lobby");

    // Two bots' game, watched from the lobby and left.
    let pace = Duration::from_millis(400);
    bot(
        "Tour-Ivy",
        Behaviour {
            seek: Some(casual(live)),
            pace,
            ..Behaviour::default()
        },
    );
    bot(
        "Tour-Jon",
        Behaviour {
            accept_from: Some("Tour-Ivy".into()),
            pace,
            ..Behaviour::default()
        },
    );
    game.click_until(
        "Tour-Ivy's game",
        |s| {
            s.buttons
                .iter()
                .find(|b| b.label.starts_with("Watch: Tour-Ivy"))
                .map(|b| b.at)
        },
        |s| s.screen == "Playing" && s.fact("online me") == "None",
    );
    game.press("Lobby", |s| s.screen == "Lobby");
    // The server gone for good: the lobby offers to host one here instead.
    server.kill();
    game.until("hosting offered in the lobby", |s| s.has("Host here instead"));
    game.press("Host here instead", |s| {
        s.screen == "SignIn" && s.value("Hosting heading") == "Hosting" && s.value("Hosting").contains("hosts a server")
    });
    game.press("Stop hosting", |s| s.value("Hosting heading") == "No server?");
    game.press("Back", title);
    drop(bots);
    drop(server);
}

/// The person's move in Carreno's game by two clicks: the piece, then where it goes.
fn play_carreno_move(game: &mut Game) {
    let shown = game.now();
    let moves = shown.number("carreno moves");
    let legal = shown.fact("carreno legal").to_string();
    let Some(first) = legal.split(' ').find(|m| m.contains('-')) else {
        game.press("Pass", |s| s.number("carreno moves") > moves);
        return;
    };
    let (from, to) = first.split_once('-').unwrap();
    let picked = format!("Some(\"{from}\")");
    game.click_place(from, |s| s.fact("carreno picked") == picked);
    game.click_place(to, |s| s.number("carreno moves") > moves);
}

/// Plays Carreno's game by pointer until its result.
fn play_carreno_to_result(game: &mut Game) {
    loop {
        let shown = game.until("your move or the result", |s| {
            s.screen == "CarrenoOver" || (s.screen == "Carreno" && s.fact("carreno person") == "true")
        });
        if shown.screen == "CarrenoOver" {
            game.until("the result's buttons", |s| s.has("Rematch"));
            return;
        }
        play_carreno_move(game);
    }
}

/// Plays the simultaneous match by the pointer until `until`: the
/// person's placement on the first empty cell of the board it is for, a
/// pass on their own; the count is skipped.
fn play_sim_to(game: &mut Game, until: impl Fn(&Shown) -> bool) -> Shown {
    loop {
        let shown = game.until("a move, the count or the end", |s| {
            until(s)
                || s.has("Skip")
                || (s.screen == "Simultaneous"
                    && s.fact("sim person").ends_with("Chaos")
                    && !s.fact("sim vacant").is_empty())
                || (s.screen == "Simultaneous" && s.fact("sim person").ends_with("Order") && s.has("Pass"))
        });
        if until(&shown) {
            return shown;
        }
        let moves = shown.number("sim moves");
        if shown.has("Skip") {
            game.press("Skip", |s| !s.has("Skip"));
        } else if shown.fact("sim person").ends_with("Chaos") {
            let board = shown.fact("sim person").split(' ').nth(1).unwrap().to_string();
            let cell = shown.fact("sim vacant").split(' ').next().unwrap().to_string();
            game.click_place(&format!("{board} {cell}"), |s| s.number("sim moves") > moves);
        } else {
            pass_while_offered(game, moves);
        }
    }
}

/// Clicks Pass while the person is waited for as Order. What the person is
/// waited for first can change before a click lands (the other board's
/// next draw arrives and its placement comes first): then the caller looks
/// again.
fn pass_while_offered(game: &mut Game, moves: usize) {
    let offered = |s: &Shown| {
        s.screen == "Simultaneous"
            && s.fact("sim person").ends_with("Order")
            && s.button("Pass").is_some_and(|b| b.enabled)
    };
    for attempt in 0..3 {
        let Some(shown) = game.within(Duration::from_secs(5), &offered) else {
            return;
        };
        let Some(at) = shown.button("Pass").map(|b| b.at) else {
            return;
        };
        eprintln!("click the button \"Pass\" at {at:?} (try {})", attempt + 1);
        game.click_at(at);
        let answered = |s: &Shown| s.number("sim moves") > moves || !offered(s);
        if game.within(Duration::from_secs(20), &answered).is_some() {
            return;
        }
    }
    game.fail_with("clicking the button \"Pass\" did nothing")
}
