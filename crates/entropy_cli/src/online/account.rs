//! Signing the bot in: its password, and its account made the first time.

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

/// The password to use: `--password`, else [`PASSWORD_VAR`] if set and
/// not empty, else [`insecure_password`]; and whether it is that last one.
pub fn password(flag: Option<String>, var: Option<String>, name: &str) -> (String, bool) {
    match flag.or(var.filter(|v| !v.is_empty())) {
        Some(password) => (password, false),
        None => (insecure_password(name), true),
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
