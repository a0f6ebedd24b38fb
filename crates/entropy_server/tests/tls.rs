//! The server with its own certificate: HTTPS and WSS (axum-server and
//! rustls). The certificate is a self-signed one that `openssl` makes for
//! the test; the client trusts that certificate and nothing else.

mod common;

use std::process::Command;
use std::sync::Arc;

use common::{Client, START};
use entropy_protocol::{ClientMessage, PROTOCOL_VERSION, ServerMessage};
use entropy_server::{Config, ManualClock, Tls};
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use tokio_tungstenite::Connector;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wss_with_the_servers_own_certificate() {
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    let made = Command::new("openssl")
        .args([
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=localhost",
        ])
        .args(["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"])
        .args(["-addext", "basicConstraints=critical,CA:FALSE", "-keyout"])
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("openssl makes the test's certificate");
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));

    let mut config = Config::new(
        "127.0.0.1:0".parse().unwrap(),
        entropy_server::db::sqlite_url(&dir.path().join("server.db")),
    );
    config.tls = Some(Tls {
        cert: cert.clone(),
        key: key.clone(),
    });
    let running = entropy_server::start(config, Arc::new(ManualClock::new(START)))
        .await
        .unwrap();
    let port = running.local_addr().port();

    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut roots = rustls::RootCertStore::empty();
    roots.add(CertificateDer::from_pem_file(&cert).unwrap()).unwrap();
    let client_config = rustls::ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let url = format!("wss://localhost:{port}/ws");
    let (ws, _) = tokio_tungstenite::connect_async_tls_with_config(
        url.as_str(),
        None,
        false,
        Some(Connector::Rustls(Arc::new(client_config))),
    )
    .await
    .unwrap_or_else(|e| panic!("wss: {e}"));
    let mut client = Client::from_stream(ws);
    client
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: None,
        })
        .await;
    client.expect(|m| matches!(m, ServerMessage::Welcome { .. })).await;

    // Plain WebSocket on the TLS port does not get through.
    let plain = tokio_tungstenite::connect_async(format!("ws://localhost:{port}/ws")).await;
    assert!(plain.is_err());
    // A missing key file stops the server from starting, saying which.
    let mut config = Config::new(
        "127.0.0.1:0".parse().unwrap(),
        entropy_server::db::sqlite_url(&dir.path().join("other.db")),
    );
    config.tls = Some(Tls {
        cert,
        key: dir.path().join("missing.pem"),
    });
    let error = entropy_server::start(config, Arc::new(ManualClock::new(START)))
        .await
        .err()
        .expect("started without a key");
    assert!(error.to_string().contains("missing.pem"), "{error}");
    running.shutdown().await;
}
