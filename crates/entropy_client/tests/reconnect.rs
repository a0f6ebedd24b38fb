//! The connection against a stand-in server on 127.0.0.1: it signs in,
//! passes messages both ways, and after the server drops it comes back
//! with its token, watches its game from the last version it saw, and sends
//! again the move that had no answer.

use std::time::Duration;

use entropy_client::{ClientError, Incoming, Server};
use entropy_protocol::{Account, ClientMessage, GameEvent, PROTOCOL_VERSION, ServerMessage, decode_client, encode};
use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

/// Long enough for anything here on a loaded machine; a test waits for
/// each thing to happen, and this only bounds a test that hangs.
const BOUND: Duration = Duration::from_secs(30);

type Ws = WebSocketStream<TcpStream>;

async fn accept(listener: &TcpListener) -> Ws {
    let (tcp, _) = tokio::time::timeout(BOUND, listener.accept()).await.unwrap().unwrap();
    tokio_tungstenite::accept_async(tcp).await.unwrap()
}

/// The next message the client sent, pings skipped.
async fn read(ws: &mut Ws) -> ClientMessage {
    loop {
        let frame = tokio::time::timeout(BOUND, ws.next()).await.unwrap().unwrap().unwrap();
        if let Message::Text(text) = frame {
            let message = decode_client(&text).unwrap();
            if message != ClientMessage::Ping {
                return message;
            }
        }
    }
}

async fn write(ws: &mut Ws, message: &ServerMessage) {
    ws.send(Message::text(encode(message))).await.unwrap();
}

async fn welcome(ws: &mut Ws, token: &str) {
    assert_eq!(
        read(ws).await,
        ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: Some(token.into())
        }
    );
    let account = Account {
        name: "robot".into(),
        bot: true,
    };
    write(
        ws,
        &ServerMessage::Welcome {
            protocol: PROTOCOL_VERSION,
            account: Some(account),
        },
    )
    .await;
}

fn event(version: u64, event: GameEvent) -> ServerMessage {
    ServerMessage::Event {
        game: "g".into(),
        version,
        event,
        clocks: None,
    }
}

fn drew(colour: u8) -> GameEvent {
    GameEvent::Drew { board: 0, colour }
}

async fn next(connection: &mut entropy_client::Connection) -> Incoming {
    tokio::time::timeout(BOUND, connection.recv()).await.unwrap().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_connection_comes_back_where_it_was() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let stand_in = tokio::spawn(async move {
        let mut ws = accept(&listener).await;
        welcome(&mut ws, "t0k").await;
        assert_eq!(read(&mut ws).await, ClientMessage::WatchLobby);
        assert_eq!(
            read(&mut ws).await,
            ClientMessage::Watch {
                game: "g".into(),
                since: 0
            }
        );
        for (version, colour) in [(1, 1), (2, 2), (3, 3)] {
            write(&mut ws, &event(version, drew(colour))).await;
        }
        let play = read(&mut ws).await;
        assert_eq!(
            play,
            ClientMessage::Play {
                game: "g".into(),
                version: 3,
                action: "Cc".into()
            }
        );
        // Gone without an answer, and without a close frame.
        drop(ws);
        let mut ws = accept(&listener).await;
        welcome(&mut ws, "t0k").await;
        assert_eq!(read(&mut ws).await, ClientMessage::WatchLobby);
        assert_eq!(
            read(&mut ws).await,
            ClientMessage::Watch {
                game: "g".into(),
                since: 3
            }
        );
        assert_eq!(read(&mut ws).await, play, "the unanswered move, sent again");
        write(
            &mut ws,
            &event(
                4,
                GameEvent::Moved {
                    board: 0,
                    player: 1,
                    action: "Cc".into(),
                    left_ms: None,
                    forced: false,
                },
            ),
        )
        .await;
        // Something the protocol does not know: said, and the connection goes on.
        ws.send(Message::text("{\"type\":\"nonsense\"}")).await.unwrap();
        write(&mut ws, &ServerMessage::Pong).await;
        // Nothing more is sent again: the move had its answer.
        assert_eq!(read(&mut ws).await, ClientMessage::Resign { game: "g".into() });
    });

    let server = Server::new(&url).unwrap();
    let mut connection = server.connect(Some("t0k".into())).await.unwrap();
    assert_eq!(connection.account().map(|a| a.name.as_str()), Some("robot"));
    connection.send(ClientMessage::WatchLobby).unwrap();
    connection
        .send(ClientMessage::Watch {
            game: "g".into(),
            since: 0,
        })
        .unwrap();
    for version in 1..=3 {
        match next(&mut connection).await {
            Incoming::Message(ServerMessage::Event { version: v, .. }) => assert_eq!(v, version),
            other => panic!("{other:?}"),
        }
    }
    connection
        .send(ClientMessage::Play {
            game: "g".into(),
            version: 3,
            action: "Cc".into(),
        })
        .unwrap();
    assert!(matches!(next(&mut connection).await, Incoming::Lost(_)));
    assert_eq!(next(&mut connection).await, Incoming::Reconnected);
    match next(&mut connection).await {
        Incoming::Message(ServerMessage::Event { version, event, .. }) => {
            assert_eq!(version, 4);
            assert!(matches!(event, GameEvent::Moved { .. }));
        }
        other => panic!("{other:?}"),
    }
    match next(&mut connection).await {
        Incoming::Malformed(why) => assert!(why.contains("nonsense"), "{why}"),
        other => panic!("{other:?}"),
    }
    assert_eq!(next(&mut connection).await, Incoming::Message(ServerMessage::Pong));
    connection.send(ClientMessage::Resign { game: "g".into() }).unwrap();
    tokio::time::timeout(BOUND, stand_in).await.unwrap().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_hello_is_an_error_and_no_server_is_another() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let stand_in = tokio::spawn(async move {
        let mut ws = accept(&listener).await;
        read(&mut ws).await;
        let reason = "the session has ended: sign in again".to_string();
        write(&mut ws, &ServerMessage::Error { reason }).await;
        // Kept open until the client has read it.
        let _ = tokio::time::timeout(BOUND, ws.next()).await;
    });
    let server = Server::new(&url).unwrap();
    let error = server.connect(Some("old".into())).await.unwrap_err();
    assert_eq!(
        error,
        ClientError::Refused("the session has ended: sign in again".into())
    );
    stand_in.abort();

    // Nobody listens on a port just freed.
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    drop(listener);
    let error = Server::new(&url).unwrap().connect(None).await.unwrap_err();
    assert!(
        matches!(&error, ClientError::WebSocket(why) if why.contains("cannot connect")),
        "{error}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_welcome_in_another_protocol_is_refused_saying_so() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    let stand_in = tokio::spawn(async move {
        let mut ws = accept(&listener).await;
        read(&mut ws).await;
        let welcome = ServerMessage::Welcome {
            protocol: PROTOCOL_VERSION + 7,
            account: None,
        };
        write(&mut ws, &welcome).await;
        let _ = tokio::time::timeout(BOUND, ws.next()).await;
    });
    let error = Server::new(&url).unwrap().connect(None).await.unwrap_err();
    let ClientError::Refused(why) = &error else {
        panic!("{error}")
    };
    assert!(why.contains(&format!("protocol {}", PROTOCOL_VERSION + 7)), "{why}");
    stand_in.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_gone_quiet_is_taken_for_lost_within_the_liveness_asked_for() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("ws://{}", listener.local_addr().unwrap());
    // The stand-in says Welcome, then reads what comes and answers nothing
    // (not even a ping): a connection that carries nothing.
    let stand_in = tokio::spawn(async move {
        let mut ws = accept(&listener).await;
        welcome(&mut ws, "t").await;
        while let Some(Ok(_)) = ws.next().await {}
    });
    let liveness = entropy_client::Liveness {
        ping_every: Duration::from_millis(100),
        silence: Duration::from_millis(300),
    };
    let server = Server::new(&url).unwrap();
    let mut connection = server.connect_with(Some("t".into()), liveness).await.unwrap();
    match next(&mut connection).await {
        Incoming::Lost(why) => assert!(why.contains("said nothing"), "{why}"),
        other => panic!("{other:?}"),
    }
    stand_in.abort();
}
