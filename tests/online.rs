//! Online play in the game, headless, against a server the test starts in
//! its own process (SQLite in a scratch folder, a loopback port) and a bot
//! of the test's that plays random legal moves: the game signs in (and
//! registers), finds the bot's seek in the lobby and accepts it with the
//! keys, and plays the whole match on the table to the result, each side's
//! moves reaching the other through the server.

mod common;
#[path = "common/server.rs"]
mod server;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use common::*;
use entropy::online::OnlineScreen;
use entropy::online::lobby::Lobby;
use entropy::online::screens::sign_in::Password;
use entropy::online::session::{Link, ServerChoice, Session};
use entropy::solomon::game::CurrentMatch;
use entropy::solomon::online::OnlineMatch;
use entropy::ui::title::TitleMenu;
use entropy_client::{GameView, Incoming, Server};
use entropy_protocol::{ClientMessage, Credentials, Format, GameOptions, ServerMessage, Speed};
use entropy_rules::{OrderMove, Phase};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use server::TestServer;

/// How long anything here may take on a loaded machine: a test waits for
/// each thing to happen, and this bounds only a test that hangs.
const BOUND: Duration = Duration::from_secs(120);

/// A bot that registers as `name`, posts a seek with `options` and plays
/// random legal moves in the game that starts, until it ends; returns the
/// game's result.
async fn bot(address: String, name: &str, options: GameOptions, seed: u64) -> String {
    let server = Server::new(&address).unwrap();
    let credentials = Credentials {
        name: name.into(),
        password: "robot-password".into(),
        bot: true,
    };
    let signed = server.register(&credentials).await.unwrap();
    let mut connection = server.connect(Some(signed.token)).await.unwrap();
    connection.send(ClientMessage::Seek { options }).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut view: Option<GameView> = None;
    loop {
        let said = tokio::time::timeout(BOUND, connection.recv()).await.unwrap().unwrap();
        let Incoming::Message(message) = said else { continue };
        match message {
            // Told again after a reconnection: the connection watches it
            // again by itself from where it was.
            ServerMessage::GameStarted { game } if view.as_ref().is_some_and(|v| v.id() == game) => {}
            ServerMessage::GameStarted { game } => {
                connection
                    .send(ClientMessage::Watch {
                        game: game.clone(),
                        since: 0,
                    })
                    .unwrap();
                view = Some(GameView::new(game));
            }
            ServerMessage::Event {
                version, event, clocks, ..
            } => {
                let view = view.as_mut().unwrap();
                view.apply_with_clocks(version, event, clocks).unwrap();
                if let Some(end) = view.end() {
                    return end.result.clone();
                }
                let me = view.player_named(name).unwrap();
                for owed in view.owed(me) {
                    let position = owed.position;
                    let action = match position.phase() {
                        Phase::ChaosPlace(_) => {
                            let cells = position.placements();
                            cells.nth(rng.random_range(0..cells.len())).unwrap().to_string()
                        }
                        _ => {
                            let mut moves = entropy_rules::MoveList::new();
                            position.order_moves(&mut moves);
                            let mv: OrderMove = moves[rng.random_range(0..moves.len())];
                            mv.notation(position.last_placed().unwrap())
                        }
                    };
                    connection
                        .send(ClientMessage::Play {
                            game: view.id().to_string(),
                            version: view.version(),
                            action,
                        })
                        .unwrap();
                }
            }
            _ => {}
        }
    }
}

/// Runs frames until `done` holds, a few milliseconds of real time apart:
/// what the game waits for comes over the network, in real time. Fails
/// after [`BOUND`].
fn wait_on_network(app: &mut App, what: &str, mut done: impl FnMut(&mut App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < BOUND, "never: {what}");
        app.update();
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Chooses the title's entry `label` with the keys.
fn choose_on_title(app: &mut App, label: &str) {
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

#[test]
fn the_game_registers_accepts_a_bots_seek_and_plays_the_match_to_its_result() {
    register_accept_and_play("online", false);
}

#[test]
fn a_server_killed_mid_match_and_started_again_loses_nothing_of_the_match() {
    register_accept_and_play("online-killed", true);
}

/// The game registers, accepts a bot's seek and plays the match to its
/// result; with `kill`, the server is killed mid-match (as SIGKILL would)
/// and started again: the game says the connection is lost, connects
/// again by itself, and the match ends as if nothing had happened, every
/// move played once.
fn register_accept_and_play(name: &str, kill: bool) {
    let mut server = TestServer::start(&format!("{name}-server"));
    let options = GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 600 },
        rated: true,
    };
    // The bots' runtime, apart from the server's (which may be killed).
    let bots = server::runtime();
    let bot = bots.spawn(bot(server.address.clone(), "Robot", options, 7));
    let dir = scratch(&format!("{name}-game"));
    let mut app = core_app(entropy::Folders::in_dir(&dir));
    *app.world_mut().resource_mut::<ServerChoice>() = ServerChoice {
        address: server.address.clone(),
        name: "Ann".into(),
        token: None,
    };
    app.world_mut().resource_mut::<Password>().0 = "ann-password".into();

    choose_on_title(&mut app, "Play online");
    wait_for(&mut app, OnlineScreen::SignIn);
    // The focus opens on Sign in (every field is filled); Register is next.
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::Enter);
    wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
    assert_eq!(app.world().resource::<Session>().name(), Some("Ann"));
    assert!(
        app.world().resource::<ServerChoice>().token.is_some(),
        "the session is remembered"
    );

    wait_on_network(&mut app, "the bot's seek", |app| {
        app.world().resource::<Lobby>().open_seeks(Some("Ann")).count() == 1
    });
    // From Post seek down past the challenge to the seek: accept it.
    for _ in 0..3 {
        key(&mut app, KeyCode::ArrowDown);
    }
    key(&mut app, KeyCode::Enter);
    wait_on_network(&mut app, "the game on the table", |app| {
        screen(app) == SolomonScreen::Playing && app.world().get_resource::<OnlineMatch>().is_some()
    });
    let online = app.world().resource::<OnlineMatch>().clone();
    assert_eq!(online.names[online.me.index()], "Ann");
    assert_eq!(online.names[online.opponent().index()], "Robot");

    let mut rng = SmallRng::seed_from_u64(11);
    let mut moves = 0;
    let mut killed = !kill;
    wait_on_network(&mut app, "the match's end", |app| {
        if !killed && moves == 10 {
            killed = true;
            server.kill();
            let at = Instant::now();
            wait_on_network(app, "the connection said lost", |app| {
                matches!(app.world().resource::<Session>().link, Link::Lost { .. })
            });
            eprintln!("the loss was said {:?} after the kill", at.elapsed());
            server.restart();
            wait_on_network(app, "the connection back", |app| {
                app.world().resource::<Session>().link == Link::Online
            });
            eprintln!("back {:?} after the kill", at.elapsed());
        }
        match screen(app) {
            Shown::Solomon(SolomonScreen::MatchOver) => return true,
            Shown::Solomon(SolomonScreen::Playing) if !is_animating(app) => {
                let game = app.world().resource::<CurrentMatch>();
                if game.person_to_move()
                    && let Some(intent) = random_intent(app, &mut rng)
                {
                    send(app, intent);
                    moves += 1;
                }
            }
            _ => {}
        }
        false
    });
    assert!(moves > 20, "the person played {moves} moves");
    let result = bots.block_on(bot).unwrap();
    let game = app.world().resource::<CurrentMatch>();
    assert!(game.game.is_over());
    let totals = game.game.totals();
    let expected = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => "1-0",
        std::cmp::Ordering::Less => "0-1",
        std::cmp::Ordering::Equal => "1/2-1/2",
    };
    assert_eq!(result, expected, "the server's result is the table's");

    // The finished game is kept in the history as the server's archive has
    // it, its draws checked against the seed revealed at the end.
    wait_on_network(&mut app, "the game kept", |app| {
        app.world().resource::<OnlineMatch>().kept.is_some()
    });
    assert_eq!(app.world().resource::<OnlineMatch>().kept, Some(Ok(())));
    let history = app.world().resource::<entropy::history::History>();
    assert_eq!(history.entries.len(), 1);
    let file = history.entries[0].file.as_ref().unwrap();
    assert!(entropy_protocol::fairness::verify(file).is_ok());
    let players = &file.tags().players;
    let me = online.me.index();
    assert_eq!(players[me].kind, "person");
    assert_eq!(players[1 - me].kind, "online bot");
    assert_eq!(players[1 - me].name, "Robot");
}

/// Presses Enter on the sign-in screen's row `row`, from wherever the focus is.
fn press_sign_in_row(app: &mut App, row: entropy::online::screens::sign_in::Row) {
    use entropy::online::screens::sign_in::ROWS;
    let want = ROWS.iter().position(|r| *r == row).unwrap();
    let focus = app.world().resource::<entropy::ui::navigation::Focus>().index;
    let key_code = if focus > want {
        KeyCode::ArrowUp
    } else {
        KeyCode::ArrowDown
    };
    for _ in 0..focus.abs_diff(want) {
        key(app, key_code);
    }
    key(app, KeyCode::Enter);
}

#[test]
fn a_server_hosted_in_the_game_keeps_its_accounts_when_the_game_is_closed_and_hosts_it_again() {
    use entropy::online::screens::sign_in::Row;
    use entropy::online::session::Hosting;
    let dir = scratch("online-host");
    let hosted_port = |app: &App| match &app.world().resource::<Session>().hosting {
        Hosting::On { port, .. } => Some(*port),
        _ => None,
    };
    for launch in 0..2 {
        let mut app = core_app(entropy::Folders::in_dir(&dir));
        choose_on_title(&mut app, "Play online");
        wait_for(&mut app, OnlineScreen::SignIn);
        if launch == 1 {
            // Signed in at the last launch: the game tries the session
            // kept, and the server is not there until it is hosted again.
            wait_on_network(&mut app, "the session refused", |app| {
                app.world().resource::<Session>().problem.is_some()
            });
        }
        press_sign_in_row(&mut app, Row::Host);
        wait_on_network(&mut app, "the server hosted", |app| hosted_port(app).is_some());
        let port = hosted_port(&app).unwrap();
        let choice = app.world().resource::<ServerChoice>().clone();
        assert_eq!(
            choice.address,
            format!("127.0.0.1:{port}"),
            "the address is this computer's"
        );
        assert!(
            dir.join("data").join("server.db").exists(),
            "the server's database is in the game's data folder"
        );
        if launch == 0 {
            app.world_mut().resource_mut::<ServerChoice>().name = "Host".into();
        }
        app.world_mut().resource_mut::<Password>().0 = "host-password".into();
        // The first time Register; the second, the account is still there: Sign in.
        press_sign_in_row(&mut app, if launch == 0 { Row::Register } else { Row::SignIn });
        wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
        assert_eq!(app.world().resource::<Session>().name(), Some("Host"));
        // Closing the game stops the server it hosts.
        drop(app);
        assert!(
            std::net::TcpStream::connect(("127.0.0.1", port)).is_err(),
            "the server stopped with the game"
        );
    }
}
