//! The WebSocket itself, as the connection's session sees it: opened to an
//! endpoint, text frames out, [`Frame`]s in. Outside the browser it is
//! tokio-tungstenite (with rustls for `wss://`); in the browser, the
//! browser's own WebSocket (which does TLS itself).

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

#[cfg(not(target_arch = "wasm32"))]
pub(crate) use native::{Connector, Socket};
#[cfg(target_arch = "wasm32")]
pub(crate) use web::{Connector, Socket};

/// What the socket received.
pub(crate) enum Frame {
    /// A text frame: the protocol's messages.
    Text(String),
    /// A binary frame, which the protocol never sends.
    Binary,
    /// The server closed the socket, with its reason (maybe empty).
    Close(String),
    /// The socket failed, why.
    Failed(String),
    /// A frame that carries nothing for the protocol (a ping, a pong; the
    /// browser answers them itself).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    Nothing,
}
