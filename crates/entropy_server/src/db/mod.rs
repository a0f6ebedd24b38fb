//! Storage: one code path for SQLite and PostgreSQL, through sqlx's `Any`
//! driver with `$1` placeholders (both databases read them). Every table's
//! id is random text; booleans are stored as `0`/`1` integers and times as
//! milliseconds since 1970, so that both databases store them alike.
//!
//! [`schema`] creates the tables and checks a database's schema version;
//! the other modules hold the queries of one concern each.

pub mod accounts;
pub mod check;
pub mod games;
pub mod keys;
pub mod lobby;
pub mod lock;
pub mod processes;
pub mod ratings;
pub mod schema;
pub mod url;

pub use url::{redact, sqlite_url};

use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::any::{AnyArguments, AnyPoolOptions, AnyQueryResult};
use sqlx::query::Query;
use sqlx::{Any, AnyConnection, AnyPool, ConnectOptions, Connection, Row};

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
    /// SQLite's checkpoints ([`checkpoints`]), awaited by [`Store::close`].
    checkpoints: Arc<Mutex<Option<tokio::task::JoinHandle<()>>>>,
}

/// How a write's work ends: its transaction committed, or rolled back
/// (another writer was first, say); either way with its answer.
pub enum Outcome<T> {
    Commit(T),
    Rollback(T),
}

/// How long the server waits for PostgreSQL to answer a connection.
pub const CONNECT_WITHIN: Duration = Duration::from_secs(5);

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
        if backend == Backend::Postgres {
            reach(url).await?;
        }
        let mut options = AnyPoolOptions::new()
            .max_connections(connections)
            .acquire_timeout(CONNECT_WITHIN * 2);
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
        Ok(Store {
            pool,
            backend,
            checkpoints: Arc::default(),
        })
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
        let task = tokio::spawn(checkpoints(self.pool.clone()));
        *self.checkpoints.lock().unwrap_or_else(|e| e.into_inner()) = Some(task);
        Ok(())
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Runs `work` in a transaction of its own, and commits it, or rolls
    /// it back when the work says so: the only way anything is written.
    ///
    /// A write that fails (a full disk, a lost connection, anything but
    /// another writer's key) takes its connection with it: the connection
    /// is closed, not given back to the pool, and closing it rolls back
    /// whatever it had begun. SQLite rolls a transaction back by itself
    /// on some errors (a full disk among them), after which the driver's
    /// own count of open transactions is wrong; a connection kept after
    /// that would have run every later write inside a transaction that
    /// never commits, acknowledged and never stored. The pool opens a
    /// fresh connection for the next write, so the server goes on by
    /// itself once the fault is gone.
    pub async fn write<T>(
        &self,
        work: impl AsyncFnOnce(&mut AnyConnection) -> Result<Outcome<T>, sqlx::Error>,
    ) -> Result<T, sqlx::Error> {
        let mut conn = self.pool.acquire().await?;
        // SQLite: take the write lock at once, so a transaction never has to
        // upgrade a read into a write halfway (one connection writes anyway).
        let begin = match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        };
        if let Err(e) = sqlx::raw_sql(begin).execute(&mut *conn).await {
            conn.close_on_drop();
            return Err(e);
        }
        let (end, answer) = match work(&mut conn).await {
            Ok(Outcome::Commit(answer)) => ("COMMIT", Ok(answer)),
            Ok(Outcome::Rollback(answer)) => ("ROLLBACK", Ok(answer)),
            Err(e) => ("ROLLBACK", Err(e)),
        };
        let ended = sqlx::raw_sql(end).execute(&mut *conn).await;
        match (ended, answer) {
            (Ok(_), Ok(answer)) => Ok(answer),
            (Ok(_), Err(e)) => {
                if !is_unique_violation(&e) {
                    conn.close_on_drop();
                }
                Err(e)
            }
            (Err(e), answer) => {
                conn.close_on_drop();
                Err(answer.err().unwrap_or(e))
            }
        }
    }

    /// Runs one statement that writes, as a write of its own ([`Store::write`]).
    pub async fn execute(&self, query: Query<'_, Any, AnyArguments>) -> Result<AnyQueryResult, sqlx::Error> {
        self.write(async |conn| Ok(Outcome::Commit(query.execute(&mut *conn).await?)))
            .await
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes every connection, the checkpoints' too: once it returns,
    /// this process holds the database's files no more.
    pub async fn close(&self) {
        self.pool.close().await;
        let checkpoints = self.checkpoints.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some(task) = checkpoints {
            let _ = task.await;
        }
    }
}

/// Connects to PostgreSQL once, within [`CONNECT_WITHIN`]: a server that
/// cannot be reached is said at once, by its address and the reason,
/// rather than after the pool's long wait and in the pool's words.
async fn reach(url: &str) -> Result<(), String> {
    let cannot = |why: String| format!("cannot reach PostgreSQL at {}: {why}", url::postgres_address(url));
    match tokio::time::timeout(CONNECT_WITHIN, AnyConnection::connect(url)).await {
        Err(_) => Err(cannot(format!("no answer within {} seconds", CONNECT_WITHIN.as_secs()))),
        Ok(Err(e)) => Err(cannot(e.to_string())),
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
            Ok(())
        }
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
    let closed = pool.close_event();
    tokio::pin!(closed);
    loop {
        tokio::select! {
            () = tokio::time::sleep(CHECKPOINT_EVERY) => {}
            () = &mut closed => break,
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
            let Ok(_writer) = pool.acquire().await else { break };
            if let Err(e) = checkpoint(checkpointer, "PRAGMA wal_checkpoint(RESTART)").await {
                tracing::warn!(error = %e, "a checkpoint failed");
                conn = None;
            }
        }
    }
    if let Some(conn) = conn {
        let _ = conn.close().await;
    }
}

/// Runs a checkpoint (`PRAGMA wal_checkpoint(…)`); the log's length in pages.
async fn checkpoint(conn: &mut AnyConnection, pragma: &'static str) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(pragma).fetch_one(conn).await?;
    row.try_get(1)
}

/// Whether an error is a unique key's violation (another writer was first).
pub fn is_unique_violation(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) => e.is_unique_violation(),
        _ => false,
    }
}

/// Whether an error is the database's disk being full: SQLite's
/// `SQLITE_FULL` (13) or PostgreSQL's `disk_full` (53100), or the system's
/// "no space left on device" under either.
pub fn is_disk_full(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::Database(e) => {
            let code = e.code().unwrap_or_default();
            code == "13" || code == "53100" || e.message().contains("No space left on device")
        }
        sqlx::Error::Io(e) => e.kind() == std::io::ErrorKind::StorageFull,
        _ => false,
    }
}

/// What a player is told when the server could not store what they asked
/// (the error itself goes to the log, never to a client): nothing of it
/// was done.
pub const CANNOT_STORE: &str = "the server cannot store moves now (its database failed): nothing was done; try again";
/// The same when its disk is full.
pub const DISK_FULL: &str = "the server cannot store moves now: its disk is full; nothing was done, try again later";
/// What a player is told when the server could not read its database.
pub const CANNOT_READ: &str = "the server could not reach its database; try again";

/// Logs a failed write and says it in a player's words ([`DISK_FULL`] or [`CANNOT_STORE`]).
pub fn write_failed(error: &sqlx::Error) -> String {
    tracing::error!(error = %error, "a database write failed: nothing of it is stored");
    if is_disk_full(error) { DISK_FULL } else { CANNOT_STORE }.to_string()
}

/// Logs a failed read and says it in a player's words ([`CANNOT_READ`]).
pub fn read_failed(error: &sqlx::Error) -> String {
    tracing::error!(error = %error, "a database read failed");
    CANNOT_READ.to_string()
}

/// A boolean as stored.
pub(crate) fn flag(value: bool) -> i64 {
    i64::from(value)
}
