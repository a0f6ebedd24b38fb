//! Accounts and their sessions.

use sqlx::Row;
use sqlx::any::AnyRow;

use super::{Store, flag, is_unique_violation};
use crate::clock::Millis;

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    pub id: String,
    pub name: String,
    pub password_hash: String,
    pub bot: bool,
}

impl AccountRow {
    fn read(row: &AnyRow) -> Result<AccountRow, sqlx::Error> {
        Ok(AccountRow {
            id: row.try_get("id")?,
            name: row.try_get("name")?,
            password_hash: row.try_get("password_hash")?,
            bot: row.try_get::<i64, _>("bot")? != 0,
        })
    }

    pub fn account(&self) -> entropy_protocol::Account {
        entropy_protocol::Account {
            name: self.name.clone(),
            bot: self.bot,
        }
    }
}

/// The key that makes names unique whatever their case and however they
/// are written: compatibility forms folded (NFKC: a full-width "ＡＮＮ" or a
/// mathematical "𝐚𝐧𝐧" is "ann"), case folded, then Unicode's confusable
/// skeleton (UTS #39: a Cyrillic "аnn" is the Latin "ann"). Two names
/// with one key are one name: one person cannot pass for another.
///
/// ```
/// use entropy_server::db::accounts::name_key;
/// let ann = name_key("ann");
/// for like in ["Ann", "ANN", "\u{430}nn", "ＡＮＮ", "𝐚𝐧𝐧"] {
///     assert_eq!(name_key(like), ann, "{like}");
/// }
/// assert_ne!(name_key("bob"), ann);
/// ```
pub fn name_key(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let folded: String = name.nfkc().flat_map(char::to_lowercase).collect();
    let folded: String = folded.nfkc().collect();
    unicode_security::skeleton(&folded).collect()
}

/// The key an account had under schema 1 (its name in lower case), kept
/// for an account whose name folded to another's key when the database
/// was brought to schema 2 ([`super::schema`]): it still signs in by it.
pub fn legacy_key(name: &str) -> String {
    format!("legacy:{}", name.to_lowercase())
}

/// Stores a new account; `Ok(false)` if the name is taken (in any case).
pub async fn create(store: &Store, account: &AccountRow, now: Millis) -> Result<bool, sqlx::Error> {
    let inserted = store.execute(sqlx::query(
        "INSERT INTO accounts (id, name, name_key, password_hash, bot, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&account.id)
    .bind(&account.name)
    .bind(name_key(&account.name))
    .bind(&account.password_hash)
    .bind(flag(account.bot))
    .bind(now))
    .await;
    match inserted {
        Ok(_) => Ok(true),
        Err(e) if is_unique_violation(&e) => Ok(false),
        Err(e) => Err(e),
    }
}

/// The account of a name, in any case and form ([`name_key`]); of an old
/// account that kept its [`legacy_key`], by that name in any case.
pub async fn by_name(store: &Store, name: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    let rows = sqlx::query("SELECT id, name, password_hash, bot FROM accounts WHERE name_key = $1 OR name_key = $2")
        .bind(name_key(name))
        .bind(legacy_key(name))
        .fetch_all(store.pool())
        .await?
        .iter()
        .map(AccountRow::read)
        .collect::<Result<Vec<_>, _>>()?;
    let exact = rows
        .iter()
        .position(|row| row.name.to_lowercase() == name.to_lowercase());
    Ok(match exact {
        Some(i) => rows.into_iter().nth(i),
        None => rows.into_iter().next(),
    })
}

/// The account of an id.
pub async fn by_id(store: &Store, id: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    sqlx::query("SELECT id, name, password_hash, bot FROM accounts WHERE id = $1")
        .bind(id)
        .fetch_optional(store.pool())
        .await?
        .map(|row| AccountRow::read(&row))
        .transpose()
}

/// Stores a session by its token's hash.
pub async fn open_session(store: &Store, token_hash: &str, account_id: &str, now: Millis) -> Result<(), sqlx::Error> {
    store
        .execute(
            sqlx::query("INSERT INTO sessions (token_hash, account_id, created_at) VALUES ($1, $2, $3)")
                .bind(token_hash)
                .bind(account_id)
                .bind(now),
        )
        .await?;
    Ok(())
}

/// The account of a session not revoked.
pub async fn session_account(store: &Store, token_hash: &str) -> Result<Option<AccountRow>, sqlx::Error> {
    sqlx::query(
        "SELECT a.id, a.name, a.password_hash, a.bot FROM sessions s JOIN accounts a ON a.id = s.account_id
         WHERE s.token_hash = $1 AND s.revoked_at IS NULL",
    )
    .bind(token_hash)
    .fetch_optional(store.pool())
    .await?
    .map(|row| AccountRow::read(&row))
    .transpose()
}

/// Revokes a session; whether there was one to revoke.
pub async fn revoke_session(store: &Store, token_hash: &str, now: Millis) -> Result<bool, sqlx::Error> {
    let done = store
        .execute(
            sqlx::query("UPDATE sessions SET revoked_at = $1 WHERE token_hash = $2 AND revoked_at IS NULL")
                .bind(now)
                .bind(token_hash),
        )
        .await?;
    Ok(done.rows_affected() == 1)
}
