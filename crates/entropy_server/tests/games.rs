//! Whole games through the server: a seek accepted, a match played by two
//! WebSocket clients and followed by a spectator, a reconnection with
//! `since`, a move sent twice, moves out of turn, in another game and by a
//! spectator; the archive and the ratings after it; the clock's flag, the
//! sweeper and a restart on the test's own clock.

mod common;

use std::time::Duration;

use common::play::{Follow, Next};
use common::{Client, TestServer};
use entropy_protocol::{ClientMessage, Format, GameEvent, GameOptions, GameSummary, Rating, ServerMessage, Speed};

fn options(speed: Speed, rated: bool) -> GameOptions {
    GameOptions {
        size: 5,
        format: Format::Match,
        speed,
        rated,
    }
}

/// `a` seeks, `b` accepts: the game's id, once both were told it started.
async fn start_game(a: &mut Client, b: &mut Client, options: GameOptions) -> String {
    a.send(&ClientMessage::Seek { options }).await;
    let seek = match a.expect(|m| matches!(m, ServerMessage::SeekPosted { .. })).await {
        ServerMessage::SeekPosted { seek } => seek,
        _ => unreachable!(),
    };
    b.send(&ClientMessage::Accept { seek: seek.id.clone() }).await;
    let game = match b.expect(|m| matches!(m, ServerMessage::GameStarted { .. })).await {
        ServerMessage::GameStarted { game } => game,
        _ => unreachable!(),
    };
    let told = a.expect(|m| matches!(m, ServerMessage::GameStarted { .. })).await;
    assert_eq!(told, ServerMessage::GameStarted { game: game.clone() });
    game
}

/// The game as a client saw it: `base` (what it saw on an earlier
/// connection), then every event it has read, whatever it waited for.
fn seen_by(client: &Client, game: &str, base: &[(u64, GameEvent)]) -> Follow {
    let mut follow = Follow::from_earlier(base);
    for message in &client.seen {
        follow.take(message, game);
    }
    follow
}

/// Reads a client's messages until it has seen `game` up to `version`.
async fn catch_up(client: &mut Client, follow: &mut Follow, game: &str, version: u64) {
    let base: Vec<_> = follow.events[..follow.base].to_vec();
    loop {
        *follow = seen_by(client, game, &base);
        if follow.version() >= version {
            return;
        }
        client.next().await;
    }
}

/// Reads until the simple player has a move to make (or the game is over).
async fn until_next(client: &mut Client, follow: &mut Follow, game: &str) -> Next {
    loop {
        let version = follow.version();
        match follow.next() {
            Next::Wait => catch_up(client, follow, game, version + 1).await,
            next => return next,
        }
    }
}

fn refused(message: &ServerMessage) -> Option<&str> {
    match message {
        ServerMessage::Refused { reason, .. } => Some(reason),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_with_a_spectator_a_reconnection_and_every_wrong_move() {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    let bob = server.register("Bob").await;
    let carl = server.register("Carl").await;
    let dan = server.register("Dan").await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let mut spectator = server.hello(Some(&carl.token)).await;
    let mut anonymous = server.hello(None).await;
    let mut d = server.hello(Some(&dan.token)).await;

    spectator.send(&ClientMessage::WatchLobby).await;
    spectator.expect(|m| matches!(m, ServerMessage::Lobby { .. })).await;
    let game = start_game(&mut a, &mut b, options(Speed::Live { seconds: 600 }, true)).await;
    // The lobby lists the game.
    let lobby = spectator
        .expect(|m| matches!(m, ServerMessage::Lobby { games, .. } if games.iter().any(|g| g.id == game)))
        .await;
    let ServerMessage::Lobby { online, .. } = lobby else {
        unreachable!()
    };
    assert!(
        online.iter().any(|a| a.name == "Ann") && online.iter().any(|a| a.name == "Bob"),
        "{online:?}"
    );
    // Another game, Carl against Dan.
    let other = start_game(
        &mut spectator,
        &mut d,
        options(Speed::Correspondence { days: 3 }, false),
    )
    .await;

    let mut fa = Follow::default();
    // Where Bob's events start after his reconnection.
    let mut bob_base = 0;
    for client in [&mut a, &mut b, &mut spectator] {
        client
            .send(&ClientMessage::Watch {
                game: game.clone(),
                since: 0,
            })
            .await;
    }
    catch_up(&mut a, &mut fa, &game, 2).await;
    let GameEvent::Started {
        players, first_order, ..
    } = &fa.events[0].1
    else {
        panic!("{:?}", fa.events[0])
    };
    assert_eq!((players[0].name.as_str(), players[1].name.as_str()), ("Ann", "Bob"));
    assert_eq!(
        players[0].rating,
        Some(1500.0),
        "a rated game's seats carry the ratings at the start"
    );
    assert!(*first_order < 2);
    assert!(matches!(fa.events[1].1, GameEvent::Drew { .. }));

    let mut clients = [a, b];
    let mut moves = 0;
    let mut tried_wrong = false;
    let mut reconnected = false;
    loop {
        let next = until_next(&mut clients[0], &mut fa, &game).await;
        if let Next::Count { players, version } = &next {
            // Both say they have seen the count: then round 2's first draw.
            for &player in players {
                let seen = ClientMessage::CountSeen {
                    game: game.clone(),
                    version: *version,
                };
                clients[usize::from(player)].send(&seen).await;
            }
            catch_up(&mut clients[0], &mut fa, &game, version + players.len() as u64 + 1).await;
            continue;
        }
        let Next::Move {
            player,
            action,
            version,
        } = next
        else {
            break;
        };
        let mover = player as usize;
        let idle = 1 - mover;
        if !tried_wrong && moves == 3 {
            tried_wrong = true;
            // Out of turn.
            clients[idle]
                .send(&ClientMessage::Play {
                    game: game.clone(),
                    version,
                    action: action.clone(),
                })
                .await;
            let m = clients[idle].expect(|m| refused(m).is_some()).await;
            assert!(refused(&m).is_some(), "{m:?}");
            // In a game one does not play.
            clients[0]
                .send(&ClientMessage::Play {
                    game: other.clone(),
                    version: 2,
                    action: "Aa".into(),
                })
                .await;
            let m = clients[0].expect(|m| refused(m).is_some()).await;
            assert!(refused(&m).unwrap().contains("do not play"), "{m:?}");
            // A spectator's move, signed in or not.
            spectator
                .send(&ClientMessage::Play {
                    game: game.clone(),
                    version,
                    action: action.clone(),
                })
                .await;
            let m = spectator.expect(|m| refused(m).is_some()).await;
            assert!(refused(&m).unwrap().contains("spectators watch only"), "{m:?}");
            anonymous
                .send(&ClientMessage::Play {
                    game: game.clone(),
                    version,
                    action: action.clone(),
                })
                .await;
            let m = anonymous.expect(|m| refused(m).is_some()).await;
            assert!(refused(&m).unwrap().contains("sign in"), "{m:?}");
            // The move, sent twice: played once.
            let play = ClientMessage::Play {
                game: game.clone(),
                version,
                action: action.clone(),
            };
            clients[mover].send(&play).await;
            clients[mover].send(&play).await;
            server.advance(Duration::from_millis(700));
            moves += 1;
            catch_up(&mut clients[0], &mut fa, &game, version + 1).await;
            let nothing_else = clients[mover].sync().await;
            assert!(nothing_else.iter().all(|m| refused(m).is_none()), "{nothing_else:?}");
            continue;
        }
        if !reconnected && moves == 20 {
            reconnected = true;
            // Bob's connection drops: the others see him go.
            let bob_seat = 1u8;
            let old = std::mem::replace(&mut clients[1], server.connect().await);
            let seen_before = seen_by(&old, &game, &[]).version();
            drop(old);
            let gone = ServerMessage::Presence {
                game: game.clone(),
                player: bob_seat,
                here: false,
            };
            spectator.expect(|m| *m == gone).await;
            // Ann plays on meanwhile if it is her turn.
            if mover == 0 {
                clients[0]
                    .send(&ClientMessage::Play {
                        game: game.clone(),
                        version,
                        action: action.clone(),
                    })
                    .await;
                server.advance(Duration::from_millis(500));
                moves += 1;
                catch_up(&mut clients[0], &mut fa, &game, version + 1).await;
            }
            // Back, Bob asks for what he missed.
            let mut back = server.connect().await;
            back.send(&ClientMessage::Hello {
                protocol: entropy_protocol::PROTOCOL_VERSION,
                token: Some(bob.token.clone()),
            })
            .await;
            back.expect(|m| matches!(m, ServerMessage::Welcome { .. })).await;
            let here = ServerMessage::Presence {
                game: game.clone(),
                player: bob_seat,
                here: true,
            };
            spectator.expect(|m| *m == here).await;
            back.send(&ClientMessage::Watch {
                game: game.clone(),
                since: seen_before,
            })
            .await;
            bob_base = seen_before as usize;
            let mut missed = Follow::from_earlier(&fa.events[..bob_base]);
            catch_up(&mut back, &mut missed, &game, fa.version()).await;
            let replayed = back
                .seen
                .iter()
                .filter(|m| matches!(m, ServerMessage::Event { .. }))
                .count();
            assert_eq!(
                replayed,
                fa.events.len() - bob_base,
                "only what was missed is sent again"
            );
            assert_eq!(missed.events, fa.events, "what Bob missed, and nothing twice");
            clients[1] = back;
            continue;
        }
        clients[mover]
            .send(&ClientMessage::Play {
                game: game.clone(),
                version,
                action,
            })
            .await;
        server.advance(Duration::from_millis(900));
        moves += 1;
        catch_up(&mut clients[0], &mut fa, &game, version + 1).await;
    }
    assert!(fa.ended(), "{:?}", fa.events.last());
    assert!(moves > 40, "{moves}");
    // Everyone saw the same events (whatever other message they waited for meanwhile).
    assert!(bob_base > 0, "Bob reconnected midway");
    let mut fb = Follow::from_earlier(&fa.events[..bob_base]);
    catch_up(&mut clients[1], &mut fb, &game, fa.version()).await;
    let mut fs = Follow::default();
    catch_up(&mut spectator, &mut fs, &game, fa.version()).await;
    assert_eq!(fb.events, fa.events);
    assert_eq!(fs.events, fa.events);
    let Some((_, GameEvent::Ended { result, seed, .. })) =
        fa.events.iter().find(|(_, e)| matches!(e, GameEvent::Ended { .. }))
    else {
        unreachable!()
    };
    assert_eq!(seed.len(), 64, "the seed is revealed at the end");

    // The archive: the match file, the players' games, the ratings.
    let (status, file) = server.http("GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(status, 200, "{file}");
    assert!(
        file.contains(seed.as_str()) && file.contains("Ann") && file.contains("Bob"),
        "{file}"
    );
    let (status, text) = server.http("GET", "/api/players/ann/games", None, None).await;
    assert_eq!(status, 200);
    let games: Vec<GameSummary> = serde_json::from_str(&text).unwrap();
    assert_eq!(games.len(), 1, "{games:?}");
    assert_eq!((&games[0].id, &games[0].result), (&game, result));
    let (_, text) = server.http("GET", "/api/leaderboard?pool=5x5-match", None, None).await;
    let ratings: Vec<Rating> = serde_json::from_str(&text).unwrap();
    assert_eq!(ratings.len(), 2, "{ratings:?}");
    assert!(
        ratings.iter().all(|r| r.games == 1 && r.deviation < 350.0),
        "{ratings:?}"
    );
    if result != "1/2-1/2" {
        assert!(ratings[0].rating > 1500.0 && ratings[1].rating < 1500.0, "{ratings:?}");
    }
    let (_, text) = server.http("GET", &format!("/api/games/{other}"), None, None).await;
    assert!(text.contains("no finished game"), "a live game has no file yet: {text}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_on_the_servers_clock_and_the_sweeper_tells_the_watchers() {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    let bob = server.register("Bob").await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let game = start_game(&mut a, &mut b, options(Speed::Live { seconds: 60 }, false)).await;
    a.send(&ClientMessage::Watch {
        game: game.clone(),
        since: 0,
    })
    .await;
    let mut follow = Follow::default();
    catch_up(&mut a, &mut follow, &game, 2).await;
    assert!(
        a.sync().await.iter().all(|m| !matches!(m, ServerMessage::Event { .. })),
        "nothing happens while time stands"
    );
    server.advance(Duration::from_secs(61));
    let flag = a
        .expect(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: GameEvent::FlagFell { .. },
                    ..
                }
            )
        })
        .await;
    let ServerMessage::Event { version, .. } = flag else {
        unreachable!()
    };
    assert_eq!(version, 3, "the flag is the next event");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_gives_the_time_down_back_and_correspondence_deadlines_are_kept() {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    let bob = server.register("Bob").await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let live = start_game(&mut a, &mut b, options(Speed::Live { seconds: 300 }, false)).await;
    let post = start_game(&mut a, &mut b, options(Speed::Correspondence { days: 2 }, false)).await;
    drop((a, b));
    let (dir, clock) = server.stop().await;

    // Down for an hour.
    clock.advance(Duration::from_secs(3600));
    let server = TestServer::start_in(dir, clock).await;
    let mut watcher = server.hello(None).await;
    watcher
        .send(&ClientMessage::Watch {
            game: live.clone(),
            since: 2,
        })
        .await;
    let resumed = watcher.expect(|m| matches!(m, ServerMessage::Event { .. })).await;
    let ServerMessage::Event {
        event: GameEvent::Resumed { ms },
        version: 3,
        ..
    } = resumed
    else {
        panic!("{resumed:?}")
    };
    assert!((3_600_000..3_600_000 + 20_000).contains(&ms), "{ms}");
    // The live game's clock runs on: the flag falls five minutes on.
    server.advance(Duration::from_secs(301));
    watcher
        .expect(|m| {
            matches!(
                m,
                ServerMessage::Event {
                    event: GameEvent::FlagFell { .. },
                    ..
                }
            )
        })
        .await;

    // The correspondence game's deadline, read from the database after the restart.
    watcher
        .send(&ClientMessage::Watch {
            game: post.clone(),
            since: 0,
        })
        .await;
    let mut follow = Follow::default();
    catch_up(&mut watcher, &mut follow, &post, 2).await;
    server.advance(Duration::from_secs(2 * 24 * 3600 + 60));
    watcher
        .expect(|m| matches!(m, ServerMessage::Event { game, event: GameEvent::Ended { .. }, .. } if *game == post))
        .await;
    server.stop().await;
}
