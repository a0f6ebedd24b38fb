//! What a stranger can make the server hold stays bounded, and honest
//! clients are served through it: connections that never speak, or drip
//! their headers, or sit after a TLS handshake, are closed within a few
//! seconds; one address holds a share at most; a server at its process's
//! file limit still takes honest clients; and watching games that do not
//! exist leaves nothing behind.
//!
//! Attackers connect from other loopback addresses (127.0.0.2 and up)
//! than the honest clients (127.0.0.1), as they would from other machines.

mod common;
mod support;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use common::{Next, TestServer};
use entropy_protocol::{ClientMessage, ServerMessage};
use entropy_server::Limits;
use support::player::Player;
use support::process::{Database, ServerProcess};
use support::{SAFETY_NET, http};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// A TCP connection to `server` from the loopback address 127.0.0.`host`.
async fn connect_from(host: u8, server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(IpAddr::V4(Ipv4Addr::new(127, 0, 0, host)), 0))?;
    socket.connect(server).await
}

/// Reads until the server ends the connection (end of stream, or an
/// error such as a reset); fails the test if it never does.
async fn ended(mut stream: TcpStream) {
    let mut buf = [0u8; 1024];
    loop {
        let read = tokio::time::timeout(SAFETY_NET, stream.read(&mut buf))
            .await
            .expect("the server never closed an idle connection");
        if !matches!(read, Ok(n) if n > 0) {
            return;
        }
    }
}

/// A client that sends a request's headers one byte at a time, as slowly
/// as it is let, until the server closes the connection.
async fn drip(mut stream: TcpStream) {
    for byte in b"GET /api/leaderboard HTTP/1.1\r\nHost: entropy\r\nX-Slow: "
        .iter()
        .cycle()
    {
        if stream.write_all(&[*byte]).await.is_err() {
            return;
        }
        // The attacker's pace: slower than the server allows a whole request.
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
}

/// The real binary under a 256-file limit: 300 connections that never
/// send a byte and 30 that drip headers, from ten addresses, while an
/// honest player registers, signs in and plays; then every one of the
/// attackers' connections is closed by the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_slow_connections_are_closed_and_honest_clients_are_served_under_a_file_limit() {
    let data = tempfile::tempdir().unwrap();
    let logs = tempfile::tempdir().unwrap();
    let server =
        ServerProcess::start_with("limited", &Database::Data(data.path().into()), logs.path(), Some(256)).await;
    let mut idle = Vec::new();
    for i in 0..300 {
        // Refused at once (too many from one address, or a server full of
        // the idle): a connection that ends, as the others will.
        if let Ok(stream) = connect_from(2 + (i % 10) as u8, server.addr).await {
            idle.push(stream);
        }
    }
    let mut dripping = Vec::new();
    for _ in 0..30 {
        if let Ok(stream) = connect_from(12, server.addr).await {
            dripping.push(tokio::spawn(drip(stream)));
        }
    }

    // Honest clients, from their own address, meanwhile.
    for name in ["ann", "bob", "carl"] {
        let mut player = Player::register(&server.url(""), name).await;
        player.connect(&server.ws_url()).await;
        player.send(&ClientMessage::WatchLobby).await;
        player.expect(|m| matches!(m, ServerMessage::Lobby { .. })).await;
    }
    let (status, _) = http("GET", server.url("/api/leaderboard"), None).await;
    assert_eq!(status, 200);

    for stream in idle {
        ended(stream).await;
    }
    for dripper in dripping {
        tokio::time::timeout(SAFETY_NET, dripper)
            .await
            .expect("the server never closed a connection dripping its headers")
            .unwrap();
    }
    assert!(!server.log().contains("Too many open files"), "{}", server.log());
}

/// One address holds `per_address` connections at most: the others are
/// closed as they come, and those let in are served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_its_share_of_connections_at_most() {
    let server = TestServer::start_with(Limits {
        per_address: 8,
        ..Limits::default()
    })
    .await;
    let mut streams = Vec::new();
    for _ in 0..40 {
        streams.push(connect_from(20, server.addr).await.unwrap());
    }
    let mut answered = 0;
    for stream in &mut streams {
        let request = "GET /api/leaderboard HTTP/1.1\r\nHost: entropy\r\n\r\n";
        if stream.write_all(request.as_bytes()).await.is_err() {
            continue;
        }
        let mut buf = [0u8; 64];
        let read = tokio::time::timeout(SAFETY_NET, stream.read(&mut buf)).await.unwrap();
        if matches!(read, Ok(n) if n > 0 && buf.starts_with(b"HTTP/1.1 200")) {
            answered += 1;
        }
    }
    assert_eq!(answered, 8, "an address holds 8 connections, and those are served");
    // Another address is not held back by it.
    let mut other = connect_from(21, server.addr).await.unwrap();
    other
        .write_all(b"GET /api/leaderboard HTTP/1.1\r\nHost: entropy\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 12];
    other.read_exact(&mut buf).await.unwrap();
    assert_eq!(&buf, b"HTTP/1.1 200");
}

/// A connection that finished its TLS handshake and says nothing more,
/// and one that never begins the handshake, are closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_silent_before_or_after_its_tls_handshake_is_closed() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    let made = std::process::Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
            "-nodes",
        ])
        .args(["-days", "2", "-subj", "/CN=localhost"])
        .args(["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        .args(["-addext", "basicConstraints=critical,CA:FALSE", "-keyout"])
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("openssl makes the test's certificate");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let mut config = entropy_server::Config::new(
        "127.0.0.1:0".parse().unwrap(),
        entropy_server::db::sqlite_url(&dir.path().join("server.db")),
    );
    config.tls = Some(entropy_server::Tls {
        cert: cert.clone(),
        key,
    });
    let running = entropy_server::start(
        config,
        std::sync::Arc::new(entropy_server::ManualClock::new(common::START)),
    )
    .await
    .unwrap();
    let addr = running.local_addr();

    // Never begins the handshake.
    let silent = connect_from(30, addr).await.unwrap();

    // Shakes hands, then says nothing.
    let after = tokio::task::spawn_blocking(move || {
        use rustls::pki_types::pem::PemObject;
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut roots = rustls::RootCertStore::empty();
        roots
            .add(rustls::pki_types::CertificateDer::from_pem_file(&cert).unwrap())
            .unwrap();
        let config = rustls::ClientConfig::builder()
            .with_root_certificates(roots)
            .with_no_client_auth();
        let name = rustls::pki_types::ServerName::try_from("localhost").unwrap();
        let tcp = std::net::TcpStream::connect(addr).unwrap();
        tcp.set_read_timeout(Some(SAFETY_NET)).unwrap();
        let mut tls = rustls::StreamOwned::new(
            rustls::ClientConnection::new(std::sync::Arc::new(config), name).unwrap(),
            tcp,
        );
        tls.conn.complete_io(&mut tls.sock).expect("the handshake");
        assert!(!tls.conn.is_handshaking());
        let mut buf = [0u8; 64];
        loop {
            match tls.read(&mut buf) {
                Ok(0) => return true,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock || e.kind() == std::io::ErrorKind::TimedOut => {
                    return false;
                }
                Err(_) => return true,
            }
        }
    });
    ended(silent).await;
    assert!(
        after.await.unwrap(),
        "a connection silent after its handshake was never closed"
    );
    running.shutdown().await;
}

/// 40,000 Watch messages for games that do not exist, from a connection
/// without an account: each is refused, and the server holds nothing for
/// them afterwards.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watching_games_that_do_not_exist_leaves_nothing_held() {
    let server = TestServer::start_with(Limits {
        messages_per_second: 1e9,
        burst: 1e9,
        ..Limits::default()
    })
    .await;
    let mut stranger = server.hello(None).await;
    let count = 40_000;
    for i in 0..count {
        let game = format!("no-such-game-{i}");
        stranger.send(&ClientMessage::Watch { game, since: 0 }).await;
        if i % 1000 == 999 {
            // Read what came so far: the outbox stays far from full.
            stranger.send(&ClientMessage::Ping).await;
            loop {
                match stranger.next().await {
                    Next::Message(ServerMessage::Pong) => break,
                    Next::Message(ServerMessage::Refused { .. }) => {}
                    other => panic!("{other:?}"),
                }
            }
        }
    }
    assert_eq!(server.holds().games, 0, "nothing is held for games that do not exist");
    // One that exists is held while watched, and let go after.
    let ann = server.register("ann").await;
    let bob = server.register("bob").await;
    let mut a = server.hello(Some(&ann.token)).await;
    let mut b = server.hello(Some(&bob.token)).await;
    let options = entropy_protocol::GameOptions::default();
    let game = common::start_game(&mut a, &mut b, options).await;
    stranger
        .send(&ClientMessage::Watch {
            game: game.clone(),
            since: 0,
        })
        .await;
    stranger.expect(|m| matches!(m, ServerMessage::Spectators { .. })).await;
    assert_eq!(server.holds().games, 1);
    stranger.send(&ClientMessage::Unwatch { game }).await;
    stranger.send(&ClientMessage::Ping).await;
    stranger.expect(|m| matches!(m, ServerMessage::Pong)).await;
    assert_eq!(server.holds().games, 0, "a game nobody watches is let go");
}
