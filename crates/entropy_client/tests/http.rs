//! The HTTP API against a stand-in server on 127.0.0.1 that answers each
//! request from a table and keeps what it was asked.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use entropy_client::{ClientError, Server};
use entropy_protocol::{Account, Credentials, SignedIn};

/// A request as the stand-in read it.
#[derive(Clone, Debug, Default)]
struct Request {
    line: String,
    authorization: Option<String>,
    body: String,
}

/// Serves `answers` (status, body) in order, one connection each.
fn stand_in(answers: Vec<(u16, String)>) -> (String, Arc<Mutex<Vec<Request>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let kept = Arc::clone(&seen);
    std::thread::spawn(move || {
        for (status, body) in answers {
            let (stream, _) = listener.accept().unwrap();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut request = Request::default();
            reader.read_line(&mut request.line).unwrap();
            let mut length = 0;
            loop {
                let mut header = String::new();
                reader.read_line(&mut header).unwrap();
                let header = header.trim_end();
                if header.is_empty() {
                    break;
                }
                let (name, value) = header.split_once(": ").unwrap();
                match name.to_ascii_lowercase().as_str() {
                    "content-length" => length = value.parse().unwrap(),
                    "authorization" => request.authorization = Some(value.to_string()),
                    _ => {}
                }
            }
            let mut bytes = vec![0; length];
            reader.read_exact(&mut bytes).unwrap();
            request.body = String::from_utf8(bytes).unwrap();
            kept.lock().unwrap().push(request);
            let mut stream = stream;
            write!(
                stream,
                "HTTP/1.1 {status} X\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            )
            .unwrap();
        }
    });
    (url, seen)
}

fn credentials() -> Credentials {
    Credentials {
        name: "robot".into(),
        password: "pw".into(),
        bot: true,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_call_asks_its_path_and_reads_its_answer() {
    let signed = SignedIn {
        token: "tok".into(),
        account: Account {
            name: "robot".into(),
            bot: true,
        },
    };
    let (url, seen) = stand_in(vec![
        (200, entropy_protocol::encode(&signed)),
        (409, r#"{"error":"the name robot is taken"}"#.into()),
        (200, "[]".into()),
        (200, "[Size \"7\"]\n".into()),
        (204, String::new()),
        (200, "{\"not\":\"a list\"}".into()),
        (502, "<html>bad gateway</html>".into()),
    ]);
    // The WebSocket's address names the same server.
    let server = Server::new(&url.replace("http://", "ws://")).unwrap();
    assert_eq!(server.login(&credentials()).await.unwrap(), signed);
    assert_eq!(
        server.register(&credentials()).await.unwrap_err(),
        ClientError::Api {
            status: 409,
            error: "the name robot is taken".into()
        }
    );
    assert!(server.player_games("a b/c").await.unwrap().is_empty());
    assert_eq!(server.game_file("k3f9").await.unwrap(), "[Size \"7\"]\n");
    server.logout("tok").await.unwrap();
    let error = server.leaderboard("7x7-match").await.unwrap_err();
    assert!(matches!(error, ClientError::Malformed { .. }), "{error}");
    let error = server.game_file("x").await.unwrap_err();
    assert!(
        matches!(&error, ClientError::Api { status: 502, error } if error.contains("bad gateway")),
        "{error}"
    );

    let seen = seen.lock().unwrap();
    let lines: Vec<&str> = seen.iter().map(|r| r.line.trim_end()).collect();
    assert_eq!(
        lines,
        [
            "POST /api/login HTTP/1.1",
            "POST /api/register HTTP/1.1",
            "GET /api/players/a%20b%2Fc/games HTTP/1.1",
            "GET /api/games/k3f9 HTTP/1.1",
            "POST /api/logout HTTP/1.1",
            "GET /api/leaderboard?pool=7x7-match HTTP/1.1",
            "GET /api/games/x HTTP/1.1",
        ]
    );
    let sent: Credentials = serde_json::from_str(&seen[0].body).unwrap();
    assert_eq!(sent, credentials());
    assert_eq!(seen[4].authorization.as_deref(), Some("Bearer tok"));
    assert_eq!(seen[0].authorization, None);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_servers_key_is_read_and_checked() {
    let key = entropy_protocol::signature::SigningKey::from_bytes([3; 32]).public_hex();
    let answer = |key: &str, algorithm: &str| {
        entropy_protocol::encode(&entropy_protocol::ServerKey {
            key: key.into(),
            algorithm: algorithm.into(),
        })
    };
    let (url, seen) = stand_in(vec![
        (200, answer(&key.to_uppercase(), "ed25519")),
        (200, answer(&key, "rsa")),
        (200, answer("beef", "ed25519")),
    ]);
    let server = Server::new(&url).unwrap();
    assert_eq!(server.server_key().await.unwrap(), key);
    for wrong in ["algorithm is \"rsa\"", "not an Ed25519 public key"] {
        let error = server.server_key().await.unwrap_err();
        assert!(
            matches!(&error, ClientError::Malformed { .. }) && error.to_string().contains(wrong),
            "{error}"
        );
    }
    let seen = seen.lock().unwrap();
    assert!(seen.iter().all(|r| r.line.trim_end() == "GET /api/key HTTP/1.1"));
}

#[tokio::test]
async fn no_server_is_a_clear_error() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let error = Server::new(&url).unwrap().player_games("ann").await.unwrap_err();
    match error {
        ClientError::Http { what, .. } => assert_eq!(what, "/api/players/ann/games"),
        other => panic!("{other}"),
    }
    assert!(matches!(Server::new("gopher://x"), Err(ClientError::Url(_))));
}
