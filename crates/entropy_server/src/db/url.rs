//! Which database the server is given: a file's path, an `sqlite:` URL or
//! a `postgres://` URL, made into the URL the driver reads; and how a URL
//! is said in a log or a message (never with its password).

use std::path::{Path, PathBuf};

use percent_encoding::{AsciiSet, CONTROLS, percent_decode_str, utf8_percent_encode};

/// The characters of a path that an SQLite URL must escape.
const PATH_ESCAPES: &AsciiSet = &CONTROLS.add(b'%').add(b'?').add(b'#').add(b' ');

/// The URL of an SQLite database in a file, created if missing.
pub fn sqlite_url(path: &Path) -> String {
    let path = path.to_string_lossy();
    format!("sqlite://{}?mode=rwc", utf8_percent_encode(&path, PATH_ESCAPES))
}

/// The URL the driver reads for what the server was given: a PostgreSQL
/// URL as it is; an `sqlite:` URL, made to create its file when it is
/// new unless it says a `mode` of its own; anything else without a
/// scheme, the path of an SQLite file (new or existing, relative to the
/// working folder).
///
/// ```
/// use entropy_server::db::url::database_url;
/// assert_eq!(database_url("postgres://me@db/entropy").unwrap(), "postgres://me@db/entropy");
/// assert_eq!(database_url("sqlite:///srv/games.db").unwrap(), "sqlite:///srv/games.db?mode=rwc");
/// assert_eq!(database_url("sqlite:///srv/games.db?mode=ro").unwrap(), "sqlite:///srv/games.db?mode=ro");
/// assert!(database_url("games.db").unwrap().ends_with("/games.db?mode=rwc"));
/// assert!(database_url("mysql://db/entropy").unwrap_err().contains("mysql://db/entropy"));
/// ```
pub fn database_url(given: &str) -> Result<String, String> {
    let lower = given.to_ascii_lowercase();
    if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
        return Ok(given.to_string());
    }
    if lower.starts_with("sqlite:") {
        if given.contains(":memory:") || given.contains("mode=memory") {
            return Err("an in-memory database keeps nothing once the server stops: give a file".into());
        }
        return Ok(match given.split_once('?') {
            None => format!("{given}?mode=rwc"),
            Some((_, query)) if query.split('&').any(|p| p.starts_with("mode=")) => given.to_string(),
            Some(_) => format!("{given}&mode=rwc"),
        });
    }
    if given.contains("://") {
        return Err(format!(
            "the database is a file's path, an sqlite: URL or a postgres:// URL, not {:?}",
            redact(given)
        ));
    }
    if given.is_empty() {
        return Err("the database's path is empty".into());
    }
    let path = std::path::absolute(given).map_err(|e| format!("the database's path {given:?}: {e}"))?;
    Ok(sqlite_url(&path))
}

/// The file of an SQLite URL (as [`database_url`] makes them); None for
/// any other URL.
pub fn sqlite_path(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split_once('?').map_or(rest, |(path, _)| path);
    let path = percent_decode_str(path).decode_utf8_lossy();
    (!path.is_empty()).then(|| PathBuf::from(path.as_ref()))
}

/// A PostgreSQL URL's server and database, as a message names them:
/// `host:port/name`, without the user or the password.
///
/// ```
/// use entropy_server::db::url::postgres_address;
/// assert_eq!(postgres_address("postgres://me:secret@db.lan:5433/entropy?sslmode=disable"), "db.lan:5433/entropy");
/// assert_eq!(postgres_address("postgresql://db.lan/entropy"), "db.lan:5432/entropy");
/// ```
pub fn postgres_address(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, rest)| rest);
    let rest = rest.split_once('?').map_or(rest, |(rest, _)| rest);
    let (host, name) = rest.split_once('/').unwrap_or((rest, ""));
    let host = if host.is_empty() { "localhost" } else { host };
    // A port is after the last colon, outside an IPv6 address's brackets.
    let has_port = host.rsplit_once(':').is_some_and(|(_, port)| !port.contains(']'));
    let host = if has_port {
        host.to_string()
    } else {
        format!("{host}:5432")
    };
    format!("{host}/{name}")
}

/// A database URL as a log may show it: without its password.
pub fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user_info = &url[scheme + 3..at];
            let user = user_info.split(':').next().unwrap_or("");
            format!("{}{user}:…{}", &url[..scheme + 3], &url[at..])
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_in_a_log_has_no_password() {
        assert_eq!(
            redact("postgres://me:secret@db:5432/entropy"),
            "postgres://me:…@db:5432/entropy"
        );
        assert_eq!(
            redact("sqlite:///tmp/server.db?mode=rwc"),
            "sqlite:///tmp/server.db?mode=rwc"
        );
    }

    #[test]
    fn a_path_with_odd_characters_makes_a_url_sqlite_reads_and_back() {
        let url = sqlite_url(Path::new("/a b/x?#%.db"));
        assert_eq!(url, "sqlite:///a%20b/x%3F%23%25.db?mode=rwc");
        assert_eq!(sqlite_path(&url), Some(PathBuf::from("/a b/x?#%.db")));
        assert_eq!(sqlite_path("sqlite:games.db"), Some(PathBuf::from("games.db")));
        assert_eq!(sqlite_path("postgres://db/x"), None);
    }

    #[test]
    fn a_plain_path_is_an_sqlite_file_made_absolute() {
        let url = database_url("games.db").unwrap();
        let path = sqlite_path(&url).unwrap();
        assert!(path.is_absolute(), "{url}");
        assert_eq!(path, std::env::current_dir().unwrap().join("games.db"));
        assert!(database_url("sqlite::memory:").is_err());
        assert!(database_url("").is_err());
    }
}
