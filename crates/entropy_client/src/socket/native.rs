//! The WebSocket outside the browser: tokio-tungstenite, with rustls and
//! ring for `wss://` (the Mozilla roots, or the certificate authorities
//! given instead).

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::Frame;
use crate::trust::{Roots, tls_hint};
use crate::{ClientError, Endpoint};

/// How a socket is opened: plain for `ws`, TLS with the roots trusted for `wss`.
pub(crate) type Connector = tokio_tungstenite::Connector;

/// The largest frame the socket takes. Larger than the protocol's
/// [`entropy_protocol::MAX_MESSAGE`] so that a message too large is
/// refused by [`entropy_protocol::decode_server`] (and said,
/// [`crate::Incoming::Malformed`]) rather than breaking the connection
/// again and again.
const MAX_FRAME: usize = 64 * entropy_protocol::MAX_MESSAGE;

/// An open WebSocket.
pub(crate) struct Socket(WebSocketStream<MaybeTlsStream<TcpStream>>);

impl Socket {
    /// The TLS connector for `endpoint`: rustls with ring and `roots`,
    /// else the Mozilla roots (`webpki-roots`), for `wss`; none for `ws`.
    pub(crate) fn connector(endpoint: &Endpoint, roots: Option<&Roots>) -> Result<Connector, ClientError> {
        if !endpoint.tls() {
            return Ok(Connector::Plain);
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let roots = match roots {
            None => rustls::RootCertStore {
                roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
            },
            Some(roots) => {
                let mut store = rustls::RootCertStore::empty();
                for cert in roots.iter() {
                    store
                        .add(cert.clone())
                        .map_err(|e| ClientError::Tls(format!("a certificate authority: {e}")))?;
                }
                store
            }
        };
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| ClientError::WebSocket(format!("TLS: {e}")))?
            .with_root_certificates(roots)
            .with_no_client_auth();
        Ok(Connector::Rustls(Arc::new(config)))
    }

    /// Opens the socket to `endpoint`'s WebSocket.
    pub(crate) async fn open(endpoint: &Endpoint, connector: &Connector) -> Result<Socket, ClientError> {
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_FRAME))
            .max_frame_size(Some(MAX_FRAME));
        let (socket, _) = tokio_tungstenite::connect_async_tls_with_config(
            endpoint.ws_url(),
            Some(config),
            true,
            Some(connector.clone()),
        )
        .await
        .map_err(|e| {
            ClientError::WebSocket(format!(
                "cannot connect to {}: {}",
                endpoint.ws_url(),
                tls_hint(e.to_string())
            ))
        })?;
        Ok(Socket(socket))
    }

    /// The next frame; `None` once the socket has ended.
    pub(crate) async fn next(&mut self) -> Option<Frame> {
        Some(match self.0.next().await? {
            Err(e) => Frame::Failed(e.to_string()),
            Ok(Message::Text(text)) => Frame::Text(text.as_str().to_string()),
            Ok(Message::Binary(_)) => Frame::Binary,
            Ok(Message::Close(frame)) => Frame::Close(frame.map_or_else(String::new, |f| f.reason.to_string())),
            Ok(_) => Frame::Nothing,
        })
    }

    /// Sends `text` as a text frame.
    pub(crate) async fn send(&mut self, text: String) -> Result<(), String> {
        self.0.send(Message::text(text)).await.map_err(|e| e.to_string())
    }

    /// Closes the socket, saying goodbye.
    pub(crate) async fn close(mut self) {
        let _ = self.0.close(None).await;
    }
}
