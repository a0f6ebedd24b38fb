//! What a connection to the server hands on, whichever carries it (the
//! tokio connection here, the browser's WebSocket in the web game).

use entropy_protocol::ServerMessage;

/// What the connection hands on.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    /// A message from the server.
    Message(ServerMessage),
    /// A message from the server that could not be read, and why; it is
    /// skipped and the connection goes on.
    Malformed(String),
    /// The connection was lost (why): the client is connecting again.
    Lost(String),
    /// The connection is back: signed in again, the games followed
    /// watched again from where they were, unanswered moves sent again.
    Reconnected,
    /// The connection is over for good: the server refused the session on
    /// a reconnection (why). Nothing more comes.
    Closed(String),
}
