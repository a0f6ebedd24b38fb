//! What a client may send wrongly, and that each affects only its own
//! connection: a malformed message, an oversized frame, a flood, silence,
//! another protocol's version. (The decoder's property test is in
//! entropy_protocol.)

mod common;

use std::time::Duration;

use common::TestServer;
use entropy_protocol::{ClientMessage, MAX_MESSAGE, PROTOCOL_VERSION, ServerMessage};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_malformed_message_is_named_and_the_connection_goes_on() {
    let server = TestServer::start().await;
    let mut client = server.connect().await;
    client.send_text("{\"type\":\"hello\"}").await;
    let reason = client.expect_error().await;
    assert!(reason.contains("protocol"), "the missing field is named: {reason}");
    client.send(&ClientMessage::Ping).await;
    assert!(client.expect_error().await.contains("first message is Hello"));
    client
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: None,
        })
        .await;
    client
        .expect(|m| matches!(m, ServerMessage::Welcome { account: None, .. }))
        .await;

    for (text, named) in [
        ("not json", "expected"),
        ("{\"type\":\"fly\"}", "fly"),
        ("{\"type\":\"play\",\"game\":\"g\",\"action\":\"Dc\"}", "version"),
        ("{\"type\":\"watch\",\"game\":\"g\",\"since\":-1}", "-1"),
    ] {
        client.send_text(text).await;
        let reason = client.expect_error().await;
        assert!(reason.contains(named), "{text}: {reason}");
    }
    client.send_text("").await;
    client.expect_error().await;
    // Still there.
    let before = client.sync().await;
    assert!(before.is_empty(), "{before:?}");
    // A spectator's move is refused; so is a watch of a game that does not exist.
    client
        .send(&ClientMessage::Play {
            game: "g".into(),
            version: 1,
            action: "Dc".into(),
        })
        .await;
    let refused = client.expect(|m| matches!(m, ServerMessage::Refused { .. })).await;
    assert!(
        matches!(&refused, ServerMessage::Refused { reason, .. } if reason.contains("sign in")),
        "{refused:?}"
    );
    client
        .send(&ClientMessage::Watch {
            game: "nosuchgame".into(),
            since: 0,
        })
        .await;
    let refused = client.expect(|m| matches!(m, ServerMessage::Refused { .. })).await;
    assert!(
        matches!(&refused, ServerMessage::Refused { reason, .. } if reason.contains("no game")),
        "{refused:?}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_frame_closes_its_connection_only() {
    let server = TestServer::start().await;
    let mut other = server.hello(None).await;
    let mut client = server.hello(None).await;
    let big = format!(
        "{{\"type\":\"watch\",\"game\":\"{}\",\"since\":0}}",
        "g".repeat(MAX_MESSAGE)
    );
    if client.try_send_text(&big).await {
        client.expect_closed().await;
    }
    assert!(other.sync().await.is_empty());
    // Just under the limit is read, and refused for what it says, without
    // being quoted back whole (the helper fails on any message over the limit).
    let mut near = server.hello(None).await;
    let game = "g".repeat(MAX_MESSAGE - 40);
    near.send(&ClientMessage::Watch { game, since: 0 }).await;
    let reason = near.expect_error().await;
    assert!(reason.contains("a game id has at most 64 bytes"), "{reason}");
    near.send_text(&format!("{{\"type\":\"{}\"}}", "x".repeat(MAX_MESSAGE - 20)))
        .await;
    let reason = near.expect_error().await;
    assert!(reason.len() < 1100 && reason.ends_with('…'), "{reason}");
    assert!(near.sync().await.is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_told_and_closed_and_others_go_on() {
    let server = TestServer::start().await;
    let mut calm = server.hello(None).await;
    let mut flood = server.hello(None).await;
    // The clock stands still: the burst allowance is all there is.
    let mut sent = 0;
    for _ in 0..500 {
        if !flood.try_send_text("{\"type\":\"ping\"}").await {
            break;
        }
        sent += 1;
    }
    assert!(sent > 90, "{sent}");
    let reason = flood.expect_error().await;
    assert!(reason.contains("too many messages"), "{reason}");
    flood.expect_closed().await;
    assert!(calm.sync().await.is_empty());

    // At the sustained rate, a connection is never closed.
    let mut steady = server.hello(None).await;
    for _ in 0..200 {
        server.advance(Duration::from_millis(40));
        steady.sync().await;
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_that_never_speaks_is_closed_when_its_time_is_up() {
    let server = TestServer::start().await;
    let mut silent = server.connect().await;
    let mut speaks = server.connect().await;
    // The time allowed passes on the server's clock.
    let allowed = entropy_server::Limits::default().hello_within;
    server.advance(allowed - Duration::from_secs(1));
    speaks
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: None,
        })
        .await;
    speaks.expect(|m| matches!(m, ServerMessage::Welcome { .. })).await;
    server.advance(Duration::from_secs(2));
    let reason = silent.expect_error().await;
    assert!(reason.contains("no Hello"), "{reason}");
    silent.expect_closed().await;
    assert!(speaks.sync().await.is_empty(), "a connection that said Hello stays");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_protocol_version_is_refused() {
    let server = TestServer::start().await;
    let mut client = server.connect().await;
    client
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION + 1,
            token: None,
        })
        .await;
    let reason = client.expect_error().await;
    assert!(
        reason.contains(&format!("protocol {PROTOCOL_VERSION}, not {}", PROTOCOL_VERSION + 1)),
        "{reason}"
    );
    client.expect_closed().await;
    server.stop().await;
}
