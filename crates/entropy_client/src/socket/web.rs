//! The WebSocket in the browser: the browser's own (through `gloo-net`),
//! which does TLS itself for `wss://` against the browser's trust.

use futures_util::{SinkExt, StreamExt};
use gloo_net::websocket::futures::WebSocket;
use gloo_net::websocket::{Message, WebSocketError};

use super::Frame;
use crate::{ClientError, Endpoint};

/// How a socket is opened: the browser decides all of it.
#[derive(Clone, Debug)]
pub(crate) struct Connector;

/// An open WebSocket.
pub(crate) struct Socket(WebSocket);

impl Socket {
    /// Opens the socket to `endpoint`'s WebSocket. The browser opens it in
    /// the background: a socket that cannot open fails its first frame.
    pub(crate) async fn open(endpoint: &Endpoint, _: &Connector) -> Result<Socket, ClientError> {
        WebSocket::open(&endpoint.ws_url())
            .map(Socket)
            .map_err(|e| ClientError::WebSocket(format!("cannot connect to {}: {e}", endpoint.ws_url())))
    }

    /// The next frame; `None` once the socket has ended.
    pub(crate) async fn next(&mut self) -> Option<Frame> {
        Some(match self.0.next().await? {
            Ok(Message::Text(text)) => Frame::Text(text),
            Ok(Message::Bytes(_)) => Frame::Binary,
            Err(WebSocketError::ConnectionClose(event)) => Frame::Close(event.reason),
            Err(WebSocketError::ConnectionError) => Frame::Failed("the connection failed".into()),
            Err(e) => Frame::Failed(e.to_string()),
        })
    }

    /// Sends `text` as a text frame (once the socket is open).
    pub(crate) async fn send(&mut self, text: String) -> Result<(), String> {
        self.0.send(Message::Text(text)).await.map_err(|e| e.to_string())
    }

    /// Closes the socket.
    pub(crate) async fn close(self) {
        let _ = self.0.close(None, None);
    }
}
