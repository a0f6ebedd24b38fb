//! The HTTP API in the browser: the browser's `fetch` (through
//! `gloo-net`), which does TLS and trust itself.

use gloo_net::http::RequestBuilder;

use super::{CallError, HTTP_TIMEOUT, Method, answer};
use crate::runtime;

/// Calls `url` with `fetch`, within [`HTTP_TIMEOUT`].
pub(super) async fn call(method: Method, url: String, token: Option<String>, limit: u64) -> Result<String, CallError> {
    let mut request = match &method {
        Method::Get => RequestBuilder::new(&url).method(gloo_net::http::Method::GET),
        Method::Post { .. } => RequestBuilder::new(&url)
            .method(gloo_net::http::Method::POST)
            .header("Content-Type", "application/json"),
    };
    if let Some(token) = &token {
        request = request.header("Authorization", &format!("Bearer {token}"));
    }
    let request = match method {
        Method::Get => request.build(),
        Method::Post { body } => request.body(body),
    }
    .map_err(|e| CallError::Http(e.to_string()))?;
    let exchange = async {
        // The browser says no more than "Failed to fetch" of a server that
        // is down, a wrong address or a port it refuses.
        let response = request
            .send()
            .await
            .map_err(|_| CallError::Http("no answer (is the address right, and the server running?)".into()))?;
        let declared = response
            .headers()
            .get("content-length")
            .and_then(|n| n.parse::<u64>().ok());
        if declared.is_some_and(|n| n > limit) {
            return Err(CallError::Malformed(format!("the answer is larger than {limit} bytes")));
        }
        let status = response.status();
        let text = response.text().await.map_err(|e| CallError::Http(e.to_string()))?;
        if text.len() as u64 > limit {
            return Err(CallError::Malformed(format!("the answer is larger than {limit} bytes")));
        }
        answer(status, text)
    };
    runtime::timeout(HTTP_TIMEOUT, exchange).await.unwrap_or_else(|| {
        Err(CallError::Http(format!(
            "no answer within {} s",
            HTTP_TIMEOUT.as_secs()
        )))
    })
}
