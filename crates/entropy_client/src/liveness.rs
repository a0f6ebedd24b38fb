//! How a connection finds out that it is lost, and how soon it tries
//! again: the same outside the browser and in it.

use std::time::Duration;

/// How often the client pings a server that is quiet.
pub const PING_EVERY: Duration = Duration::from_secs(15);
/// How long a server may say nothing (not even to a ping) before the
/// connection is taken as lost.
pub const SILENCE: Duration = Duration::from_secs(45);
/// How a connection finds out that a server went quiet: it pings a quiet
/// server every `ping_every`, and takes `silence` without a word (not even
/// a Pong) for a lost connection, which it opens again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Liveness {
    pub ping_every: Duration,
    pub silence: Duration,
}

impl Default for Liveness {
    /// [`PING_EVERY`] and [`SILENCE`]: for programs that can wait.
    fn default() -> Liveness {
        Liveness {
            ping_every: PING_EVERY,
            silence: SILENCE,
        }
    }
}

impl Liveness {
    /// For a person watching a game: a ping every half second, and a
    /// second and a half of silence is a loss, said (and mended) well
    /// within two seconds of the server going quiet. A server answers a
    /// ping at once, so only a connection that carries nothing is taken
    /// for lost; one taken for lost wrongly costs a reconnection, which
    /// loses nothing.
    pub const PROMPT: Liveness = Liveness {
        ping_every: Duration::from_millis(500),
        silence: Duration::from_millis(1500),
    };

    /// The longest a connection that carries nothing goes unnoticed: the
    /// silence, and at most one ping's interval before it is checked.
    ///
    /// ```
    /// use std::time::Duration;
    /// use entropy_client::Liveness;
    /// assert!(Liveness::PROMPT.noticed_within() <= Duration::from_secs(2));
    /// ```
    pub fn noticed_within(&self) -> Duration {
        self.silence + self.ping_every
    }
}

/// How long a connection (TCP, TLS, WebSocket and `Welcome`) may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The first wait before connecting again, doubled after each failure…
pub const FIRST_BACKOFF: Duration = Duration::from_millis(100);
/// …up to this.
pub const MAX_BACKOFF: Duration = Duration::from_secs(5);
