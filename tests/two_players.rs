//! Two people on two computers: two release games, each on an X server of
//! its own, play each other through one server by real pointer clicks
//! alone (xdotool), from signing up to the result. Ann posts a seek for a
//! 5×5 match in the lobby, Bob clicks it, and each plays their turns as
//! they come: Chaos clicks an empty cell, Order clicks Pass, a count is
//! skipped. Both games end on the same result, the server's.

mod common;
#[path = "common/server.rs"]
mod server;

use std::time::{Duration, Instant};

use common::clicks::{Driven, play_a_turn, type_into};
use common::probe::Probe;
use common::xserver::{RealGame, on_path};

/// Play online, the form typed, Register: the lobby.
fn sign_up(game: &mut RealGame, address: &str, name: &str) {
    game.press("Play online", |s| s.screen == "SignIn");
    type_into(game, "Server", address);
    type_into(game, "Name", name);
    type_into(game, "Password", &format!("{}-password", name.to_lowercase()));
    game.press("Register", |s| s.screen == "Lobby");
}

#[test]
fn two_games_on_two_screens_play_each_other_by_pointer_to_the_result() {
    if !on_path("Xvfb") || !on_path("xdotool") {
        panic!("Xvfb and xdotool are missing: the README's test command installs them");
    }
    let server = server::TestServer::start("two-players-server");
    let dirs = [common::scratch("two-players-ann"), common::scratch("two-players-bob")];
    let mut ann = RealGame::launch(&dirs[0]);
    let mut bob = RealGame::launch(&dirs[1]);
    sign_up(&mut ann, &server.address, "Ann");
    sign_up(&mut bob, &server.address, "Bob");

    // Ann offers a 5×5 match; Bob takes it from the lobby's open seeks.
    ann.choose("Board", "5 × 5");
    ann.press("Post seek", |s| s.has("Withdraw seek"));
    let seek = |s: &Probe| {
        s.buttons
            .iter()
            .find(|b| b.label.starts_with("Ann") && b.label.contains("5×5"))
            .map(|b| b.at)
    };
    bob.click_until("Ann's seek", seek, |s| s.screen == "Playing");
    let on_table = |s: &Probe| s.screen == "Playing" && !s.fact("online game").is_empty();
    let game = ann
        .until("the match on Ann's table", on_table)
        .fact("online game")
        .to_string();
    assert_eq!(
        bob.until("the match on Bob's table", on_table).fact("online game"),
        game
    );

    let deadline = Instant::now() + Duration::from_secs(1200);
    let mut over = [false; 2];
    while over != [true; 2] {
        assert!(
            Instant::now() < deadline,
            "the match never ended:\n{}\n{}",
            ann.now().text,
            bob.now().text
        );
        over[0] = over[0] || play_a_turn(&mut ann);
        over[1] = over[1] || play_a_turn(&mut bob);
        std::thread::sleep(Duration::from_millis(30));
    }
    let result = |game: &mut RealGame| {
        game.until("the server's result", |s| !s.fact("online result").is_empty())
            .fact("online result")
            .to_string()
    };
    let (a, b) = (result(&mut ann), result(&mut bob));
    assert_eq!(a, b, "both games end on the server's result");
    assert!(["1-0", "0-1", "1/2-1/2"].contains(&a.as_str()), "{a}");
    for game in [&mut ann, &mut bob] {
        game.until("the result's choices", |s| {
            s.has("Rematch") && s.has("Review") && s.has("Lobby")
        });
    }
    // One result, said in one form on both screens: "You won 33–29" on
    // one, "You lost 29–33" on the other (or the same draw on both).
    let (said_ann, said_bob) = (
        ann.now().value("Result").to_string(),
        bob.now().value("Result").to_string(),
    );
    let score = |said: &str| -> Option<(u32, u32)> {
        let (mine, theirs) = said.rsplit(' ').next()?.split_once('–')?;
        Some((mine.parse().ok()?, theirs.parse().ok()?))
    };
    match a.as_str() {
        "1/2-1/2" => assert_eq!(said_ann, said_bob, "a draw reads the same"),
        _ => {
            let (winner, loser) = if said_ann.starts_with("You won") {
                (&said_ann, &said_bob)
            } else {
                (&said_bob, &said_ann)
            };
            assert!(winner.starts_with("You won "), "{winner}");
            assert!(loser.starts_with("You lost "), "{loser}");
            let (w, l) = (score(winner).unwrap(), score(loser).unwrap());
            assert_eq!((w.0, w.1), (l.1, l.0), "{winner} / {loser}");
            assert!(w.0 > w.1, "{winner}");
        }
    }
}
