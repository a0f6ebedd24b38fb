//! The tables, and the check of a database's schema before the server uses
//! it. A database with no tables gets them; one of this schema's version is
//! used as it is; anything else (a file that is not a database, another
//! program's tables, a newer schema) is refused and left untouched.

use sqlx::{AnyConnection, Row};

use super::{Backend, Outcome, Store};

/// The version of the tables below, kept in `meta`. Version 2 keys names
/// by their Unicode fold ([`super::accounts::name_key`]); a database of
/// version 1 is brought up to it as the server starts ([`to_version_2`]).
pub const SCHEMA_VERSION: i64 = 2;

/// The tables, in the SQL both databases read.
const TABLES: &[&str] = &[
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    // name_key: the name in lower case, so names are unique whatever their case.
    "CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        bot BIGINT NOT NULL,
        created_at BIGINT NOT NULL)",
    // The SHA-256 of the token, never the token.
    "CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        created_at BIGINT NOT NULL,
        revoked_at BIGINT)",
    "CREATE TABLE seeks (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts(id),
        options TEXT NOT NULL,
        to_account TEXT REFERENCES accounts(id),
        created_at BIGINT NOT NULL)",
    // state: 'live' or 'over'; version: the last event's; players: the seats as JSON.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        secret TEXT NOT NULL,
        options TEXT NOT NULL,
        player0 TEXT NOT NULL REFERENCES accounts(id),
        player1 TEXT NOT NULL REFERENCES accounts(id),
        players TEXT NOT NULL,
        state TEXT NOT NULL,
        version BIGINT NOT NULL,
        deadline_at BIGINT,
        result TEXT,
        match_file TEXT,
        created_at BIGINT NOT NULL,
        ended_at BIGINT)",
    "CREATE INDEX games_by_state ON games (state, deadline_at)",
    "CREATE INDEX games_by_player0 ON games (player0, state)",
    "CREATE INDEX games_by_player1 ON games (player1, state)",
    // The primary key is the optimistic lock: one writer of a version wins.
    "CREATE TABLE game_events (
        game_id TEXT NOT NULL REFERENCES games(id),
        version BIGINT NOT NULL,
        event TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (game_id, version))",
    "CREATE TABLE ratings (
        account_id TEXT NOT NULL REFERENCES accounts(id),
        pool TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        PRIMARY KEY (account_id, pool))",
    "CREATE TABLE processes (id TEXT PRIMARY KEY, heartbeat_at BIGINT NOT NULL)",
];

/// The key of the advisory lock that PostgreSQL processes take while one
/// makes or checks the tables: of two starting at once on an empty
/// database, one makes them and the other then finds them.
const PREPARE_LOCK: i64 = 0x656e_7472_6f70;

/// Makes the database ready: creates the tables in an empty one, checks
/// the version of a used one. The error says why the database cannot be
/// used; a database refused is left as it was (its transaction rolled back).
pub async fn prepare(store: &Store) -> Result<(), String> {
    let backend = store.backend();
    let prepared = store
        .write(async |conn| {
            if backend == Backend::Postgres {
                sqlx::query("SELECT pg_advisory_xact_lock($1)")
                    .bind(PREPARE_LOCK)
                    .execute(&mut *conn)
                    .await?;
            }
            let tables = tables(conn, backend).await?;
            if tables.is_empty() {
                create(conn).await?;
                return Ok(Outcome::Commit(Ok("created the tables")));
            }
            Ok(match check(conn, &tables).await? {
                Ok(Brought::Up) => Outcome::Commit(Ok("brought the tables up to date")),
                Ok(Brought::AsItWas) => Outcome::Rollback(Ok("")),
                Err(why) => Outcome::Rollback(Err(why)),
            })
        })
        .await
        .map_err(|e| format!("cannot read the database: {e}"))??;
    if !prepared.is_empty() {
        tracing::info!(version = SCHEMA_VERSION, "{prepared}");
    }
    Ok(())
}

/// Version 1 to 2: every name keyed by its Unicode fold. Of accounts whose
/// names fold to one key, the oldest takes it, and the others keep their
/// old key ([`super::accounts::legacy_key`]) and sign in by their names as
/// before: nobody is locked out, and no new name can look like theirs.
async fn to_version_2(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    use super::accounts::{legacy_key, name_key};
    let accounts: Vec<(String, String)> = sqlx::query("SELECT id, name FROM accounts ORDER BY created_at, id")
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
        .collect::<Result<_, sqlx::Error>>()?;
    // Every key set aside first, so that no new key meets an old one.
    for (id, name) in &accounts {
        sqlx::query("UPDATE accounts SET name_key = $1 WHERE id = $2")
            .bind(format!("{}:{id}", legacy_key(name)))
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    let mut taken = std::collections::HashSet::new();
    for (id, name) in &accounts {
        let key = name_key(name);
        let key = if taken.insert(key.clone()) {
            key
        } else {
            legacy_key(name)
        };
        sqlx::query("UPDATE accounts SET name_key = $1 WHERE id = $2")
            .bind(key)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("UPDATE meta SET value = $1 WHERE key = 'schema_version'")
        .bind(SCHEMA_VERSION.to_string())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The tables of the database.
async fn tables(conn: &mut AnyConnection, backend: Backend) -> Result<Vec<String>, sqlx::Error> {
    let list = match backend {
        Backend::Sqlite => "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        Backend::Postgres => {
            "SELECT CAST(table_name AS TEXT) FROM information_schema.tables WHERE table_schema = current_schema()"
        }
    };
    sqlx::query(list)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|row| row.try_get::<String, _>(0))
        .collect()
}

/// What [`check`] did to a database of this server's.
enum Brought {
    /// Of this version already.
    AsItWas,
    /// Brought up from an older version: to be committed.
    Up,
}

/// Whether the tables are this server's, of its schema's version (or one
/// it brings up to it).
async fn check(conn: &mut AnyConnection, tables: &[String]) -> Result<Result<Brought, String>, sqlx::Error> {
    if !tables.iter().any(|t| t == "meta") {
        return Ok(Err(format!(
            "the database holds tables that are not entropy-server's ({}); it is left as it is",
            tables.join(", ")
        )));
    }
    let version: Option<String> = sqlx::query("SELECT value FROM meta WHERE key = 'schema_version'")
        .fetch_optional(&mut *conn)
        .await?
        .map(|row| row.try_get(0))
        .transpose()?;
    let Some(version) = version.as_deref().and_then(|v| v.parse::<i64>().ok()) else {
        return Ok(Err("the database has no schema version; it is left as it is".into()));
    };
    if version == 1 {
        to_version_2(conn).await?;
        return Ok(Ok(Brought::Up));
    }
    Ok(match version.cmp(&SCHEMA_VERSION) {
        std::cmp::Ordering::Equal => Ok(Brought::AsItWas),
        std::cmp::Ordering::Greater => Err(format!(
            "the database's schema is version {version}, newer than this server's ({SCHEMA_VERSION}): \
             run a newer entropy-server; the database is left as it is"
        )),
        std::cmp::Ordering::Less => Err(format!(
            "the database's schema is version {version}, older than this server's ({SCHEMA_VERSION}), \
             and this server has no way to bring it up to date; it is left as it is"
        )),
    })
}

async fn create(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    for table in TABLES {
        sqlx::query(*table).execute(&mut *conn).await?;
    }
    sqlx::query("INSERT INTO meta (key, value) VALUES ('schema_version', $1)")
        .bind(SCHEMA_VERSION.to_string())
        .execute(&mut *conn)
        .await?;
    Ok(())
}
