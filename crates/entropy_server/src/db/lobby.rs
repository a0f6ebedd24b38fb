//! Seeks and challenges, as stored: every process reads one lobby.

use entropy_protocol::GameOptions;
use sqlx::Row;

use super::Store;
use crate::clock::Millis;

/// A seek as stored, with its players' names.
#[derive(Clone, Debug, PartialEq)]
pub struct SeekRow {
    pub id: String,
    pub account_id: String,
    pub name: String,
    pub bot: bool,
    pub options: GameOptions,
    /// A challenge's player: account id and name.
    pub to: Option<(String, String)>,
}

const SELECT: &str = "SELECT s.id, s.account_id, a.name, a.bot, s.options, s.to_account, t.name
    FROM seeks s JOIN accounts a ON a.id = s.account_id LEFT JOIN accounts t ON t.id = s.to_account";

fn read(row: &sqlx::any::AnyRow) -> Result<SeekRow, sqlx::Error> {
    let options: String = row.try_get(4)?;
    let to_id: Option<String> = row.try_get(5)?;
    let to_name: Option<String> = row.try_get(6)?;
    Ok(SeekRow {
        id: row.try_get(0)?,
        account_id: row.try_get(1)?,
        name: row.try_get(2)?,
        bot: row.try_get::<i64, _>(3)? != 0,
        options: serde_json::from_str(&options)
            .map_err(|e| sqlx::Error::Decode(format!("a stored seek's options: {e}").into()))?,
        to: to_id.zip(to_name),
    })
}

/// Stores a seek (or a challenge, `to` an account id).
pub async fn insert(
    store: &Store,
    id: &str,
    account: &str,
    options: &GameOptions,
    to: Option<&str>,
    now: Millis,
) -> Result<(), sqlx::Error> {
    store
        .execute(
            sqlx::query(
                "INSERT INTO seeks (id, account_id, options, to_account, created_at) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id)
            .bind(account)
            .bind(serde_json::to_string(options).expect("options serialize"))
            .bind(to)
            .bind(now),
        )
        .await?;
    Ok(())
}

/// One seek.
pub async fn get(store: &Store, id: &str) -> Result<Option<SeekRow>, sqlx::Error> {
    let query = format!("{SELECT} WHERE s.id = $1");
    sqlx::query(sqlx::AssertSqlSafe(query))
        .bind(id)
        .fetch_optional(store.pool())
        .await?
        .map(|row| read(&row))
        .transpose()
}

/// Every seek, oldest first.
pub async fn all(store: &Store) -> Result<Vec<SeekRow>, sqlx::Error> {
    let query = format!("{SELECT} ORDER BY s.created_at, s.id");
    let rows = sqlx::query(sqlx::AssertSqlSafe(query)).fetch_all(store.pool()).await?;
    rows.iter().map(read).collect()
}

/// How many seeks an account has open.
pub async fn count_of(store: &Store, account: &str) -> Result<i64, sqlx::Error> {
    sqlx::query("SELECT COUNT(*) FROM seeks WHERE account_id = $1")
        .bind(account)
        .fetch_one(store.pool())
        .await?
        .try_get(0)
}

/// Removes a seek; whether it was there.
pub async fn delete(store: &Store, id: &str) -> Result<bool, sqlx::Error> {
    let done = store
        .execute(sqlx::query("DELETE FROM seeks WHERE id = $1").bind(id))
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Removes an account's seeks (it went offline); the ones removed.
pub async fn delete_of(store: &Store, account: &str) -> Result<Vec<SeekRow>, sqlx::Error> {
    let query = format!("{SELECT} WHERE s.account_id = $1");
    let rows = sqlx::query(sqlx::AssertSqlSafe(query))
        .bind(account)
        .fetch_all(store.pool())
        .await?;
    let seeks: Vec<SeekRow> = rows.iter().map(read).collect::<Result<_, _>>()?;
    let mut gone = Vec::new();
    for seek in seeks {
        if delete(store, &seek.id).await? {
            gone.push(seek);
        }
    }
    Ok(gone)
}

/// Removes every seek: a server starting with no other process running
/// has no connection, and a seek lives only as long as its poster's.
pub async fn delete_all(store: &Store) -> Result<u64, sqlx::Error> {
    let done = store.execute(sqlx::query("DELETE FROM seeks")).await?;
    Ok(done.rows_affected())
}
