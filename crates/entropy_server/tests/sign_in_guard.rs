//! Accounts against an attacker: a session signed out ends the
//! connections it has open; guessing passwords, by name or from one
//! address, meets growing waits (429, with when to try again) while an
//! honest player signs in; names that look alike are one name; and a
//! database of the first schema is brought to the second, its accounts
//! signing in as before.
//!
//! The guessers connect from other loopback addresses (127.0.0.2 and up)
//! than the honest players (127.0.0.1), as they would from other machines.

mod common;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use common::{Next, TestServer, credentials};
use entropy_protocol::{ApiError, ClientMessage, ServerMessage};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;

/// A POST from the loopback address 127.0.0.`host`: its status, its
/// `Retry-After` header, and its body's error.
async fn post_from(host: u8, server: SocketAddr, path: &str, body: &str) -> (u16, Option<u64>, String) {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(IpAddr::V4(Ipv4Addr::new(127, 0, 0, host)), 0))
        .unwrap();
    let mut stream = socket.connect(server).await.unwrap();
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: entropy\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let retry = head
        .lines()
        .find_map(|l| {
            l.to_ascii_lowercase()
                .strip_prefix("retry-after:")
                .map(|v| v.trim().to_string())
        })
        .and_then(|v| v.parse().ok());
    let error = serde_json::from_str::<ApiError>(body)
        .map(|e| e.error)
        .unwrap_or_default();
    (status, retry, error)
}

/// Sign-out ends the session's connections already open: each is closed
/// saying so, and a move or a seek sent on it afterwards is never acted on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn signing_out_ends_the_sessions_open_connections() {
    let server = TestServer::start().await;
    let ann = server.register("ann").await;
    let again = serde_json::from_str::<entropy_protocol::SignedIn>(
        &server
            .http("POST", "/api/login", Some(credentials("ann", "password-of-ann")), None)
            .await
            .1,
    )
    .unwrap();
    let mut first = server.hello(Some(&ann.token)).await;
    let mut second = server.hello(Some(&ann.token)).await;
    let mut other_session = server.hello(Some(&again.token)).await;
    let (status, _) = server.http("POST", "/api/logout", None, Some(&ann.token)).await;
    assert_eq!(status, 204);
    for connection in [&mut first, &mut second] {
        let said = connection.expect_closed().await;
        assert_eq!(said, "signed out");
    }
    // Its seeks are gone with it; the other session goes on.
    let options = entropy_protocol::GameOptions::default();
    other_session.send(&ClientMessage::Seek { options }).await;
    other_session
        .expect(|m| matches!(m, ServerMessage::SeekPosted { .. }))
        .await;
    let mut watcher = server.hello(None).await;
    watcher.send(&ClientMessage::WatchLobby).await;
    let lobby = watcher.expect(|m| matches!(m, ServerMessage::Lobby { .. })).await;
    assert!(matches!(lobby, ServerMessage::Lobby { seeks, .. } if seeks.len() == 1));
    // A closed connection's writes fail or are never read.
    let _ = first.try_send_text(r#"{"type":"seek","options":{"size":7,"format":"match","speed":{"kind":"live","seconds":900},"rated":false}}"#).await;
    other_session.send(&ClientMessage::Ping).await;
    other_session.expect(|m| matches!(m, ServerMessage::Pong)).await;
    watcher.send(&ClientMessage::WatchLobby).await;
    let lobby = watcher.expect(|m| matches!(m, ServerMessage::Lobby { .. })).await;
    assert!(matches!(lobby, ServerMessage::Lobby { seeks, .. } if seeks.len() == 1));
}

/// Wrong passwords for one name, and unknown names from one address, meet
/// 429 with a wait that grows, while another player signs in as usual.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guessing_passwords_meets_growing_waits_and_an_honest_player_still_signs_in() {
    let server = TestServer::start().await;
    server.register("ann").await;
    server.register("bob").await;

    // One name, guessed from one address.
    let mut waits = Vec::new();
    for _ in 0..40 {
        let (status, retry, error) = post_from(2, server.addr, "/api/login", &credentials("ann", "guess-guess")).await;
        match status {
            401 => assert_eq!(error, "wrong name or password"),
            429 => {
                assert!(error.contains("too many failed sign-ins for this name"), "{error}");
                waits.push(retry.expect("a 429 says when to try again"));
                if waits.len() == 3 {
                    break;
                }
            }
            other => panic!("{other}: {error}"),
        }
    }
    assert_eq!(waits.len(), 3, "guessing never met a wait");
    assert!(waits.iter().all(|w| *w >= 1), "{waits:?}");

    // Many names, from one address: the address waits, whatever the name.
    let mut refused = None;
    for i in 0..40 {
        let (status, retry, error) = post_from(
            3,
            server.addr,
            "/api/login",
            &credentials(&format!("nobody-{i}"), "guess-guess"),
        )
        .await;
        if status == 429 {
            refused = Some((retry, error));
            break;
        }
        assert_eq!(status, 401);
    }
    let (retry, error) = refused.expect("an address trying name after name never met a wait");
    assert!(error.contains("from this address") && retry.is_some(), "{error}");

    // Meanwhile an honest player signs in, from elsewhere.
    let (status, text) = server
        .http("POST", "/api/login", Some(credentials("bob", "password-of-bob")), None)
        .await;
    assert_eq!(status, 200, "{text}");
}

/// Names that differ only by look-alikes are one name: a second is
/// taken, a mixed alphabet refused, and any form signs in to the first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_that_look_alike_are_one_name() {
    let server = TestServer::start().await;
    server.register("ann").await;
    for like in ["ANN", "ＡＮＮ", "𝐚𝐧𝐧"] {
        let (status, text) = server
            .http(
                "POST",
                "/api/register",
                Some(credentials(like, "another password")),
                None,
            )
            .await;
        assert!(status == 409 || status == 400, "{like}: {status} {text}");
    }
    let (status, text) = server
        .http(
            "POST",
            "/api/register",
            Some(credentials("\u{430}nn", "another password")),
            None,
        )
        .await;
    assert_eq!(status, 400, "{text}");
    assert!(text.contains("one alphabet"), "{text}");
    let (status, text) = server
        .http(
            "POST",
            "/api/login",
            Some(credentials("ＡＮＮ", "password-of-ann")),
            None,
        )
        .await;
    assert_eq!(status, 200, "{text}");
    assert!(text.contains(r#""name":"ann""#), "{text}");
}

/// A database of schema 1 (names keyed in lower case), with two accounts
/// whose names fold to one key: brought to schema 2 at start, both sign in
/// as before, and no new name can look like theirs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_the_first_schema_is_brought_up_and_its_accounts_sign_in() {
    let server = TestServer::start().await;
    server.register("ann").await;
    server.register("zed").await;
    let (dir, clock) = server.stop().await;
    let path = dir.path().join("server.db");
    {
        let store = entropy_server::db::Store::connect(&entropy_server::db::sqlite_url(&path))
            .await
            .unwrap();
        let pool = store.pool();
        let hash: String = sqlx::query_scalar("SELECT password_hash FROM accounts WHERE name = 'ann'")
            .fetch_one(pool)
            .await
            .unwrap();
        // A look-alike of schema 1's days, when only case was folded.
        sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password_hash, bot, created_at) VALUES ('x1', $1, $1, $2, 0, 9e15)",
        )
        .bind("\u{430}nn")
        .bind(&hash)
        .execute(pool)
        .await
        .unwrap();
        sqlx::query("UPDATE accounts SET name_key = lower(name) WHERE id <> 'x1'")
            .execute(pool)
            .await
            .unwrap();
        sqlx::query("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
            .execute(pool)
            .await
            .unwrap();
        store.close().await;
    }
    let server = TestServer::start_in(dir, clock).await;
    for (name, password) in [
        ("ann", "password-of-ann"),
        ("\u{430}nn", "password-of-ann"),
        ("ZED", "password-of-zed"),
    ] {
        let (status, text) = server
            .http("POST", "/api/login", Some(credentials(name, password)), None)
            .await;
        assert_eq!(status, 200, "{name}: {text}");
        let signed: entropy_protocol::SignedIn = serde_json::from_str(&text).unwrap();
        assert_eq!(
            signed.account.name.to_lowercase(),
            name.to_lowercase(),
            "{name} signs in as itself"
        );
    }
    let (status, _) = server
        .http(
            "POST",
            "/api/register",
            Some(credentials("𝐳𝐞𝐝", "another password")),
            None,
        )
        .await;
    assert_eq!(status, 409, "a look-alike of an old name is taken");
    let _ = Next::Closed(String::new());
}
