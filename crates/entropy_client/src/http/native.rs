//! The HTTP API outside the browser: blocking `ureq` calls on tokio's
//! blocking pool, rustls with ring, trusting the Mozilla roots or the
//! certificate authorities given instead (a server with a certificate of
//! its own), which the WebSocket trusts too.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use super::{CallError, HTTP_TIMEOUT, Method, Server, answer};
use crate::ClientError;
use crate::Endpoint;
use crate::socket::{Connector, Socket};
use crate::trust::{MAX_CA_FILE, Roots, parse_roots, tls_hint};

/// How the API is called: the agent, and the certificate authorities
/// trusted for `https://` and `wss://` instead of the Mozilla roots.
#[derive(Clone)]
pub(super) struct Transport {
    agent: ureq::Agent,
    roots: Option<Roots>,
}

impl Transport {
    pub(super) fn new(roots: Option<Roots>) -> Transport {
        Transport {
            agent: agent(roots.as_ref()),
            roots,
        }
    }

    /// The WebSocket's connector, trusting what the calls trust.
    pub(super) fn connector(&self, endpoint: &Endpoint) -> Result<Connector, ClientError> {
        Socket::connector(endpoint, self.roots.as_ref())
    }

    /// Calls `url` on the blocking pool.
    pub(super) async fn call(
        &self,
        method: Method,
        url: String,
        token: Option<String>,
        limit: u64,
    ) -> Result<String, CallError> {
        let agent = self.agent.clone();
        let blocking = tokio::task::spawn_blocking(move || request(&agent, &method, &url, token.as_deref(), limit));
        match blocking.await {
            Ok(answer) => answer,
            Err(e) => Err(CallError::Http(format!("the request's task failed: {e}"))),
        }
    }
}

impl Server {
    /// The same server, its certificate checked against the certificate
    /// authorities in `pem` (one or more `CERTIFICATE` blocks) and no
    /// others: a server with a certificate of its own or of a private CA.
    /// Used by the HTTP calls and the WebSocket alike.
    pub fn with_root_certificates(self, pem: &[u8]) -> Result<Server, ClientError> {
        let roots = parse_roots(pem).map_err(ClientError::Tls)?;
        Ok(Server {
            endpoint: self.endpoint,
            transport: Transport::new(Some(Arc::new(roots))),
        })
    }

    /// [`Server::with_root_certificates`] with the PEM file at `path`; the
    /// error names the file.
    pub fn with_ca_file(self, path: &Path) -> Result<Server, ClientError> {
        let fail = |why: String| ClientError::Tls(format!("the certificate authority file {}: {why}", path.display()));
        let file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
        let mut pem = Vec::new();
        file.take(MAX_CA_FILE + 1)
            .read_to_end(&mut pem)
            .map_err(|e| fail(e.to_string()))?;
        if pem.len() as u64 > MAX_CA_FILE {
            return Err(fail(format!("larger than {MAX_CA_FILE} bytes")));
        }
        let roots = parse_roots(&pem).map_err(fail)?;
        Ok(Server {
            endpoint: self.endpoint,
            transport: Transport::new(Some(Arc::new(roots))),
        })
    }
}

/// The HTTP agent, trusting `roots` (none: the Mozilla roots).
fn agent(roots: Option<&Roots>) -> ureq::Agent {
    let mut config = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(HTTP_TIMEOUT))
        .max_redirects(0)
        .user_agent(format!("entropy_client/{}", env!("CARGO_PKG_VERSION")));
    if let Some(roots) = roots {
        let certs: Vec<_> = roots
            .iter()
            .map(|der| ureq::tls::Certificate::from_der(der.as_ref()).to_owned())
            .collect();
        let tls = ureq::tls::TlsConfig::builder()
            .provider(ureq::tls::TlsProvider::Rustls)
            .root_certs(ureq::tls::RootCerts::Specific(Arc::new(certs)))
            .build();
        config = config.tls_config(tls);
    }
    config.build().new_agent()
}

fn request(
    agent: &ureq::Agent,
    method: &Method,
    url: &str,
    token: Option<&str>,
    limit: u64,
) -> Result<String, CallError> {
    let bearer = token.map(|t| format!("Bearer {t}"));
    let sent = match method {
        Method::Get => {
            let mut request = agent.get(url);
            if let Some(bearer) = &bearer {
                request = request.header("Authorization", bearer);
            }
            request.call()
        }
        Method::Post { body } => {
            let mut request = agent.post(url).header("Content-Type", "application/json");
            if let Some(bearer) = &bearer {
                request = request.header("Authorization", bearer);
            }
            request.send(body.as_str())
        }
    };
    let mut response = sent.map_err(|e| CallError::Http(tls_hint(e.to_string())))?;
    let status = response.status().as_u16();
    let text = response
        .body_mut()
        .with_config()
        .limit(limit)
        .read_to_string()
        .map_err(|e| match e {
            ureq::Error::BodyExceedsLimit(n) => CallError::Malformed(format!("the answer is larger than {n} bytes")),
            e => CallError::Http(e.to_string()),
        })?;
    answer(status, text)
}
