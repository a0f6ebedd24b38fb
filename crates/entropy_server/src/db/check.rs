//! What the server checks of an SQLite database before it uses it: that
//! the file can be written, and that it is whole. A damaged database
//! accepted as it was would take writes on top of the damage and then fail
//! players at random (every sign-in answered "try again"); refused at
//! start, it is left byte for byte as it was, for its operator to restore
//! from a backup or mend (`sqlite3 server.db .recover`).

use std::path::Path;

use sqlx::Row;

use super::Store;

/// How many of SQLite's complaints a refusal quotes.
const QUOTED: usize = 5;

/// Refuses a database file that exists and cannot be opened for writing
/// (a read-only file system, a file without the permission), saying so.
pub fn writable(path: &Path) -> Result<(), String> {
    match std::fs::OpenOptions::new().write(true).open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!(
            "the database {} cannot be written ({e}): the server writes every move to it; make it \
             writable, or give another file; it is left as it is",
            path.display()
        )),
    }
}

/// Runs SQLite's `quick_check` (every page and record of every table and
/// index read and checked, the indexes' order included) and refuses a
/// damaged database with the check's own findings. A file that is not a
/// database at all is said so.
pub async fn whole(store: &Store, path: &Path) -> Result<(), String> {
    let damaged = |found: String| {
        format!(
            "the database {} is damaged: SQLite's quick_check found {found}; it is left as it is: \
             restore it from a backup, or mend it (sqlite3 {} .recover)",
            path.display(),
            path.display()
        )
    };
    let rows = match sqlx::query("PRAGMA quick_check").fetch_all(store.pool()).await {
        Ok(rows) => rows,
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("26") => {
            return Err(format!(
                "the file {} is not an SQLite database ({}): it is left as it is",
                path.display(),
                e.message()
            ));
        }
        Err(e) => return Err(damaged(format!("it cannot be read ({e})"))),
    };
    let found: Vec<String> = rows.iter().filter_map(|row| row.try_get::<String, _>(0).ok()).collect();
    if found.len() == 1 && found[0] == "ok" {
        return Ok(());
    }
    let mut quoted: Vec<&str> = found.iter().take(QUOTED).map(String::as_str).collect();
    if found.len() > QUOTED {
        quoted.push("…");
    }
    Err(damaged(format!("\"{}\"", quoted.join("; "))))
}
