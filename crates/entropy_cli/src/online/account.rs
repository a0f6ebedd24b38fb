//! Signing the bot in: its password, and its account made the first time.

use std::net::IpAddr;

use entropy_client::{ClientError, Server};
use entropy_protocol::{Credentials, SignedIn};

/// The environment variable the bot's password is read from when
/// `--password` is not given.
pub const PASSWORD_VAR: &str = "ENTROPY_BOT_PASSWORD";

/// The password a bot gets when none is given: `insecure-local-` and its
/// name. Anyone who knows the name knows it, so it is for a server on
/// one's own machine only.
///
/// ```
/// use entropy_cli::online::account::insecure_password;
/// assert_eq!(insecure_password("robot"), "insecure-local-robot");
/// ```
pub fn insecure_password(name: &str) -> String {
    format!("insecure-local-{name}")
}

/// Whether `host` (the host of a server's address, as
/// [`entropy_client::Endpoint::host`] gives it) is this machine's
/// loopback: the name `localhost`, an address in 127.0.0.0/8, or `::1`
/// (also written as the IPv4-mapped `::ffff:127.x.y.z`).
///
/// ```
/// use entropy_cli::online::account::is_loopback;
/// assert!(is_loopback("localhost") && is_loopback("127.0.0.1") && is_loopback("127.8.9.10"));
/// assert!(is_loopback("::1") && is_loopback("LocalHost"));
/// assert!(!is_loopback("192.0.2.1") && !is_loopback("example.org") && !is_loopback("::"));
/// assert!(!is_loopback("localhost.example.org") && !is_loopback("128.0.0.1"));
/// ```
pub fn is_loopback(host: &str) -> bool {
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    match host.parse::<IpAddr>() {
        Ok(IpAddr::V4(v4)) => v4.is_loopback(),
        Ok(IpAddr::V6(v6)) => v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback()),
        Err(_) => false,
    }
}

/// The password to use: `--password`, else [`PASSWORD_VAR`] if set and
/// not empty, else [`insecure_password`]; and whether it is that last one.
/// The last is only for a server on this machine's loopback (`host`, see
/// [`is_loopback`]): for any other server, no password is refused, with a
/// message saying how to give one.
///
/// ```
/// use entropy_cli::online::account::password;
/// let given = password(Some("secret".into()), None, "robot", "192.0.2.1");
/// assert_eq!(given, Ok(("secret".to_string(), false)));
/// let from_var = password(None, Some("hidden".into()), "robot", "example.org");
/// assert_eq!(from_var, Ok(("hidden".to_string(), false)));
/// let local = password(None, Some(String::new()), "robot", "127.0.0.1");
/// assert_eq!(local, Ok(("insecure-local-robot".to_string(), true)));
/// let refused = password(None, None, "robot", "192.0.2.1").unwrap_err();
/// assert!(refused.contains("--password") && refused.contains("ENTROPY_BOT_PASSWORD"));
/// ```
pub fn password(flag: Option<String>, var: Option<String>, name: &str, host: &str) -> Result<(String, bool), String> {
    match flag.or(var.filter(|v| !v.is_empty())) {
        Some(password) => Ok((password, false)),
        None if is_loopback(host) => Ok((insecure_password(name), true)),
        None => Err(format!(
            "no password: give one with --password PASSWORD or the environment variable \
             {PASSWORD_VAR}. Without one the bot would sign in with a password anyone can guess, \
             which is allowed only for a server on this machine (localhost, 127.0.0.0/8, ::1), not {host}"
        )),
    }
}

/// Signs in as the bot `name`, registering the account (as a bot's) if
/// the server does not know it.
pub async fn sign_in(server: &Server, name: &str, password: &str) -> Result<SignedIn, String> {
    let credentials = Credentials {
        name: name.to_string(),
        password: password.to_string(),
        bot: true,
    };
    let refused = match server.login(&credentials).await {
        Ok(signed) if signed.account.bot => return Ok(signed),
        Ok(_) => {
            return Err(format!(
                "{name} is a person's account, not a bot's: a bot plays under an account of its own"
            ));
        }
        Err(ClientError::Api { error, .. }) => error,
        Err(e) => return Err(format!("cannot sign in as {name}: {e}")),
    };
    match server.register(&credentials).await {
        Ok(signed) => {
            if !signed.account.bot {
                return Err(format!("{name} was registered, but not as a bot's account"));
            }
            Ok(signed)
        }
        Err(e) => Err(format!("cannot sign in as {name} ({refused}), nor register it: {e}")),
    }
}
