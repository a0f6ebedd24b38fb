//! The server's signing key ([`entropy_protocol::signature`]): made once,
//! the first time a server starts on a database, and kept in its `meta`
//! table (row `signing_key`, the secret's 64 hexadecimal digits), so that
//! every process on one PostgreSQL signs with the same key and a restart
//! keeps it. Whoever can read the table can sign as the server: it is
//! backed up, and kept, as the accounts are.

use entropy_protocol::signature::SigningKey;
use sqlx::Row;

use super::Store;

/// The `meta` row that holds the key.
pub const SIGNING_KEY: &str = "signing_key";

/// The database's signing key, made and stored if it has none. Two
/// processes starting at once on PostgreSQL may both make one: the first
/// stored wins (the insert does nothing where the row is there) and both
/// read it back. A stored key that is not one is refused, the database
/// left as it is.
pub async fn signing_key(store: &Store) -> Result<SigningKey, String> {
    if let Some(key) = stored(store).await? {
        return key;
    }
    let fresh = SigningKey::generate();
    store
        .execute(
            sqlx::query("INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
                .bind(SIGNING_KEY)
                .bind(fresh.to_hex()),
        )
        .await
        .map_err(|e| format!("cannot store the signing key: {e}"))?;
    match stored(store).await? {
        Some(key) => key,
        None => Err("the signing key just stored is not there".into()),
    }
}

/// The key stored, if there is a row for it (the row's key, or why it is
/// not one).
async fn stored(store: &Store) -> Result<Option<Result<SigningKey, String>>, String> {
    let row = sqlx::query("SELECT value FROM meta WHERE key = $1")
        .bind(SIGNING_KEY)
        .fetch_optional(store.pool())
        .await
        .map_err(|e| format!("cannot read the signing key: {e}"))?;
    let Some(row) = row else { return Ok(None) };
    let value: String = row
        .try_get(0)
        .map_err(|e| format!("cannot read the signing key: {e}"))?;
    Ok(Some(SigningKey::from_hex(&value).map_err(|why| {
        format!("the database's signing key (the meta table's {SIGNING_KEY} row) is not one: {why}; the database is left as it is")
    })))
}
