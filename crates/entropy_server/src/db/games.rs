//! Games and their events. A game's events are numbered by version; the
//! primary key (game_id, version) of `game_events` is the optimistic lock:
//! of two writers of one version, one fails ([`Appended::Conflict`]), reads
//! what the other wrote and tries again.

use entropy_protocol::{GameEvent, GameOptions, GameSummary, LiveGame, Seat};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Outcome, Store, is_unique_violation, ratings};
use crate::clock::Millis;

/// A game's row (without its events and match file).
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: String,
    /// The seed's secret, never sent to a client before the end.
    pub secret: String,
    pub options: GameOptions,
    /// The players' account ids, player 0 first.
    pub accounts: [String; 2],
    pub seats: [Seat; 2],
    pub live: bool,
    pub version: u64,
    pub deadline_at: Option<Millis>,
}

fn json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, sqlx::Error> {
    serde_json::from_str(text).map_err(|e| sqlx::Error::Decode(format!("a stored game's {what}: {e}").into()))
}

fn version(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

fn db_version(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

impl GameRow {
    fn read(row: &AnyRow) -> Result<GameRow, sqlx::Error> {
        Ok(GameRow {
            id: row.try_get("id")?,
            secret: row.try_get("secret")?,
            options: json(&row.try_get::<String, _>("options")?, "options")?,
            accounts: [row.try_get("player0")?, row.try_get("player1")?],
            seats: json(&row.try_get::<String, _>("players")?, "players")?,
            live: row.try_get::<String, _>("state")? == "live",
            version: version(row.try_get("version")?),
            deadline_at: row.try_get("deadline_at")?,
        })
    }
}

/// Stores a new game and its first events in one transaction; when it was
/// accepted from a seek, the seek is taken in it too: `Ok(false)` if the
/// seek was gone (another process took it first), and nothing is stored.
pub async fn insert(
    store: &Store,
    game: &GameRow,
    events: &[GameEvent],
    now: Millis,
    seek: Option<&str>,
) -> Result<bool, sqlx::Error> {
    store
        .write(async |tx| {
            if let Some(seek) = seek {
                let taken = sqlx::query("DELETE FROM seeks WHERE id = $1")
                    .bind(seek)
                    .execute(&mut *tx)
                    .await?;
                if taken.rows_affected() != 1 {
                    return Ok(Outcome::Rollback(false));
                }
            }
            sqlx::query(
                "INSERT INTO games (id, secret, options, player0, player1, players, state, version, deadline_at, created_at)
                 VALUES ($1, $2, $3, $4, $5, $6, 'live', $7, $8, $9)",
            )
            .bind(&game.id)
            .bind(&game.secret)
            .bind(serde_json::to_string(&game.options).expect("options serialize"))
            .bind(&game.accounts[0])
            .bind(&game.accounts[1])
            .bind(serde_json::to_string(&game.seats).expect("seats serialize"))
            .bind(db_version(events.len() as u64))
            .bind(game.deadline_at)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            for (i, event) in events.iter().enumerate() {
                insert_event(&mut *tx, &game.id, i as u64 + 1, event, now).await?;
            }
            Ok(Outcome::Commit(true))
        })
        .await
}

async fn insert_event(
    conn: &mut sqlx::AnyConnection,
    game: &str,
    version: u64,
    event: &GameEvent,
    at: Millis,
) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO game_events (game_id, version, event, at) VALUES ($1, $2, $3, $4)")
        .bind(game)
        .bind(db_version(version))
        .bind(entropy_protocol::encode(event))
        .bind(at)
        .execute(conn)
        .await?;
    Ok(())
}

/// A game's end, stored with its last events.
#[derive(Clone, Debug)]
pub struct Over {
    pub result: String,
    pub match_file: String,
    /// The ratings to update: the pool and player 0's score.
    pub rated: Option<(String, f64)>,
}

/// New events of a game, written after version `from`.
#[derive(Clone, Debug)]
pub struct Append<'a> {
    pub game: &'a GameRow,
    pub from: u64,
    pub events: &'a [GameEvent],
    pub at: Millis,
    pub deadline_at: Option<Millis>,
    pub over: Option<Over>,
}

/// What became of an [`Append`].
#[derive(Clone, Debug, PartialEq)]
pub enum Appended {
    /// Stored. A rated game's end was rated in the same transaction, and
    /// its [`GameEvent::Rated`] stored right after the events given (the
    /// next version): here it is, for the game to absorb and the watchers.
    Stored { rated: Option<GameEvent> },
    /// Another writer stored this version first: nothing was stored.
    Conflict,
}

/// Stores a game's new events, its version and deadline (and its end, with
/// the ratings and their change) in one transaction.
///
/// The versions are the optimistic lock: the events' primary key and the
/// games row's `version` (updated only from `from`, and only while the
/// game is live) make a second writer of the same versions fail and store
/// nothing, so a game ends, and is rated, exactly once.
pub async fn append(store: &Store, append: Append<'_>) -> Result<Appended, sqlx::Error> {
    store.write(async |tx| append_in(tx, &append).await).await
}

/// [`append`]'s work, in its transaction.
async fn append_in(tx: &mut AnyConnection, append: &Append<'_>) -> Result<Outcome<Appended>, sqlx::Error> {
    let conflict = Ok(Outcome::Rollback(Appended::Conflict));
    for (i, event) in append.events.iter().enumerate() {
        match insert_event(&mut *tx, &append.game.id, append.from + 1 + i as u64, event, append.at).await {
            Ok(()) => {}
            Err(e) if is_unique_violation(&e) => return conflict,
            Err(e) => return Err(e),
        }
    }
    let rated = append.over.as_ref().and_then(|over| over.rated.as_ref());
    // A rated end's version counts its ratings' change, stored below.
    let last = append.from + append.events.len() as u64 + u64::from(rated.is_some());
    let to = db_version(last);
    let updated = match &append.over {
        None => {
            sqlx::query("UPDATE games SET version = $1, deadline_at = $2 WHERE id = $3 AND version = $4")
                .bind(to)
                .bind(append.deadline_at)
                .bind(&append.game.id)
                .bind(db_version(append.from))
                .execute(&mut *tx)
                .await?
        }
        Some(over) => {
            sqlx::query(
                "UPDATE games SET version = $1, deadline_at = NULL, state = 'over', result = $2, match_file = $3,
                 ended_at = $4 WHERE id = $5 AND version = $6 AND state = 'live'",
            )
            .bind(to)
            .bind(&over.result)
            .bind(&over.match_file)
            .bind(append.at)
            .bind(&append.game.id)
            .bind(db_version(append.from))
            .execute(&mut *tx)
            .await?
        }
    };
    if updated.rows_affected() != 1 {
        return conflict;
    }
    let Some((pool, score)) = rated else {
        return Ok(Outcome::Commit(Appended::Stored { rated: None }));
    };
    let players = [append.game.accounts[0].as_str(), append.game.accounts[1].as_str()];
    let ratings = ratings::apply(&mut *tx, players, pool, *score).await?;
    let event = GameEvent::Rated { ratings };
    match insert_event(&mut *tx, &append.game.id, last, &event, append.at).await {
        Ok(()) => {}
        Err(e) if is_unique_violation(&e) => return conflict,
        Err(e) => return Err(e),
    }
    Ok(Outcome::Commit(Appended::Stored { rated: Some(event) }))
}

/// A game's row.
pub async fn load(store: &Store, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
    sqlx::query(
        "SELECT id, secret, options, player0, player1, players, state, version, deadline_at FROM games WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(store.pool())
    .await?
    .map(|row| GameRow::read(&row))
    .transpose()
}

/// A game's events after version `after`, each with its version and time.
pub async fn events_after(store: &Store, id: &str, after: u64) -> Result<Vec<(u64, GameEvent, Millis)>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT version, event, at FROM game_events WHERE game_id = $1 AND version > $2 ORDER BY version")
            .bind(id)
            .bind(db_version(after))
            .fetch_all(store.pool())
            .await?;
    rows.iter()
        .map(|row| {
            let event: String = row.try_get(1)?;
            Ok((version(row.try_get(0)?), json(&event, "event")?, row.try_get(2)?))
        })
        .collect()
}

/// The live games whose deadline is `now` or earlier.
pub async fn due(store: &Store, now: Millis) -> Result<Vec<String>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id FROM games WHERE state = 'live' AND deadline_at IS NOT NULL AND deadline_at <= $1 ORDER BY deadline_at",
    )
    .bind(now)
    .fetch_all(store.pool())
    .await?;
    rows.iter().map(|row| row.try_get(0)).collect()
}

/// The earliest deadline of a live game.
pub async fn next_deadline(store: &Store) -> Result<Option<Millis>, sqlx::Error> {
    let row = sqlx::query("SELECT MIN(deadline_at) FROM games WHERE state = 'live'")
        .fetch_one(store.pool())
        .await?;
    row.try_get(0)
}

/// Every live game's id.
pub async fn live_ids(store: &Store) -> Result<Vec<String>, sqlx::Error> {
    let rows = sqlx::query("SELECT id FROM games WHERE state = 'live'")
        .fetch_all(store.pool())
        .await?;
    rows.iter().map(|row| row.try_get(0)).collect()
}

/// The live games, as the lobby lists them, oldest first (their
/// spectators, which are not stored, counted as none).
pub async fn live(store: &Store) -> Result<Vec<LiveGame>, sqlx::Error> {
    let rows = sqlx::query("SELECT id, players, options FROM games WHERE state = 'live' ORDER BY created_at, id")
        .fetch_all(store.pool())
        .await?;
    rows.iter()
        .map(|row| {
            Ok(LiveGame {
                id: row.try_get(0)?,
                players: json(&row.try_get::<String, _>(1)?, "players")?,
                options: json(&row.try_get::<String, _>(2)?, "options")?,
                spectators: 0,
            })
        })
        .collect()
}

/// The live games an account plays, oldest first: each game's id and the
/// account's seat.
pub async fn live_of(store: &Store, account: &str) -> Result<Vec<(String, u8)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, player0 FROM games WHERE state = 'live' AND (player0 = $1 OR player1 = $1)
         ORDER BY created_at, id",
    )
    .bind(account)
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|row| {
            let first: String = row.try_get(1)?;
            Ok((row.try_get(0)?, if first == account { 0 } else { 1 }))
        })
        .collect()
}

/// An account's finished games, the latest first (at most 100).
pub async fn finished_of(store: &Store, account: &str) -> Result<Vec<GameSummary>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, players, options, result, ended_at FROM games WHERE state = 'over' AND (player0 = $1 OR player1 = $1)
         ORDER BY ended_at DESC, id LIMIT 100",
    )
    .bind(account)
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|row| {
            Ok(GameSummary {
                id: row.try_get(0)?,
                players: json(&row.try_get::<String, _>(1)?, "players")?,
                options: json(&row.try_get::<String, _>(2)?, "options")?,
                result: row.try_get::<Option<String>, _>(3)?.unwrap_or_else(|| "*".into()),
                ended_at: row.try_get::<Option<i64>, _>(4)?.unwrap_or(0) / 1000,
            })
        })
        .collect()
}

/// A finished game's match file.
pub async fn match_file(store: &Store, id: &str) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("SELECT match_file FROM games WHERE id = $1 AND state = 'over'")
        .bind(id)
        .fetch_optional(store.pool())
        .await?;
    match row {
        None => Ok(None),
        Some(row) => row.try_get(0),
    }
}
