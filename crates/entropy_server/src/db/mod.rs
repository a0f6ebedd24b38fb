//! Storage: one code path for SQLite and PostgreSQL, through sqlx's `Any`
//! driver with `$1` placeholders (both databases read them). Every table's
//! id is random text; booleans are stored as `0`/`1` integers and times as
//! milliseconds since 1970, so that both databases store them alike.
//!
//! [`schema`] creates the tables and checks a database's schema version;
//! the other modules hold the queries of one concern each.

pub mod accounts;
pub mod games;
pub mod lobby;
pub mod processes;
pub mod ratings;
pub mod schema;

use std::path::Path;
use std::time::Duration;

use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};
use sqlx::any::AnyPoolOptions;
use sqlx::{AnyConnection, AnyPool, ConnectOptions, Row};

/// Which database the store speaks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The database, and which one it is.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
}

/// The characters of a path that an SQLite URL must escape.
const PATH_ESCAPES: &AsciiSet = &CONTROLS.add(b'%').add(b'?').add(b'#').add(b' ');

/// The URL of an SQLite database in a file, created if missing.
pub fn sqlite_url(path: &Path) -> String {
    let path = path.to_string_lossy();
    format!("sqlite://{}?mode=rwc", utf8_percent_encode(&path, PATH_ESCAPES))
}

impl Store {
    /// Connects to the database at `url` (`sqlite://…` or `postgres://…`).
    /// Nothing is read or written yet: [`schema::prepare`] does that.
    pub async fn connect(url: &str) -> Result<Store, String> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            return Err(format!(
                "the database is given by a URL that starts with sqlite: or postgres:, not {:?}",
                redact(url)
            ));
        };
        // One SQLite connection: one process writes it, one statement at a time.
        let connections = match backend {
            Backend::Sqlite => 1,
            Backend::Postgres => 10,
        };
        let mut options = AnyPoolOptions::new().max_connections(connections);
        if backend == Backend::Sqlite {
            // With write-ahead logging ([`Store::write_ahead`]) a commit
            // waits for no flush to the disk, only checkpoints do: a
            // power cut may lose the last moves, never the file. (Only the
            // connection's setting: a file not yet known to be the
            // server's is not changed by it.)
            options = options.after_connect(|conn, _| {
                Box::pin(async move {
                    // A file that is not a database fails here too: left
                    // to the schema's check, which says so in its words.
                    let _ = sqlx::query("PRAGMA synchronous = NORMAL").execute(&mut *conn).await;
                    // Checkpoints are [`checkpoints`]' work, never a commit's.
                    let _ = sqlx::query("PRAGMA wal_autocheckpoint = 0").execute(conn).await;
                    Ok(())
                })
            });
        }
        let pool = options
            .connect(url)
            .await
            .map_err(|e| format!("cannot open the database {}: {e}", redact(url)))?;
        Ok(Store { pool, backend })
    }

    /// On SQLite, turns the file to write-ahead logging (kept in the
    /// file), once [`schema::prepare`] has found it to be the server's: a
    /// move's commit then appends to the log instead of flushing the
    /// rollback journal and the file to the disk several times, which
    /// bounded the moves a second by the disk's flushes. Nothing on
    /// PostgreSQL.
    pub async fn write_ahead(&self) -> Result<(), String> {
        if self.backend != Backend::Sqlite {
            return Ok(());
        }
        sqlx::query("PRAGMA journal_mode = WAL")
            .execute(&self.pool)
            .await
            .map_err(|e| format!("cannot turn the database to write-ahead logging: {e}"))?;
        tokio::spawn(checkpoints(self.pool.clone()));
        Ok(())
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes every connection.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// How often the SQLite log is copied into the file.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);
/// The log's length, in pages, past which it is started again from its
/// beginning after a checkpoint (4 MiB; at 1,000 moves a second the log
/// grows by about 5,000 pages a second).
const RESTART_PAGES: i64 = 1_024;

/// On SQLite, copies the write-ahead log into the file every second, on a
/// connection of its own, until the pool closes: the moves' connection
/// never checkpoints (a checkpoint flushes the log and the file to the
/// disk, and a commit that did one held every move behind it).
///
/// A passive checkpoint does not stop the writer, so it never catches up
/// with it and the log would only grow. Right after each one, if the log
/// is longer than [`RESTART_PAGES`], the moves' connection is held while
/// the pages written meanwhile are copied and the log is started again
/// from its beginning (a restarting checkpoint): a few milliseconds each
/// second, where copying a whole longer log at once held the moves for
/// tens. The log's file keeps its length, about a second of moves.
async fn checkpoints(pool: AnyPool) {
    let mut conn: Option<AnyConnection> = None;
    loop {
        tokio::time::sleep(CHECKPOINT_EVERY).await;
        if pool.is_closed() {
            return;
        }
        let checkpointer = match &mut conn {
            Some(conn) => conn,
            None => match pool.connect_options().connect().await {
                Ok(opened) => conn.insert(opened),
                Err(e) => {
                    tracing::warn!(error = %e, "cannot open a connection for the checkpoints");
                    continue;
                }
            },
        };
        let log = match checkpoint(checkpointer, "PRAGMA wal_checkpoint(PASSIVE)").await {
            Ok(log) => log,
            Err(e) => {
                tracing::warn!(error = %e, "a checkpoint failed");
                conn = None;
                continue;
            }
        };
        if log > RESTART_PAGES {
            let Ok(_writer) = pool.acquire().await else { return };
            if let Err(e) = checkpoint(checkpointer, "PRAGMA wal_checkpoint(RESTART)").await {
                tracing::warn!(error = %e, "a checkpoint failed");
                conn = None;
            }
        }
    }
}

/// Runs a checkpoint (`PRAGMA wal_checkpoint(…)`); the log's length in pages.
async fn checkpoint(conn: &mut AnyConnection, pragma: &'static str) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(pragma).fetch_one(conn).await?;
    row.try_get(1)
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

/// Whether an error is a unique key's violation (another writer was first).
pub fn is_unique_violation(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) => e.is_unique_violation(),
        _ => false,
    }
}

/// A boolean as stored.
pub(crate) fn flag(value: bool) -> i64 {
    i64::from(value)
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
    fn a_path_with_odd_characters_makes_a_url_sqlite_reads() {
        assert_eq!(
            sqlite_url(Path::new("/a b/x?#%.db")),
            "sqlite:///a%20b/x%3F%23%25.db?mode=rwc"
        );
    }
}
