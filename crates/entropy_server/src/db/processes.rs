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
