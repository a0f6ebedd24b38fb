//! Online play when things go wrong, headless: the server's process
//! killed with SIGKILL mid-match and started again, with a move made while
//! it is down; a correspondence game taken up after the game was closed
//! and the server killed; a server that answers badly; a server hosted in
//! the game, closed with it and hosted again.

#[path = "common/bot.rs"]
mod bots;
mod common;
#[path = "common/online.rs"]
mod online;
#[path = "common/server.rs"]
mod server;

use std::time::Instant;

use bevy::prelude::*;
use bots::{Behaviour, bot};
use common::*;
use entropy::online::OnlineScreen;
use entropy::online::games::OnlineGames;
use entropy::online::screens::sign_in::Password;
use entropy::online::session::{Link, ServerChoice, Session};
use entropy::online::table::OnTable;
use entropy::solomon::game::CurrentMatch;
use entropy::ui::title::TitleMenu;
use entropy_protocol::{Format, Speed};
use online::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use server::ServerProcess;

/// Run by the tests here in a process of its own: the server they kill.
#[test]
fn server_process_helper() {
    server::serve_in_this_process();
}

/// The game registers, accepts a bot's seek and plays the match to its
/// result; the server's process is killed with SIGKILL mid-match, at the
/// person's turn, and the person moves while it is down: the game says the
/// connection is lost, connects again by itself once the server is back,
/// sends the move, and the match ends as if nothing had happened, every
/// move played once.
#[test]
fn a_server_killed_with_sigkill_mid_match_and_started_again_loses_nothing() {
    let mut server = ServerProcess::start("online-killed-server");
    let options = five_by_five(Format::Match, TEN_MINUTES, true);
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 1,
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Robot", behaviour, 7));
    let dir = scratch("online-killed-game");
    let mut app = game_at(&dir, &server.address, "Ann");
    sign_up_and_accept(&mut app);

    let mut rng = SmallRng::seed_from_u64(11);
    let mut moves = 0;
    let mut killed = false;
    wait_on_network(&mut app, "the match's end", |app| {
        let to_move = screen(app) == SolomonScreen::Playing
            && !is_animating(app)
            && app.world().resource::<CurrentMatch>().person_to_move();
        if !killed && moves >= 10 && to_move {
            killed = true;
            server.kill();
            let at = Instant::now();
            wait_on_network(app, "the connection said lost", |app| {
                matches!(app.world().resource::<Session>().link, Link::Lost { .. })
            });
            eprintln!("the loss was said {:?} after the kill", at.elapsed());
            // While the connection is down the clocks shown wait for the
            // server: none runs on here, to jump when it comes back.
            app.update();
            let clock = app
                .world()
                .resource::<entropy::solomon::match_clock::MatchClock>()
                .clone();
            assert!(!clock.running, "no clock runs while the server is gone");
            // A move while the connection is down: played on the table,
            // marked as not yet sent, and sent once the server is back.
            let intent = random_intent(app, &mut rng).unwrap();
            send(app, intent);
            app.update();
            app.update();
            assert!(
                app.world().resource::<OnTable>().pending,
                "the move made while the server is gone is marked as not yet sent"
            );
            moves += 1;
            server.restart();
            wait_on_network(app, "the connection back", |app| {
                app.world().resource::<Session>().link == Link::Online
            });
            wait_on_network(app, "the move taken by the server", |app| {
                !app.world().resource::<OnTable>().pending
            });
            eprintln!("back {:?} after the kill", at.elapsed());
        }
        moves += usize::from(person_moves(app, &mut rng));
        result_shown(app)
    });
    assert!(killed && moves > 20, "the person played {moves} moves");
    let played = bots.block_on(robot).unwrap();
    assert_eq!(
        played[0].result,
        result_of(totals_on_the_table(&app)),
        "the server's result is the table's"
    );
    kept_in_the_history(&mut app, "Robot");
    // Every move once: the server's match file is the table's match.
    let history = app.world().resource::<entropy::history::History>();
    let Ok(entropy_rules::AnyMatchFile::Rounds(file)) = history.entries.last().unwrap().file.clone() else {
        panic!("a match of two rounds")
    };
    let table = app.world().resource::<CurrentMatch>();
    for (i, round) in table.game.rounds().iter().enumerate() {
        let served: Vec<_> = file.record.rounds[i].iter().map(|t| (t.placement, t.reply)).collect();
        let here: Vec<_> = round.turns().iter().map(|t| (t.placement, t.reply)).collect();
        assert_eq!(served, here, "round {}: the same moves, each once", i + 1);
    }
}

/// A correspondence game: the game accepts a bot's seek, plays some moves
/// and is closed; the server is killed with SIGKILL and started again;
/// the game started again signs in by itself and its title says a move
/// is waited for; the lobby does not open the game by itself, My games
/// lists it first, and Enter takes it up: it is played to its end.
#[test]
fn a_correspondence_game_is_taken_up_after_the_game_is_closed_and_the_server_killed() {
    let mut server = ServerProcess::start("online-corr-server");
    let options = five_by_five(Format::Match, Speed::Correspondence { days: 1 }, false);
    let bots = server::runtime();
    let behaviour = Behaviour {
        seek: Some(options),
        games: 1,
        ..Behaviour::default()
    };
    let robot = bots.spawn(bot(server.address.clone(), "Slow", behaviour, 8));
    let dir = scratch("online-corr-game");
    let mut rng = SmallRng::seed_from_u64(6);
    let game_id = {
        let mut app = game_at(&dir, &server.address, "Ann");
        sign_up_and_accept(&mut app);
        let mut moves = 0;
        wait_on_network(&mut app, "a few moves, and the person's turn", |app| {
            let waits = screen(app) == SolomonScreen::Playing
                && !is_animating(app)
                && app.world().resource::<CurrentMatch>().person_to_move();
            if moves >= 6 && waits {
                return true;
            }
            moves += usize::from(person_moves(app, &mut rng));
            false
        });
        let id = app.world().resource::<OnTable>().game.clone();
        // Closing the game: its session is kept.
        id
    };
    server.kill();
    server.restart();

    let mut app = core_app(entropy::Folders::in_dir(&dir));
    let badge = |app: &App| {
        app.world()
            .resource::<TitleMenu>()
            .shown()
            .iter()
            .find(|e| e.label == "Play online")
            .and_then(|e| e.badge.clone())
    };
    wait_on_network(&mut app, "the title's word of a move waited for", |app| {
        badge(app).as_deref() == Some("Your move in 1 game")
    });
    choose_on_title(&mut app, "Play online");
    wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(
        screen(&app),
        OnlineScreen::Lobby,
        "a correspondence game waits in My games"
    );
    press_lobby_row(&mut app, entropy::online::screens::lobby::Row::MyGames);
    wait_for(&mut app, OnlineScreen::Games);
    let rows = entropy::online::screens::my_games::rows(app.world().resource::<OnlineGames>(), Some("Ann"));
    assert!(matches!(&rows[0], entropy::online::screens::my_games::Row::Game(g) if g.game == game_id && g.waiting));
    key(&mut app, KeyCode::Enter);
    wait_on_network(&mut app, "the game taken up", |app| {
        screen(app) == SolomonScreen::Playing
            && app.world().get_resource::<OnTable>().is_some_and(|t| t.game == game_id)
    });
    play_to_the_end(&mut app, &mut rng);
    let played = bots.block_on(robot).unwrap();
    assert_eq!(played[0].result, result_of(totals_on_the_table(&app)));
    kept_in_the_history(&mut app, "Slow");
}

/// A stand-in server that answers badly, on a loopback port: each
/// connection gets what `answer` says, in turn.
mod stand_in {
    use futures_util::{SinkExt, StreamExt};
    use tokio::net::TcpListener;
    use tokio_tungstenite::tungstenite::Message;

    /// What the stand-in answers a connection's Hello with.
    #[derive(Clone, Copy, Debug)]
    pub enum Answer {
        /// Text that is not JSON.
        Garbage,
        /// A Welcome in another protocol.
        OtherProtocol,
        /// A Welcome, then text that is not a message, then half a frame
        /// and the socket closed.
        WelcomeThenBreak,
        /// A Welcome, and nothing more.
        Welcome,
        /// A Welcome, then silence: nothing read is answered, not even a
        /// ping, and the socket stays open (a network that carries nothing).
        Silent,
        /// A Welcome, a game of the player's, and each time it is watched
        /// an event that cannot be: a move before any draw.
        BadGame,
    }

    /// How many times the game of [`Answer::BadGame`] was watched.
    pub static WATCHED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    /// Ann's game, begun, then a move of hers before any counter is drawn.
    fn bad_game() -> Vec<entropy_protocol::ServerMessage> {
        use entropy_protocol::{Format, GameEvent, GameOptions, Seat, ServerMessage, Speed};
        let seat = |name: &str| Seat {
            name: name.into(),
            bot: false,
            rating: None,
        };
        let event = |version, event| ServerMessage::Event {
            game: "g1".into(),
            version,
            event,
            clocks: None,
        };
        let options = GameOptions {
            size: 5,
            format: Format::Match,
            speed: Speed::Correspondence { days: 3 },
            rated: false,
        };
        vec![
            event(
                1,
                GameEvent::Started {
                    players: [seat("Ann"), seat("Bob")],
                    options,
                    first_order: 1,
                    seed_hash: "00".into(),
                    rematch_of: None,
                },
            ),
            event(
                2,
                GameEvent::Moved {
                    board: 0,
                    player: 0,
                    action: "Aa".into(),
                    left_ms: None,
                    forced: false,
                },
            ),
        ]
    }

    /// Serves `answers` to the connections as they come, in a task of `runtime`.
    pub fn serve(runtime: &tokio::runtime::Runtime, answers: Vec<Answer>) -> String {
        let listener = runtime.block_on(TcpListener::bind("127.0.0.1:0")).unwrap();
        let address = listener.local_addr().unwrap().to_string();
        runtime.spawn(async move {
            for answer in answers {
                // A connection that is no WebSocket (the HTTP API asked for
                // the archive) answers nothing and takes no answer's turn.
                let mut ws = loop {
                    let Ok((tcp, _)) = listener.accept().await else { return };
                    if let Ok(ws) = tokio_tungstenite::accept_async(tcp).await {
                        break ws;
                    }
                };
                let _hello = ws.next().await;
                let welcome = entropy_protocol::encode(&entropy_protocol::ServerMessage::Welcome {
                    protocol: entropy_protocol::PROTOCOL_VERSION,
                    account: Some(entropy_protocol::Account {
                        name: "Ann".into(),
                        bot: false,
                    }),
                });
                match answer {
                    Answer::Garbage => {
                        let _ = ws.send(Message::text("<html>not a server of the game</html>")).await;
                    }
                    Answer::OtherProtocol => {
                        let other = welcome.replace(
                            &format!("\"protocol\":{}", entropy_protocol::PROTOCOL_VERSION),
                            "\"protocol\":99",
                        );
                        let _ = ws.send(Message::text(other)).await;
                    }
                    Answer::WelcomeThenBreak => {
                        let _ = ws.send(Message::text(welcome)).await;
                        let _ = ws.send(Message::text("{\"type\":\"no_such_message\"}")).await;
                        let _ = ws.flush().await;
                        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
                        // A text frame's head that promises 300 bytes, two of them, and the end.
                        let _ = ws.get_mut().try_write(&[0x81, 0x7e, 0x01, 0x2c, b'{', b'"']);
                        drop(ws);
                        continue;
                    }
                    Answer::Welcome => {
                        let _ = ws.send(Message::text(welcome)).await;
                    }
                    Answer::Silent => {
                        let _ = ws.send(Message::text(welcome)).await;
                        while let Some(Ok(_)) = ws.next().await {}
                        continue;
                    }
                    Answer::BadGame => {
                        let _ = ws.send(Message::text(welcome)).await;
                        let started = entropy_protocol::ServerMessage::GameStarted { game: "g1".into() };
                        let _ = ws.send(Message::text(entropy_protocol::encode(&started))).await;
                        while let Some(Ok(frame)) = ws.next().await {
                            let Message::Text(text) = frame else { continue };
                            match entropy_protocol::decode_client(&text) {
                                Ok(entropy_protocol::ClientMessage::Watch { .. }) => {}
                                Ok(entropy_protocol::ClientMessage::Ping) => {
                                    let pong = entropy_protocol::encode(&entropy_protocol::ServerMessage::Pong);
                                    let _ = ws.send(Message::text(pong)).await;
                                    continue;
                                }
                                _ => continue,
                            }
                            WATCHED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                            for event in bad_game() {
                                let _ = ws.send(Message::text(entropy_protocol::encode(&event))).await;
                            }
                        }
                        continue;
                    }
                }
                // Kept open until the client goes.
                while let Some(Ok(_)) = ws.next().await {}
            }
        });
        address
    }
}

/// A server that answers badly: something that is not a message, a
/// protocol of another version, a message of no known kind, a socket
/// closed in the middle of a frame. The player is told each time, in
/// words; the game never panics, and comes back when the server answers
/// well again.
#[test]
fn bad_answers_from_a_server_are_said_and_never_panic() {
    use stand_in::Answer;
    let runtime = server::runtime();
    // Each game on files of its own: a session kept by one is not the next one's.
    let fresh = || {
        let dir = scratch("online-bad");
        let mut app = core_app(entropy::Folders::in_dir(&dir));
        // The folder goes with the app.
        app.insert_resource(dir);
        app
    };
    let kept_session = |app: &mut App, address: &str| {
        *app.world_mut().resource_mut::<ServerChoice>() = ServerChoice {
            address: address.to_string(),
            name: "Ann".into(),
            token: Some("a-token".into()),
        };
    };
    let problem = |app: &App| app.world().resource::<Session>().problem.clone();
    for (answer, said) in [
        (Answer::Garbage, "not what the protocol says"),
        (Answer::OtherProtocol, "protocol 99"),
    ] {
        let address = stand_in::serve(&runtime, vec![answer]);
        let mut app = fresh();
        kept_session(&mut app, &address);
        choose_on_title(&mut app, "Play online");
        wait_on_network(&mut app, "the problem said", |app| problem(app).is_some());
        let words = problem(&app).unwrap();
        assert!(words.contains(said), "{answer:?}: {words}");
        assert_eq!(screen(&app), OnlineScreen::SignIn);
    }
    // Welcomed, then a message of no known kind, then a socket closed
    // mid-frame: said, and the game connects again by itself.
    let address = stand_in::serve(&runtime, vec![Answer::WelcomeThenBreak, Answer::Welcome]);
    let mut app = fresh();
    kept_session(&mut app, &address);
    choose_on_title(&mut app, "Play online");
    wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
    wait_on_network(&mut app, "the unreadable message said", |app| {
        app.world()
            .resource::<Session>()
            .notice
            .as_ref()
            .is_some_and(|(words, _)| words.contains("unreadable"))
    });
    wait_on_network(&mut app, "the loss said", |app| {
        matches!(app.world().resource::<Session>().link, Link::Lost { .. })
    });
    wait_on_network(&mut app, "connected again", |app| {
        app.world().resource::<Session>().link == Link::Online
    });
    drop(app);
    // A server gone quiet, its socket open: the loss is said all the same.
    let address = stand_in::serve(&runtime, vec![Answer::Silent, Answer::Silent]);
    let mut app = fresh();
    kept_session(&mut app, &address);
    choose_on_title(&mut app, "Play online");
    wait_on_network(&mut app, "the lobby", |app| screen(app) == OnlineScreen::Lobby);
    let quiet = Instant::now();
    wait_on_network(&mut app, "the silence said a loss", |app| {
        matches!(app.world().resource::<Session>().link, Link::Lost { .. })
    });
    eprintln!("a silent server was said lost {:?} after its Welcome", quiet.elapsed());
    drop(app);
    // A game whose events cannot be: watched again once, then given up, said.
    let address = stand_in::serve(&runtime, vec![Answer::BadGame]);
    let mut app = fresh();
    kept_session(&mut app, &address);
    choose_on_title(&mut app, "Play online");
    wait_on_network(&mut app, "the game given up, said", |app| {
        app.world()
            .resource::<Session>()
            .notice
            .as_ref()
            .is_some_and(|(words, _)| words.contains("cannot be read"))
    });
    for _ in 0..50 {
        app.update();
    }
    assert_eq!(
        stand_in::WATCHED.load(std::sync::atomic::Ordering::SeqCst),
        2,
        "watched again once, then given up"
    );
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
