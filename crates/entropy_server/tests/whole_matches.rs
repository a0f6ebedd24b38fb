//! Whole matches through the server over loopback — 7×7, 5×5 and the
//! simultaneous match — between two players making random legal moves
//! (slides and passes, every cell), with a spectator. Each client follows
//! the game with `entropy_client::GameView`, which puts every event through
//! the rules crate as it comes; at the end the finished match file, read
//! back through the rules crate with the revealed seed's bags, holds
//! exactly the moves the clients saw, verifies (its draws, and its
//! signature by the key the server publishes), and scores as the server
//! said (the players say they have seen the count between the rounds as
//! `GameView` tells them to); and no message any of the three received before the end carried
//! the seed or a bag's seed. Played again with one player's connection
//! dropped after every event and after every move sent before its answer:
//! each time they come back (Hello with the token, Watch since the last
//! version seen) they get what they missed, and a move sent again is
//! played once.

mod common;

use common::{Client, Next, TestServer};
use entropy_client::GameView;
use entropy_protocol::fairness::{self, Secret};
use entropy_protocol::{ClientMessage, Format, GameEvent, GameOptions, ServerMessage, Speed, encode};
use entropy_rules::{AnyMatchFile, MoveList, OrderMove, Role};
use rand::rngs::SmallRng;
use rand::seq::IteratorRandom;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// A client and the game as it has seen it.
struct Seat {
    client: Client,
    view: GameView,
    /// What earlier connections of this seat received.
    earlier: Vec<ServerMessage>,
}

impl Seat {
    /// Every message this seat received, on every connection.
    fn all_seen(&self) -> Vec<ServerMessage> {
        self.earlier.iter().chain(&self.client.seen).cloned().collect()
    }

    /// The connection drops; a new one says Hello with the same token and
    /// follows the game from the last version seen.
    async fn come_back(&mut self, server: &TestServer, token: &str, game: &str) {
        let client = server.hello(Some(token)).await;
        let old = std::mem::replace(&mut self.client, client);
        self.earlier.extend(old.seen.iter().cloned());
        drop(old);
        self.client
            .send(&ClientMessage::Watch {
                game: game.to_string(),
                since: self.view.version(),
            })
            .await;
    }

    /// A round trip to the server: every event it sent before it answered
    /// goes into the view (a connection's messages are answered in order,
    /// so whatever a move made has come by then).
    async fn sync(&mut self) {
        for message in self.client.sync().await {
            match message {
                ServerMessage::Event {
                    version, event, clocks, ..
                } => {
                    self.view
                        .apply_with_clocks(version, event, clocks)
                        .unwrap_or_else(|e| panic!("the rules refuse an event the server sent: {e}"));
                }
                ServerMessage::Refused { reason, .. } => panic!("a legal move refused: {reason}"),
                _ => {}
            }
        }
    }

    /// Reads messages until the view has reached `version`.
    async fn catch_up(&mut self, game: &str, version: u64) {
        while self.view.version() < version {
            match self.client.next().await {
                Next::Message(ServerMessage::Event {
                    game: g,
                    version,
                    event,
                    clocks,
                }) if g == game => {
                    self.view
                        .apply_with_clocks(version, event, clocks)
                        .unwrap_or_else(|e| panic!("the rules refuse an event the server sent: {e}"));
                }
                Next::Message(ServerMessage::Refused { reason, .. }) => panic!("a legal move refused: {reason}"),
                Next::Message(_) => {}
                Next::Closed(reason) => panic!("the connection closed: {reason}"),
            }
        }
    }
}

/// A random legal move for what is owed: a cell for Chaos, a slide or a pass for Order.
fn random_move(owed: &entropy_client::Owed, rng: &mut SmallRng) -> String {
    match owed.role {
        Role::Chaos => owed
            .position
            .placements()
            .into_iter()
            .choose(rng)
            .expect("a counter drawn has a cell to go to")
            .to_string(),
        Role::Order => {
            let mut moves = MoveList::new();
            owed.position.order_moves(&mut moves);
            match moves[rng.random_range(0..moves.len())] {
                // A pass is a cell twice: the counter just placed stays.
                OrderMove::Pass => {
                    let cell = owed.position.last_placed().expect("Order moves after a placement");
                    format!("{cell}{cell}")
                }
                slide => slide.to_string(),
            }
        }
    }
}

/// The turns each board's events make, in the match file's notation
/// (`3Dc DcDf`): a round of the two-round match, or a simultaneous board.
fn turns_seen(view_events: &[(u64, GameEvent)], format: Format) -> Vec<Vec<String>> {
    let mut sections: Vec<Vec<String>> = vec![Vec::new(), Vec::new()];
    let mut round = 0;
    let mut drawn = [0u8; 2];
    for (_, event) in view_events {
        let section = |board: u8| if format == Format::Match { round } else { board as usize };
        match event {
            GameEvent::Drew { board, colour } => drawn[*board as usize] = *colour,
            GameEvent::Moved { board, action, .. } if action.len() == 2 => {
                let colour = drawn[*board as usize];
                sections[section(*board)].push(format!("{colour}{action}"));
            }
            GameEvent::Moved { board, action, .. } => {
                let last = sections[section(*board)]
                    .last_mut()
                    .expect("Order moves after a placement");
                last.push(' ');
                last.push_str(action);
            }
            GameEvent::RoundOver { .. } => round = 1,
            _ => {}
        }
    }
    sections
}

/// How Bob's connection fares.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bob {
    Steady,
    /// Dropped after every event he receives, and after every move he
    /// sends before its answer (the move then sent again).
    Dropping,
}

async fn a_whole_match(options: GameOptions, seed: u64, bob_fares: Bob) {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    let bob = server.register("Bob").await;
    let mut seats = [
        Seat {
            client: server.hello(Some(&ann.token)).await,
            view: GameView::new(""),
            earlier: Vec::new(),
        },
        Seat {
            client: server.hello(Some(&bob.token)).await,
            view: GameView::new(""),
            earlier: Vec::new(),
        },
        Seat {
            client: server.hello(None).await,
            view: GameView::new(""),
            earlier: Vec::new(),
        },
    ];

    // Ann seeks, Bob accepts; all three follow the game from its start.
    seats[0].client.send(&ClientMessage::Seek { options }).await;
    let seek = match seats[0]
        .client
        .expect(|m| matches!(m, ServerMessage::SeekPosted { .. }))
        .await
    {
        ServerMessage::SeekPosted { seek } => seek.id,
        _ => unreachable!(),
    };
    seats[1].client.send(&ClientMessage::Accept { seek }).await;
    let game = match seats[1]
        .client
        .expect(|m| matches!(m, ServerMessage::GameStarted { .. }))
        .await
    {
        ServerMessage::GameStarted { game } => game,
        _ => unreachable!(),
    };
    for seat in &mut seats {
        seat.view = GameView::new(game.clone());
        seat.client
            .send(&ClientMessage::Watch {
                game: game.clone(),
                since: 0,
            })
            .await;
        seat.catch_up(&game, 1).await;
    }
    let players = [
        seats[0].view.player_named("Ann").expect("Ann is seated"),
        seats[0].view.player_named("Bob").expect("Bob is seated"),
    ];

    // Whoever owes a move makes a random legal one; everyone catches up.
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = 0;
    while !seats[2].view.is_over() {
        let mover = (0..2)
            .filter(|&s| !seats[s].view.owed(players[s]).is_empty())
            .choose(&mut rng);
        let Some(mover) = mover else {
            // Nothing owed: the server's next events are on their way;
            // between the rounds, once both players have seen the count.
            for s in 0..2 {
                if let Some(seen) = seats[s].view.count_seen_message(players[s]) {
                    assert_eq!(seats[s].view.clocks().map(|c| c.running), Some(None), "no clock runs");
                    seats[s].client.send(&seen).await;
                }
            }
            let version = seats[2].view.version() + 1;
            for seat in &mut seats {
                seat.catch_up(&game, version).await;
            }
            continue;
        };
        // A second to think, on the server's clock (which also paces its
        // flood limit: three clients' round trips a move are no flood).
        server.advance(Duration::from_secs(1));
        let owed = seats[mover].view.owed(players[mover]);
        let owed = owed.iter().choose(&mut rng).unwrap();
        let action = random_move(owed, &mut rng);
        let version = seats[mover].view.version();
        let play = ClientMessage::Play {
            game: game.clone(),
            version,
            action,
        };
        seats[mover].client.send(&play).await;
        if mover == 1 && bob_fares == Bob::Dropping {
            // Gone before the answer: back, and the move sent again, which
            // the server plays once (whether or not the first arrived).
            seats[1].come_back(&server, &bob.token, &game).await;
            seats[1].client.send(&play).await;
        }
        moves += 1;
        seats[mover].sync().await;
        let now = seats[mover].view.version();
        assert!(now > version, "the move was answered");
        for seat in &mut seats {
            seat.catch_up(&game, now).await;
            seat.sync().await;
        }
        if bob_fares == Bob::Dropping {
            seats[1].come_back(&server, &bob.token, &game).await;
            seats[1].sync().await;
            assert_eq!(seats[1].view.version(), now, "Bob, back, has what he missed");
        }
    }
    // Everyone has the same game to its end.
    let last = seats[2].view.version();
    for seat in &mut seats {
        seat.catch_up(&game, last).await;
    }
    let events: Vec<(u64, GameEvent)> = seats[2]
        .client
        .seen
        .iter()
        .filter_map(|m| match m {
            ServerMessage::Event { version, event, .. } => Some((*version, event.clone())),
            _ => None,
        })
        .collect();
    let end = events
        .iter()
        .position(|(_, e)| matches!(e, GameEvent::Ended { .. }))
        .unwrap_or_else(|| panic!("the game ended: {:?}", events.last()));
    let GameEvent::Ended {
        seed: revealed, totals, ..
    } = events[end].1.clone()
    else {
        unreachable!()
    };
    // The end is the last event but, in a rated game, the ratings' change.
    let after: Vec<&GameEvent> = events[end + 1..].iter().map(|(_, e)| e).collect();
    if options.rated {
        assert!(matches!(after[..], [GameEvent::Rated { .. }]), "{after:?}");
    } else {
        assert!(after.is_empty(), "{after:?}");
    }
    let per_move = if options.format == Format::Match { 2 } else { 4 };
    assert!(
        moves >= options.size as usize * options.size as usize * per_move / 2,
        "{moves} moves made"
    );

    // Nothing before the end carried the seed or a bag's seed.
    let secret: Secret = revealed.parse().expect("the seed revealed is a seed");
    let bag_seeds: Vec<String> = secret
        .match_seeds()
        .iter()
        .chain(std::iter::once(&secret.simultaneous_seed()))
        .map(u64::to_string)
        .collect();
    for (who, seat) in ["Ann", "Bob", "the spectator"].iter().zip(&seats) {
        let seen = seat.all_seen();
        let end = seen
            .iter()
            .position(|m| {
                matches!(
                    m,
                    ServerMessage::Event {
                        event: GameEvent::Ended { .. },
                        ..
                    }
                )
            })
            .expect("everyone saw the end");
        for message in &seen[..end] {
            let text = encode(message);
            assert!(
                !text.contains(&revealed),
                "{who} was sent the seed before the end: {text}"
            );
            for bag in &bag_seeds {
                assert!(
                    !text.contains(bag.as_str()),
                    "{who} was sent a bag's seed before the end: {text}"
                );
            }
        }
    }

    // The finished file: the rules crate reads it back (every draw from the
    // seed's bags), it verifies, and it holds the very moves that were seen.
    let (status, text) = server.http("GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(status, 200, "{text}");
    let file = AnyMatchFile::parse(&text).unwrap_or_else(|e| panic!("the rules crate reads the file: {e}\n{text}"));
    assert_eq!(fairness::verify(&file), Ok(secret.commitment()));
    // And the whole file is signed with the key the server publishes.
    let (_, key) = server.http("GET", "/api/key", None, None).await;
    let key: entropy_protocol::ServerKey = serde_json::from_str(&key).unwrap();
    let signed = entropy_protocol::signature::verify_file(&text, Some(&key.key));
    assert_eq!(signed.map(|s| s.key), Ok(key.key), "{text}");
    let from_file: Vec<Vec<String>> = match &file {
        AnyMatchFile::Rounds(f) => f
            .record
            .rounds
            .iter()
            .map(|r| r.iter().map(|t| t.to_string()).collect())
            .collect(),
        AnyMatchFile::Simultaneous(f) => f
            .record
            .boards
            .iter()
            .map(|b| b.iter().map(|t| t.to_string()).collect())
            .collect(),
    };
    assert_eq!(
        from_file,
        turns_seen(&events, options.format),
        "the file's moves are the moves seen"
    );
    let scores = match &file {
        AnyMatchFile::Rounds(f) => f.record.replay().unwrap().totals(),
        AnyMatchFile::Simultaneous(f) => f.replay().unwrap().scores(),
    };
    assert_eq!(scores, totals, "the server's totals are the rules crate's");
    for seat in &seats {
        assert_eq!(seat.view.version(), last, "every client saw every event");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_7x7_match() {
    a_whole_match(GameOptions::default(), 7, Bob::Steady).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_5x5_match() {
    let options = GameOptions {
        size: 5,
        speed: Speed::Correspondence { days: 3 },
        rated: true,
        ..GameOptions::default()
    };
    a_whole_match(options, 5, Bob::Steady).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_simultaneous_match() {
    let options = GameOptions {
        format: Format::Simultaneous,
        ..GameOptions::default()
    };
    a_whole_match(options, 11, Bob::Steady).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_match_with_a_connection_dropped_after_every_event() {
    let options = GameOptions {
        size: 5,
        ..GameOptions::default()
    };
    a_whole_match(options, 13, Bob::Dropping).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_simultaneous_match_with_a_connection_dropped_after_every_event() {
    let options = GameOptions {
        size: 5,
        format: Format::Simultaneous,
        ..GameOptions::default()
    };
    a_whole_match(options, 17, Bob::Dropping).await;
}
