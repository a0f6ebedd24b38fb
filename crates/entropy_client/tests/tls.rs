//! Encrypted end to end: an entropy-server in the test's process with a
//! certificate for `localhost` and 127.0.0.1 issued by a private
//! certificate authority (rcgen, ring); clients that trust that authority
//! ([`Server::with_ca_file`]) register over `https://`, play and watch a
//! game over `wss://` and download its file; clients that do not are
//! refused with an error saying so, at once; a server given a missing or
//! malformed certificate or key does not start and names the file.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use entropy_client::{ClientError, Connection, GameView, Incoming, Server};
use entropy_protocol::{ClientMessage, Credentials, Format, GameOptions, ServerMessage, Speed};
use entropy_rules::Role;
use entropy_server::{Config, ManualClock, Running, StartError, Tls};
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};

/// How long anything that should come at once may take before the test fails.
const SAFETY_NET: Duration = Duration::from_secs(30);

/// 2026-03-01 12:00 UTC.
const START: i64 = 1_772_366_400_000;

/// A certificate authority: its certificate (PEM) and what it signs with.
struct Authority {
    pem: String,
    issuer: Issuer<'static, KeyPair>,
}

fn authority(name: &str) -> Authority {
    let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
    params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    params.distinguished_name.push(DnType::CommonName, name);
    params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::DigitalSignature];
    let key = KeyPair::generate().unwrap();
    let pem = params.self_signed(&key).unwrap().pem();
    Authority {
        pem,
        issuer: Issuer::new(params, key),
    }
}

/// A server certificate for localhost and 127.0.0.1 signed by `ca`: the
/// certificate's PEM and its key's.
fn server_certificate(ca: &Authority) -> (String, String) {
    let params = CertificateParams::new(vec!["localhost".to_string(), "127.0.0.1".to_string()]).unwrap();
    let key = KeyPair::generate().unwrap();
    let cert = params.signed_by(&key, &ca.issuer).unwrap();
    (cert.pem(), key.serialize_pem())
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn config(dir: &Path, cert: PathBuf, key: PathBuf) -> Config {
    let mut config = Config::new(
        "127.0.0.1:0".parse().unwrap(),
        entropy_server::db::sqlite_url(&dir.join("server.db")),
    );
    config.tls = Some(Tls { cert, key });
    config
}

/// A server with a certificate of `ca`'s, and the file of `ca`'s certificate.
async fn tls_server(dir: &Path, ca: &Authority) -> (Running, PathBuf) {
    let (cert, key) = server_certificate(ca);
    let config = config(dir, write(dir, "cert.pem", &cert), write(dir, "key.pem", &key));
    let running = entropy_server::start(config, Arc::new(ManualClock::new(START)))
        .await
        .unwrap_or_else(|e| panic!("the server did not start: {e}"));
    (running, write(dir, "ca.pem", &ca.pem))
}

async fn within<T>(what: &str, future: impl Future<Output = T>) -> T {
    tokio::time::timeout(SAFETY_NET, future)
        .await
        .unwrap_or_else(|_| panic!("{what}: nothing within {} s", SAFETY_NET.as_secs()))
}

fn credentials(name: &str) -> Credentials {
    Credentials {
        name: name.into(),
        password: format!("password of {name}"),
        bot: false,
    }
}

/// The next message that `wanted` takes, skipping others.
async fn expect(connection: &mut Connection, wanted: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
    within("a message", async {
        loop {
            match connection.recv().await {
                Some(Incoming::Message(m)) if wanted(&m) => return m,
                Some(Incoming::Message(_) | Incoming::Reconnected) => {}
                other => panic!("the connection said {other:?}"),
            }
        }
    })
    .await
}

/// Reads `connection`'s events of its game into `view` until `done` holds.
async fn follow(connection: &mut Connection, view: &mut GameView, done: impl Fn(&GameView) -> bool) {
    while !done(view) {
        let message = expect(connection, |m| matches!(m, ServerMessage::Event { .. })).await;
        if let ServerMessage::Event {
            game,
            version,
            event,
            clocks,
        } = message
            && game == view.id()
        {
            view.apply_with_clocks(version, event, clocks).unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_and_wss_with_a_private_certificate_authority() {
    let dir = tempfile::tempdir().unwrap();
    let ca = authority("Entropy test CA");
    let (running, ca_file) = tls_server(dir.path(), &ca).await;
    let port = running.local_addr().port();

    // By name and by address, https:// and wss:// alike.
    let by_name = Server::new(&format!("https://localhost:{port}"))
        .unwrap()
        .with_ca_file(&ca_file)
        .unwrap();
    let by_address = Server::new(&format!("wss://127.0.0.1:{port}"))
        .unwrap()
        .with_root_certificates(ca.pem.as_bytes())
        .unwrap();
    let ann = within("register", by_name.register(&credentials("Ann"))).await.unwrap();
    let bob = within("register", by_address.register(&credentials("Bob")))
        .await
        .unwrap();
    let mut ann_ws = within("connect", by_name.connect(Some(ann.token))).await.unwrap();
    let mut bob_ws = within("connect", by_address.connect(Some(bob.token))).await.unwrap();
    let mut watcher = within("connect", by_name.connect(None)).await.unwrap();
    assert_eq!(ann_ws.account().map(|a| a.name.as_str()), Some("Ann"));

    let options = GameOptions {
        size: 5,
        format: Format::Match,
        speed: Speed::Live { seconds: 300 },
        rated: false,
    };
    ann_ws.send(ClientMessage::Seek { options }).unwrap();
    let ServerMessage::SeekPosted { seek } =
        expect(&mut ann_ws, |m| matches!(m, ServerMessage::SeekPosted { .. })).await
    else {
        unreachable!()
    };
    bob_ws.send(ClientMessage::Accept { seek: seek.id }).unwrap();
    let ServerMessage::GameStarted { game } =
        expect(&mut bob_ws, |m| matches!(m, ServerMessage::GameStarted { .. })).await
    else {
        unreachable!()
    };
    expect(&mut ann_ws, |m| *m == ServerMessage::GameStarted { game: game.clone() }).await;

    let mut players = [
        (ann_ws, GameView::new(game.clone())),
        (bob_ws, GameView::new(game.clone())),
    ];
    let mut watched = GameView::new(game.clone());
    for (connection, _) in &players {
        connection
            .send(ClientMessage::Watch {
                game: game.clone(),
                since: 0,
            })
            .unwrap();
    }
    watcher
        .send(ClientMessage::Watch {
            game: game.clone(),
            since: 0,
        })
        .unwrap();

    // Chaos's first placement, on the first vacant cell.
    let (ann_ws, ann_view) = &mut players[0];
    follow(ann_ws, ann_view, |v| (0..2).any(|p| !v.owed(p).is_empty())).await;
    let chaos = (0..2u8).find(|&p| !ann_view.owed(p).is_empty()).unwrap();
    let owed = ann_view.owed(chaos)[0];
    assert_eq!(owed.role, Role::Chaos);
    let cell = owed.position.board().vacant().into_iter().next().unwrap();
    let version = ann_view.version();
    let (connection, _) = &players[usize::from(chaos)];
    connection
        .send(ClientMessage::Play {
            game: game.clone(),
            version,
            action: cell.to_string(),
        })
        .unwrap();
    let placed = |v: &GameView| v.owed(chaos).is_empty() && v.version() > version;
    for (connection, view) in &mut players {
        follow(connection, view, placed).await;
    }
    follow(&mut watcher, &mut watched, placed).await;
    assert_eq!(
        watched.position(0).unwrap().board().vacant().len() + 1,
        owed.position.board().vacant().len()
    );

    // Bob resigns; everyone sees the end, and the file comes over https.
    players[1].0.send(ClientMessage::Resign { game: game.clone() }).unwrap();
    for (connection, view) in &mut players {
        follow(connection, view, GameView::is_over).await;
    }
    follow(&mut watcher, &mut watched, GameView::is_over).await;
    let bob_lost = if watched.player_named("Bob") == Some(0) {
        "0-1"
    } else {
        "1-0"
    };
    assert_eq!(watched.end().unwrap().result, bob_lost);
    let file = within("the game's file", by_address.game_file(&game)).await.unwrap();
    assert!(file.contains(&game), "{file}");

    drop(players);
    drop(watcher);
    running.shutdown().await;
}

/// Whether a message prints bytes as a list of numbers (`[78, 79, …]`)
/// rather than saying what is wrong.
fn lists_bytes(text: &str) -> bool {
    text.match_indices('[')
        .any(|(at, _)| text[at + 1..].starts_with(|c: char| c.is_ascii_digit()))
}

/// The reason of a refused HTTP call or WebSocket.
fn reason(error: ClientError) -> String {
    match error {
        ClientError::Http { reason, .. } | ClientError::WebSocket(reason) => reason,
        other => panic!("not a refusal of the connection: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_trust_the_certificate_is_refused_and_told_why() {
    let dir = tempfile::tempdir().unwrap();
    let ca = authority("Entropy test CA");
    let (running, _) = tls_server(dir.path(), &ca).await;
    let url = format!("https://localhost:{}", running.local_addr().port());

    // The Mozilla roots only, and another private authority: each refused
    // at once over HTTPS and over WSS, saying the certificate is not trusted.
    let other = authority("Another CA");
    let untrusting = [
        Server::new(&url).unwrap(),
        Server::new(&url)
            .unwrap()
            .with_root_certificates(other.pem.as_bytes())
            .unwrap(),
    ];
    for server in untrusting {
        let error = within("register", server.register(&credentials("Eve")))
            .await
            .unwrap_err();
        let why = reason(error);
        assert!(
            why.contains("not one this client trusts") && why.contains("--ca-file"),
            "{why}"
        );
        let error = within("connect", server.connect(None)).await.unwrap_err();
        let why = reason(error);
        assert!(why.contains("not one this client trusts"), "{why}");
    }
    // Eve's name is still free: nothing of hers reached the server.
    let trusting = Server::new(&url)
        .unwrap()
        .with_root_certificates(ca.pem.as_bytes())
        .unwrap();
    within("register", trusting.register(&credentials("Eve")))
        .await
        .unwrap();

    // Plain ws:// on the TLS port: an error, not a hang.
    let plain = Server::new(&url.replace("https://", "ws://")).unwrap();
    let error = within("connect", plain.connect(None)).await.unwrap_err();
    assert!(matches!(error, ClientError::WebSocket(_)), "{error:?}");

    // Certificate authority files that are no such thing, each named.
    let missing = dir.path().join("missing-ca.pem");
    let garbage = write(dir.path(), "garbage.pem", "not a certificate at all\n");
    let key_only = write(
        dir.path(),
        "key-only.pem",
        &KeyPair::generate().unwrap().serialize_pem(),
    );
    let bad_base64 = write(
        dir.path(),
        "bad-base64.pem",
        "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n",
    );
    for path in [&missing, &garbage, &key_only, &bad_base64] {
        let error = Server::new(&url).unwrap().with_ca_file(path).unwrap_err();
        let ClientError::Tls(why) = &error else {
            panic!("{error:?}")
        };
        assert!(why.contains(&path.display().to_string()), "{why}");
        assert!(
            error.to_string().starts_with("TLS: the certificate authority file"),
            "{error}"
        );
    }
    assert!(Server::new(&url).unwrap().with_root_certificates(b"").is_err());
    running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_does_not_start_without_its_certificate_and_key_and_names_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let ca = authority("Entropy test CA");
    let (cert, key) = server_certificate(&ca);
    let (_, other_key) = server_certificate(&ca);
    let cert = write(dir.path(), "cert.pem", &cert);
    let key = write(dir.path(), "key.pem", &key);
    let other_key = write(dir.path(), "other-key.pem", &other_key);
    let missing = dir.path().join("missing.pem");
    let garbage = write(dir.path(), "garbage.pem", "-----BEGIN NOTHING-----\nabc\n");
    let empty = write(dir.path(), "empty.pem", "");

    let named = |what: &str, path: &Path| format!("the {what} file {}:", path.display());
    let cases = [
        (&missing, &key, named("certificate", &missing)),
        (&garbage, &key, named("certificate", &garbage)),
        (&empty, &key, named("certificate", &empty)),
        // The key where the certificate should be.
        (&key, &key, named("certificate", &key)),
        (&cert, &missing, named("key", &missing)),
        (&cert, &garbage, named("key", &garbage)),
        // The certificate where the key should be.
        (&cert, &cert, named("key", &cert)),
        // Another certificate's key: both files named.
        (
            &cert,
            &other_key,
            format!("the certificate {} and the key {}", cert.display(), other_key.display()),
        ),
    ];
    for (cert_file, key_file, said) in cases {
        let config = config(dir.path(), cert_file.clone(), key_file.clone());
        let error = match entropy_server::start(config, Arc::new(ManualClock::new(START))).await {
            Ok(_) => panic!("started with {} and {}", cert_file.display(), key_file.display()),
            Err(error) => error,
        };
        assert!(matches!(error, StartError::Tls(_)), "{error:?}");
        let text = error.to_string();
        assert!(text.contains(&said), "{text}");
        // No bytes printed as numbers: the PEM's faults in words.
        assert!(!lists_bytes(&text), "{text}");
    }
    // Nothing was left behind: the certificate is checked before the database is opened.
    assert!(!dir.path().join("server.db").exists());

    // And with the right files it starts.
    let running = entropy_server::start(config(dir.path(), cert, key), Arc::new(ManualClock::new(START)))
        .await
        .unwrap();
    running.shutdown().await;
}
