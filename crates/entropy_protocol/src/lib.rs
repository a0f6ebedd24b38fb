//! What the Entropy server and its clients say to each other: the messages
//! of the WebSocket protocol ([`ClientMessage`], [`ServerMessage`]), the
//! versioned events of a game ([`GameEvent`]), the bodies of the HTTP API,
//! a move's notation ([`notation`]), the commit and reveal of a match's
//! seed ([`fairness`]), and the server's
//! signature on a finished match file ([`signature`]).
//!
//! Plain Rust and serde: no engine, no runtime, no I/O. The server, the
//! command-line tool and the game all use it, so they cannot disagree on a
//! message. `docs/online.md` describes the protocol for people.
//!
//! Every message is one JSON object in one WebSocket text frame, with a
//! `"type"` naming it:
//!
//! ```
//! use entropy_protocol::{ClientMessage, decode_client};
//!
//! let message = decode_client(r#"{"type":"play","game":"g1","version":3,"action":"Dc"}"#).unwrap();
//! assert_eq!(
//!     message,
//!     ClientMessage::Play { game: "g1".into(), version: 3, action: "Dc".into() }
//! );
//! let refused = decode_client(r#"{"type":"play","game":"g1"}"#).unwrap_err();
//! assert!(refused.to_string().contains("version"), "{refused}");
//! ```

mod events;
pub mod fairness;
pub mod lobby;
mod messages;
pub mod notation;
pub mod signature;

pub use events::*;
pub use messages::*;

/// The protocol's version, sent in [`ClientMessage::Hello`]: a server
/// refuses a client that speaks another. Version 2 added the players'
/// ratings to the lobby ([`OnlinePlayer`]), the spectators of a game
/// ([`ServerMessage::Spectators`], [`LiveGame::spectators`]) and the
/// ratings' change at a rated game's end ([`GameEvent::Rated`]). Version 3
/// sends a lobby too large for one message in parts ([`lobby`]). Version 4
/// gives the count between the two rounds its time: round 2's first draw,
/// and with it a clock, waits until both players have seen the count end
/// ([`ClientMessage::CountSeen`], [`GameEvent::CountSeen`]) or the server's
/// bound has passed.
pub const PROTOCOL_VERSION: u32 = 4;

/// The largest message either side accepts, in bytes: the one limit of
/// both sides. A server never sends a larger one (a lobby comes in parts,
/// [`lobby::parts`]), and a client refuses one (a frame is read up to it).
pub const MAX_MESSAGE: usize = 16 * 1024;

/// A message that could not be read: what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Longer than [`MAX_MESSAGE`] bytes.
    TooLarge { bytes: usize },
    /// Not a message of the protocol: serde's words, which name the field.
    Malformed(String),
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DecodeError::TooLarge { bytes } => {
                write!(f, "the message has {bytes} bytes; at most {MAX_MESSAGE} are read")
            }
            DecodeError::Malformed(why) => write!(f, "not a message of the protocol: {why}"),
        }
    }
}

impl std::error::Error for DecodeError {}

fn decode<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, DecodeError> {
    if text.len() > MAX_MESSAGE {
        return Err(DecodeError::TooLarge { bytes: text.len() });
    }
    serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))
}

/// Reads a message a client sent; never panics, whatever the text.
pub fn decode_client(text: &str) -> Result<ClientMessage, DecodeError> {
    decode(text)
}

/// Reads a message a server sent; never panics, whatever the text.
pub fn decode_server(text: &str) -> Result<ServerMessage, DecodeError> {
    decode(text)
}

/// Writes a message as the one line of JSON a frame carries.
pub fn encode<T: serde::Serialize>(message: &T) -> String {
    serde_json::to_string(message).expect("the protocol's messages always serialize")
}
