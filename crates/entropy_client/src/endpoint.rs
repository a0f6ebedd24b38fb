//! A server's address as a person gives it (`ws://host:port`,
//! `wss://host`, `http://host:port`, `https://host`, or a bare
//! `host:port`), and the two addresses the client needs from it: the base
//! of the HTTP API and the WebSocket's.

use std::fmt;

/// Where a server is: its HTTP API's base and its WebSocket's address.
///
/// ```
/// use entropy_client::Endpoint;
///
/// let local: Endpoint = "ws://127.0.0.1:7849".parse().unwrap();
/// assert_eq!(local.http_base(), "http://127.0.0.1:7849");
/// assert_eq!(local.ws_url(), "ws://127.0.0.1:7849/ws");
/// let public: Endpoint = "https://play.example.org/entropy/".parse().unwrap();
/// assert_eq!(public.ws_url(), "wss://play.example.org/entropy/ws");
/// assert!("ftp://example.org".parse::<Endpoint>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    tls: bool,
    /// `host`, `host:port`, `[v6]:port`.
    authority: String,
    /// The path the server is under: empty, or `/a/b` (no trailing slash).
    prefix: String,
}

/// The port a bare `host` without a scheme is taken to mean: the server's default.
pub const DEFAULT_PORT: u16 = 7849;

impl Endpoint {
    /// Whether the server is reached over TLS (`https`, `wss`).
    pub fn tls(&self) -> bool {
        self.tls
    }

    /// `host:port` (or `host`), as given.
    pub fn authority(&self) -> &str {
        &self.authority
    }

    /// The HTTP API's base, without a trailing slash: `http://host:port`.
    pub fn http_base(&self) -> String {
        let scheme = if self.tls { "https" } else { "http" };
        format!("{scheme}://{}{}", self.authority, self.prefix)
    }

    /// The WebSocket's address: `ws://host:port/ws`.
    pub fn ws_url(&self) -> String {
        let scheme = if self.tls { "wss" } else { "ws" };
        format!("{scheme}://{}{}/ws", self.authority, self.prefix)
    }

    /// The host alone (no port, no brackets around an IPv6 address): the
    /// name TLS checks the certificate against.
    pub fn host(&self) -> &str {
        let authority = self.authority.as_str();
        if let Some(rest) = authority.strip_prefix('[') {
            return rest.split(']').next().unwrap_or(rest);
        }
        authority.split(':').next().unwrap_or(authority)
    }
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.http_base())
    }
}

/// Why an address was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadUrl {
    /// The address (an excerpt, escaped).
    pub url: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for BadUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the server's address {:?}: {}", self.url, self.reason)
    }
}

impl std::error::Error for BadUrl {}

impl std::str::FromStr for Endpoint {
    type Err = BadUrl;

    fn from_str(text: &str) -> Result<Endpoint, BadUrl> {
        let fail = |reason: &str| BadUrl {
            url: entropy_rules::text::excerpt(text).to_string(),
            reason: reason.to_string(),
        };
        let text = text.trim();
        if text.is_empty() {
            return Err(fail("it is empty"));
        }
        let (scheme, rest) = match text.split_once("://") {
            Some((scheme, rest)) => (scheme.to_ascii_lowercase(), rest),
            None => (String::new(), text),
        };
        let (tls, ws) = match scheme.as_str() {
            "" | "http" => (false, false),
            "https" => (true, false),
            "ws" => (false, true),
            "wss" => (true, true),
            _ => return Err(fail("the scheme is ws://, wss://, http:// or https://")),
        };
        if rest.contains(['?', '#']) {
            return Err(fail("a server's address has no query (?) or fragment (#)"));
        }
        if rest.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(fail("it has spaces or control characters in it"));
        }
        let (authority, path) = match rest.find('/') {
            Some(at) => rest.split_at(at),
            None => (rest, ""),
        };
        if authority.contains('@') {
            return Err(fail(
                "a name or password in the address is not supported: sign in instead",
            ));
        }
        let host_end = if authority.starts_with('[') {
            match authority.find(']') {
                Some(end) => end + 1,
                None => return Err(fail("an IPv6 address in [brackets] has no closing bracket")),
            }
        } else {
            authority.find(':').unwrap_or(authority.len())
        };
        let (host, port) = authority.split_at(host_end);
        if host.is_empty() || host == "[]" {
            return Err(fail("it names no host"));
        }
        if !host.starts_with('[') && !host.chars().all(|c| c.is_ascii_alphanumeric() || "-._".contains(c)) {
            return Err(fail(
                "the host is letters, digits, '-' and '.' (or an IPv6 address in brackets)",
            ));
        }
        let authority = match port.strip_prefix(':') {
            Some(port) => match port.parse::<u16>() {
                Ok(n) if n > 0 => authority.to_string(),
                _ => return Err(fail("the port is a number from 1 to 65535")),
            },
            None if port.is_empty() && scheme.is_empty() => format!("{host}:{DEFAULT_PORT}"),
            None if port.is_empty() => authority.to_string(),
            None => return Err(fail("unexpected text after the host")),
        };
        let mut prefix = path.trim_end_matches('/').to_string();
        // The WebSocket's own address names the server as well as its base.
        if ws && prefix.ends_with("/ws") {
            prefix.truncate(prefix.len() - "/ws".len());
        }
        if prefix.contains("//") {
            return Err(fail("the path has an empty segment (//)"));
        }
        Ok(Endpoint { tls, authority, prefix })
    }
}

/// `text` with every byte but the unreserved ones (letters, digits,
/// `-._~`) written `%XX`: one segment of a path (for the HTTP calls, which
/// the browser's build does not have).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub(crate) fn path_segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn endpoint(text: &str) -> Endpoint {
        text.parse().unwrap_or_else(|e| panic!("{text:?}: {e}"))
    }

    #[test]
    fn every_scheme_gives_both_addresses() {
        for (given, http, ws) in [
            ("ws://127.0.0.1:7849", "http://127.0.0.1:7849", "ws://127.0.0.1:7849/ws"),
            (
                "ws://127.0.0.1:7849/ws",
                "http://127.0.0.1:7849",
                "ws://127.0.0.1:7849/ws",
            ),
            (
                "http://localhost:8080/",
                "http://localhost:8080",
                "ws://localhost:8080/ws",
            ),
            ("https://example.org", "https://example.org", "wss://example.org/ws"),
            ("WSS://example.org/ws/", "https://example.org", "wss://example.org/ws"),
            (
                "https://example.org/games",
                "https://example.org/games",
                "wss://example.org/games/ws",
            ),
            ("localhost", "http://localhost:7849", "ws://localhost:7849/ws"),
            ("10.0.0.2:9000", "http://10.0.0.2:9000", "ws://10.0.0.2:9000/ws"),
            ("ws://[::1]:7849", "http://[::1]:7849", "ws://[::1]:7849/ws"),
            ("  http://h:1  ", "http://h:1", "ws://h:1/ws"),
        ] {
            let e = endpoint(given);
            assert_eq!(e.http_base(), http, "{given}");
            assert_eq!(e.ws_url(), ws, "{given}");
        }
    }

    #[test]
    fn the_host_is_the_name_tls_checks() {
        assert_eq!(endpoint("wss://example.org:443").host(), "example.org");
        assert_eq!(endpoint("ws://[::1]:7849").host(), "::1");
        assert!(endpoint("https://x.org").tls());
        assert!(!endpoint("ws://x.org").tls());
    }

    #[test]
    fn bad_addresses_say_what_is_wrong() {
        for (given, says) in [
            ("", "empty"),
            ("ftp://example.org", "scheme"),
            ("ws://", "no host"),
            ("ws://:7849", "no host"),
            ("ws://host:0", "port"),
            ("ws://host:99999", "port"),
            ("ws://host:abc", "port"),
            ("ws://user:pw@host", "password"),
            ("ws://host/a?b=c", "query"),
            ("ws://ho st", "spaces"),
            ("ws://[::1", "closing bracket"),
            ("ws://h\u{e9}te", "host"),
            ("http://host//x", "empty segment"),
        ] {
            let error = given.parse::<Endpoint>().unwrap_err();
            assert!(error.to_string().contains(says), "{given:?}: {error}");
        }
    }

    #[test]
    fn path_segments_are_escaped() {
        assert_eq!(path_segment("ann-b_2.x~"), "ann-b_2.x~");
        assert_eq!(path_segment("a b/c?"), "a%20b%2Fc%3F");
        assert_eq!(path_segment("é"), "%C3%A9");
    }
}
