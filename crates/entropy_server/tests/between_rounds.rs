//! The count between the rounds through the server, on the test's clock:
//! from RoundOver to round 2's first draw no clock runs; the draw comes
//! once both players have said they saw the count end, or when the bound
//! has passed for a player who never does; a spectator's, a stranger's, a
//! stale and a repeated CountSeen change nothing; and a count under way
//! when the server stops goes on after its restart where it was.

mod common;

use std::time::Duration;

use common::play::{Follow, Next};
use common::{Client, TestServer, start_game};
use entropy_protocol::{ClientMessage, Clocks, Format, GameEvent, GameOptions, ServerMessage, Speed};
use entropy_server::game::{COUNT_WITHIN, LAG_ALLOWANCE_MS};

/// The game: 5×5, three minutes each.
fn options() -> GameOptions {
    GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 180 },
        rated: false,
    }
}

/// Reads `client`'s messages until it has seen `game` up to `version`.
async fn seen_to(client: &mut Client, game: &str, version: u64) -> Follow {
    loop {
        let mut follow = Follow::default();
        for message in &client.seen {
            follow.take(message, game);
        }
        if follow.version() >= version {
            return follow;
        }
        client.next().await;
    }
}

/// The clocks sent with event `version` of `game`.
fn clocks_of(client: &Client, game: &str, version: u64) -> Option<Clocks> {
    client.seen.iter().find_map(|m| match m {
        ServerMessage::Event {
            game: g,
            version: v,
            clocks,
            ..
        } if g == game && *v == version => *clocks,
        _ => None,
    })
}

fn refused(message: &ServerMessage) -> Option<&str> {
    match message {
        ServerMessage::Refused { reason, .. } => Some(reason),
        _ => None,
    }
}

fn count_seen(game: &str, version: u64) -> ClientMessage {
    ClientMessage::CountSeen {
        game: game.to_string(),
        version,
    }
}

/// Where round 1 ended.
struct RoundOver {
    /// RoundOver's version.
    version: u64,
    /// Each player's time left then.
    left: [u64; 2],
    /// Round 2's Chaos (round 1's Order).
    chaos: u8,
}

/// Ann (player 0, `clients[0]`, who follows the game) and Bob play round 1
/// to its end, a second on the server's clock before each move, each move
/// answered before the clock moves on.
async fn play_round_one(server: &TestServer, clients: &mut [Client; 2], game: &str) -> RoundOver {
    clients[0]
        .send(&ClientMessage::Watch {
            game: game.to_string(),
            since: 0,
        })
        .await;
    let mut version = 2;
    loop {
        let follow = seen_to(&mut clients[0], game, version).await;
        match follow.next() {
            Next::Move {
                player,
                action,
                version: at,
            } => {
                server.advance(Duration::from_secs(1));
                let play = ClientMessage::Play {
                    game: game.to_string(),
                    version: at,
                    action,
                };
                clients[usize::from(player)].send(&play).await;
                version = at + 1;
            }
            Next::Wait => version += 1,
            Next::Count { players, version } => {
                assert_eq!(players, [0, 1], "nobody has seen the count yet");
                let Some((_, GameEvent::Started { first_order, .. })) = follow.events.first() else {
                    panic!("{:?}", follow.events.first())
                };
                let left_after = |player: u8| {
                    follow.events.iter().rev().find_map(|(_, e)| match e {
                        GameEvent::Moved {
                            player: p,
                            left_ms: Some(ms),
                            ..
                        } if *p == player => Some(*ms),
                        _ => None,
                    })
                };
                let left = [0, 1].map(|p| left_after(p).expect("both players moved in round 1"));
                assert!(
                    matches!(follow.events.last(), Some((_, GameEvent::RoundOver { .. }))),
                    "round 2's draw waits for the count: {:?}",
                    follow.events.last()
                );
                return RoundOver {
                    version,
                    left,
                    chaos: *first_order,
                };
            }
            Next::Over => panic!("the game ended in round 1"),
        }
    }
}

/// A server with Ann and Bob playing a game of [`options`]: the server,
/// their clients (Ann player 0) and the game.
async fn table() -> (TestServer, [Client; 2], String, [String; 2]) {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    let bob = server.register("Bob").await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let game = start_game(&mut a, &mut b, options()).await;
    (server, [a, b], game, [ann.token, bob.token])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_clock_runs_during_the_count_and_round_two_waits_for_both_players() {
    let (server, mut clients, game, _) = table().await;
    let over = play_round_one(&server, &mut clients, &game).await;
    let (r, chaos) = (over.version, over.chaos);
    let order = 1 - chaos;
    // RoundOver's clocks: both players' time as their last moves left it, none running.
    let stopped = Clocks {
        left_ms: over.left,
        running: None,
    };
    assert_eq!(clocks_of(&clients[0], &game, r), Some(stopped));

    // Twenty seconds of counting: nothing happens.
    server.advance(Duration::from_secs(20));
    let quiet = clients[0].sync().await;
    assert!(
        quiet.iter().all(|m| !matches!(m, ServerMessage::Event { .. })),
        "{quiet:?}"
    );

    // A spectator's and a stranger's CountSeen are refused; so is one made
    // at a version before round 1's end.
    let carl = server.register("Carl").await;
    let mut spectator = server.hello(Some(&carl.token)).await;
    spectator.send(&count_seen(&game, r)).await;
    let m = spectator.expect(|m| refused(m).is_some()).await;
    assert!(refused(&m).unwrap().contains("spectators watch only"), "{m:?}");
    let mut anonymous = server.hello(None).await;
    anonymous.send(&count_seen(&game, r)).await;
    let m = anonymous.expect(|m| refused(m).is_some()).await;
    assert!(refused(&m).unwrap().contains("sign in"), "{m:?}");
    clients[usize::from(order)].send(&count_seen(&game, r - 1)).await;
    let m = clients[usize::from(order)].expect(|m| refused(m).is_some()).await;
    assert!(refused(&m).unwrap().contains("before round 1's end"), "{m:?}");

    // Round 2's Order has seen it: still no clock, no draw.
    clients[usize::from(order)].send(&count_seen(&game, r)).await;
    let follow = seen_to(&mut clients[0], &game, r + 1).await;
    assert_eq!(follow.events[r as usize].1, GameEvent::CountSeen { player: order });
    assert_eq!(clocks_of(&clients[0], &game, r + 1), Some(stopped));
    // Sent again: nothing, not even a refusal.
    clients[usize::from(order)].send(&count_seen(&game, r + 1)).await;
    let again = clients[usize::from(order)].sync().await;
    assert!(
        again
            .iter()
            .all(|m| refused(m).is_none() && !matches!(m, ServerMessage::Event { .. })),
        "{again:?}"
    );

    // Round 2's Chaos, 25 seconds after RoundOver: the draw, and only now its clock.
    server.advance(Duration::from_secs(5));
    clients[usize::from(chaos)].send(&count_seen(&game, r + 1)).await;
    let follow = seen_to(&mut clients[0], &game, r + 3).await;
    assert_eq!(follow.events[r as usize + 1].1, GameEvent::CountSeen { player: chaos });
    assert!(matches!(
        follow.events[r as usize + 2].1,
        GameEvent::Drew { board: 0, .. }
    ));
    let drawn = Clocks {
        left_ms: over.left,
        running: Some(chaos),
    };
    assert_eq!(
        clocks_of(&clients[0], &game, r + 3),
        Some(drawn),
        "round 2's Chaos has the time it had at RoundOver"
    );

    // Chaos places two seconds later: charged those, and nothing of the count.
    server.advance(Duration::from_secs(2));
    let Next::Move {
        player,
        action,
        version,
    } = follow.next()
    else {
        panic!("{:?}", follow.next())
    };
    assert_eq!((player, version), (chaos, r + 3));
    let play = ClientMessage::Play {
        game: game.clone(),
        version,
        action,
    };
    clients[usize::from(chaos)].send(&play).await;
    let follow = seen_to(&mut clients[0], &game, r + 4).await;
    let expected = over.left[usize::from(chaos)] - 2_000 + LAG_ALLOWANCE_MS as u64;
    assert!(
        matches!(follow.events[r as usize + 3].1, GameEvent::Moved { left_ms: Some(ms), .. } if ms == expected),
        "{:?}, expected {expected} ms left",
        follow.events[r as usize + 3]
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_never_says_so_holds_round_two_up_to_the_bound_and_then_the_clock_runs() {
    let (server, mut clients, game, _) = table().await;
    let over = play_round_one(&server, &mut clients, &game).await;
    let (r, chaos) = (over.version, over.chaos);
    let bound = Duration::from_millis(u64::try_from(COUNT_WITHIN).unwrap());

    // Nobody says anything: nothing happens before the bound…
    server.advance(bound - Duration::from_millis(1));
    let quiet = clients[0].sync().await;
    assert!(
        quiet.iter().all(|m| !matches!(m, ServerMessage::Event { .. })),
        "{quiet:?}"
    );
    // …and at the bound the sweeper begins round 2, with the clocks as they were.
    server.advance(Duration::from_millis(1));
    let follow = seen_to(&mut clients[0], &game, r + 1).await;
    assert!(matches!(follow.events[r as usize].1, GameEvent::Drew { board: 0, .. }));
    let drawn = Clocks {
        left_ms: over.left,
        running: Some(chaos),
    };
    assert_eq!(clocks_of(&clients[0], &game, r + 1), Some(drawn));

    // From then on Chaos's clock runs: ten seconds later its move is charged them.
    server.advance(Duration::from_secs(10));
    let Next::Move { action, version, .. } = follow.next() else {
        panic!("{:?}", follow.next())
    };
    let play = ClientMessage::Play {
        game: game.clone(),
        version,
        action,
    };
    clients[usize::from(chaos)].send(&play).await;
    let follow = seen_to(&mut clients[0], &game, r + 2).await;
    let expected = over.left[usize::from(chaos)] - 10_000 + LAG_ALLOWANCE_MS as u64;
    assert!(
        matches!(follow.events[r as usize + 1].1, GameEvent::Moved { left_ms: Some(ms), .. } if ms == expected),
        "{:?}, expected {expected} ms left",
        follow.events[r as usize + 1]
    );
    // A CountSeen come late changes nothing.
    clients[usize::from(1 - chaos)].send(&count_seen(&game, r + 2)).await;
    let late = clients[usize::from(1 - chaos)].sync().await;
    assert!(late.iter().all(|m| refused(m).is_none()), "{late:?}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_count_under_way_when_the_server_stops_goes_on_after_the_restart() {
    let (server, mut clients, game, tokens) = table().await;
    let over = play_round_one(&server, &mut clients, &game).await;
    let (r, chaos) = (over.version, over.chaos);
    clients[usize::from(chaos)].send(&count_seen(&game, r)).await;
    seen_to(&mut clients[0], &game, r + 1).await;
    drop(clients);
    let (dir, clock) = server.stop().await;

    // Down ten seconds; back, the other player says so too.
    clock.advance(Duration::from_secs(10));
    let server = TestServer::start_in(dir, clock).await;
    let mut watcher = server.hello(None).await;
    watcher
        .send(&ClientMessage::Watch {
            game: game.clone(),
            since: 0,
        })
        .await;
    seen_to(&mut watcher, &game, r + 1).await;
    let mut other = server.hello(Some(&tokens[usize::from(1 - chaos)])).await;
    other.send(&count_seen(&game, r + 1)).await;
    let follow = seen_to(&mut watcher, &game, r + 3).await;
    let after: Vec<&GameEvent> = follow.events[r as usize..].iter().map(|(_, e)| e).collect();
    assert_eq!(
        after[..2],
        [
            &GameEvent::CountSeen { player: chaos },
            &GameEvent::CountSeen { player: 1 - chaos }
        ],
        "the stored CountSeen counted, and no time was given back (no Resumed): no clock ran"
    );
    assert!(matches!(after[2], GameEvent::Drew { .. }), "{after:?}");
    let drawn = Clocks {
        left_ms: over.left,
        running: Some(chaos),
    };
    assert_eq!(clocks_of(&watcher, &game, r + 3), Some(drawn));
    server.stop().await;
}
