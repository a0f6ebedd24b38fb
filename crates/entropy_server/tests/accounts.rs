//! Accounts over HTTP: registration, sign-in, sign-out; what is refused;
//! and what the database keeps (no password, no token).

mod common;

use common::{TestServer, credentials};
use entropy_protocol::{ApiError, ClientMessage, PROTOCOL_VERSION, ServerMessage, SignedIn};

fn error(text: &str) -> String {
    serde_json::from_str::<ApiError>(text)
        .unwrap_or_else(|e| panic!("not an ApiError: {text}: {e}"))
        .error
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_login_logout_and_a_revoked_token_is_refused() {
    let server = TestServer::start().await;
    let ann = server.register("Ann").await;
    assert_eq!(ann.account.name, "Ann");
    assert!(!ann.account.bot);

    // The token signs a WebSocket connection in.
    let mut client = server.connect().await;
    client
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: Some(ann.token.clone()),
        })
        .await;
    let welcome = client.expect(|m| matches!(m, ServerMessage::Welcome { .. })).await;
    assert!(matches!(welcome, ServerMessage::Welcome { account: Some(a), .. } if a.name == "Ann"));

    // Sign in again: a second token, which works as well.
    let (status, text) = server
        .http("POST", "/api/login", Some(credentials("ann", "password-of-Ann")), None)
        .await;
    assert_eq!(status, 200, "{text}");
    let again: SignedIn = serde_json::from_str(&text).unwrap();
    assert_ne!(again.token, ann.token);
    assert_eq!(
        again.account.name, "Ann",
        "the name as registered, whatever case it is typed in"
    );

    // Sign out the first: it is refused from then on, the second still works.
    let (status, text) = server.http("POST", "/api/logout", None, Some(&ann.token)).await;
    assert_eq!(status, 204, "{text}");
    let (status, text) = server.http("POST", "/api/logout", None, Some(&ann.token)).await;
    assert_eq!(status, 401, "{text}");
    assert!(error(&text).contains("not valid"), "{text}");
    let mut refused = server.connect().await;
    refused
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: Some(ann.token.clone()),
        })
        .await;
    let reason = refused.expect_error().await;
    assert!(reason.contains("does not know this session"), "{reason}");
    refused.expect_closed().await;
    server.hello(Some(&again.token)).await;

    let (status, text) = server.http("POST", "/api/logout", None, None).await;
    assert_eq!(status, 401);
    assert!(error(&text).contains("Bearer"), "{text}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_passwords_unknown_names_and_taken_names_are_refused() {
    let server = TestServer::start().await;
    server.register("Bob").await;

    let (status, text) = server
        .http("POST", "/api/login", Some(credentials("Bob", "password-of-bob")), None)
        .await;
    assert_eq!(status, 401);
    assert_eq!(error(&text), "wrong name or password");
    let (status, text) = server
        .http(
            "POST",
            "/api/login",
            Some(credentials("Nobody", "password-of-Bob")),
            None,
        )
        .await;
    assert_eq!(status, 401);
    assert_eq!(
        error(&text),
        "wrong name or password",
        "an unknown name is not told apart"
    );

    for taken in ["Bob", "bob", "BOB"] {
        let (status, text) = server
            .http(
                "POST",
                "/api/register",
                Some(credentials(taken, "another password")),
                None,
            )
            .await;
        assert_eq!(status, 409, "{taken}: {text}");
        assert!(error(&text).contains("taken"), "{text}");
    }

    let (status, text) = server
        .http("POST", "/api/register", Some(credentials("Carl", "short")), None)
        .await;
    assert_eq!(status, 400);
    assert!(error(&text).contains("at least 8"), "{text}");
    let (status, text) = server
        .http(
            "POST",
            "/api/register",
            Some(credentials("Carl Jr", "long enough")),
            None,
        )
        .await;
    assert_eq!(status, 400);
    assert!(error(&text).contains("' '"), "{text}");
    let (status, text) = server
        .http("POST", "/api/register", Some("{\"name\":\"Carl\"}".into()), None)
        .await;
    assert_eq!(status, 422, "{text}");
    assert!(error(&text).contains("password"), "{text}");
    let (status, text) = server
        .http("POST", "/api/register", Some("not json".into()), None)
        .await;
    assert_eq!(status, 400, "{text}");
    error(&text);
    let (status, text) = server
        .http(
            "POST",
            "/api/register",
            Some(format!("\"{}\"", "x".repeat(100_000))),
            None,
        )
        .await;
    assert_eq!(status, 413, "{text}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_keeps_no_password_and_no_token() {
    let server = TestServer::start().await;
    let password = "password-of-Dora";
    let dora = server.register("Dora").await;
    let (_, text) = server
        .http("POST", "/api/login", Some(credentials("Dora", password)), None)
        .await;
    let again: SignedIn = serde_json::from_str(&text).unwrap();
    let path = server.db_path();
    let (dir, _) = server.stop().await;
    let mut bytes = std::fs::read(&path).unwrap();
    for journal in ["server.db-wal", "server.db-journal"] {
        if let Ok(more) = std::fs::read(dir.path().join(journal)) {
            bytes.extend(more);
        }
    }
    let holds = |needle: &str| bytes.windows(needle.len()).any(|w| w == needle.as_bytes());
    assert!(holds("Dora"), "the search finds what is there");
    assert!(holds("$argon2id$"), "the password is kept as its Argon2id hash");
    assert!(!holds(password), "the password is in the database");
    assert!(!holds(&dora.token), "a token is in the database");
    assert!(!holds(&again.token), "a token is in the database");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_read_only_api_answers_and_says_what_is_missing() {
    let server = TestServer::start().await;
    server.register("Eve").await;
    let (status, text) = server.http("GET", "/api/players/eve/games", None, None).await;
    assert_eq!((status, text.as_str()), (200, "[]"));
    let (status, text) = server.http("GET", "/api/players/nobody/games", None, None).await;
    assert_eq!(status, 404);
    assert!(error(&text).contains("no player"), "{text}");
    let (status, text) = server.http("GET", "/api/games/nosuchgame", None, None).await;
    assert_eq!(status, 404);
    assert!(error(&text).contains("no finished game"), "{text}");
    let (status, text) = server.http("GET", "/api/leaderboard?pool=7x7-match", None, None).await;
    assert_eq!((status, text.as_str()), (200, "[]"));
    let (status, text) = server.http("GET", "/nowhere", None, None).await;
    assert_eq!(status, 404);
    error(&text);
    server.stop().await;
}
