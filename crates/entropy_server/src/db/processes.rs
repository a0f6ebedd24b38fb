//! The heartbeat of each server process: how a process starting learns
//! whether others run (a fresh heartbeat), and when the last one stopped.

use sqlx::Row;

use super::Store;
use crate::clock::Millis;

/// Records that process `id` is alive at `now`.
pub async fn beat(store: &Store, id: &str, now: Millis) -> Result<(), sqlx::Error> {
    store
        .execute(
            sqlx::query(
                "INSERT INTO processes (id, heartbeat_at) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at",
            )
            .bind(id)
            .bind(now),
        )
        .await?;
    Ok(())
}

/// The latest heartbeat of any process but `id`.
pub async fn last_beat(store: &Store, id: &str) -> Result<Option<Millis>, sqlx::Error> {
    sqlx::query("SELECT MAX(heartbeat_at) FROM processes WHERE id <> $1")
        .bind(id)
        .fetch_one(store.pool())
        .await?
        .try_get(0)
}

/// Forgets the other processes silent since before `older_than` (a stopped
/// process's last heartbeat is kept a while: it says when it stopped).
pub async fn forget(store: &Store, id: &str, older_than: Millis) -> Result<(), sqlx::Error> {
    store
        .execute(
            sqlx::query("DELETE FROM processes WHERE id <> $1 AND heartbeat_at < $2")
                .bind(id)
                .bind(older_than),
        )
        .await?;
    Ok(())
}

/// The processes whose last heartbeat is at `since` or later.
pub async fn alive(store: &Store, since: Millis) -> Result<Vec<String>, sqlx::Error> {
    let rows = sqlx::query("SELECT id FROM processes WHERE heartbeat_at >= $1")
        .bind(since)
        .fetch_all(store.pool())
        .await?;
    rows.iter().map(|row| row.try_get(0)).collect()
}

/// The key of a process's life lock: a PostgreSQL advisory lock that the
/// process holds on a connection of its own for as long as it runs, and
/// that PostgreSQL releases when that connection ends, the process killed
/// included. A process starting asks for the lock of each process with a
/// fresh heartbeat: one it gets is of a process that is gone.
pub fn life_key(id: &str) -> i64 {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("entropy-server process {id}").as_bytes());
    i64::from_le_bytes(digest[..8].try_into().expect("a SHA-256 digest has 32 bytes"))
}

/// Takes this process's life lock on a connection of its own (PostgreSQL);
/// the connection, which holds it until it is closed or dropped.
pub async fn hold_life(url: &str, id: &str) -> Result<sqlx::AnyConnection, sqlx::Error> {
    use sqlx::Connection;
    let mut conn = sqlx::AnyConnection::connect(url).await?;
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(life_key(id))
        .execute(&mut conn)
        .await?;
    Ok(conn)
}

/// Whether process `id` runs (PostgreSQL): whether another connection
/// holds its life lock.
pub async fn runs(store: &Store, id: &str) -> Result<bool, sqlx::Error> {
    let mut conn = store.pool().acquire().await?;
    let key = life_key(id);
    let got: bool = sqlx::query("SELECT pg_try_advisory_lock($1)")
        .bind(key)
        .fetch_one(&mut *conn)
        .await?
        .try_get(0)?;
    if got {
        sqlx::query("SELECT pg_advisory_unlock($1)")
            .bind(key)
            .execute(&mut *conn)
            .await?;
    }
    Ok(!got)
}
