//! Ratings: Glicko-2 (the `skillratings` crate) in one pool for each board
//! size and format (`GameOptions::pool`). A player without a rating in a
//! pool has Glicko-2's default: 1500, deviation 350, volatility 0.06.

use std::collections::{BTreeMap, HashMap};

use entropy_protocol::{Rating, RatingChange};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use sqlx::{AnyConnection, Row};

use super::Store;

/// A player's rating in a pool and the number of rated games behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub rating: Glicko2Rating,
    pub games: i64,
}

impl Default for Standing {
    fn default() -> Standing {
        Standing {
            rating: Glicko2Rating::new(),
            games: 0,
        }
    }
}

/// The two players' standings after a game: `score` is player 0's (1, ½ or 0).
pub fn rate(players: [Standing; 2], score: f64) -> [Standing; 2] {
    let outcome = if score > 0.75 {
        Outcomes::WIN
    } else if score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    };
    let (a, b) = glicko2(&players[0].rating, &players[1].rating, &outcome, &Glicko2Config::new());
    [
        Standing {
            rating: a,
            games: players[0].games + 1,
        },
        Standing {
            rating: b,
            games: players[1].games + 1,
        },
    ]
}

async fn standing_in(conn: &mut AnyConnection, account: &str, pool: &str) -> Result<Standing, sqlx::Error> {
    let row =
        sqlx::query("SELECT rating, deviation, volatility, games FROM ratings WHERE account_id = $1 AND pool = $2")
            .bind(account)
            .bind(pool)
            .fetch_optional(&mut *conn)
            .await?;
    match row {
        None => Ok(Standing::default()),
        Some(row) => Ok(Standing {
            rating: Glicko2Rating {
                rating: row.try_get(0)?,
                deviation: row.try_get(1)?,
                volatility: row.try_get(2)?,
            },
            games: row.try_get(3)?,
        }),
    }
}

/// A player's standing in a pool.
pub async fn standing(store: &Store, account: &str, pool: &str) -> Result<Standing, sqlx::Error> {
    let mut conn = store.pool().acquire().await?;
    standing_in(&mut conn, account, pool).await
}

/// Rates a finished game, within the transaction that ends it: each
/// player's rating before and after it.
pub async fn apply(
    conn: &mut AnyConnection,
    players: [&str; 2],
    pool: &str,
    score: f64,
) -> Result<[RatingChange; 2], sqlx::Error> {
    let before = [
        standing_in(conn, players[0], pool).await?,
        standing_in(conn, players[1], pool).await?,
    ];
    let after = rate(before, score);
    for (account, standing) in players.iter().zip(after) {
        sqlx::query(
            "INSERT INTO ratings (account_id, pool, rating, deviation, volatility, games) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (account_id, pool) DO UPDATE SET rating = excluded.rating, deviation = excluded.deviation,
             volatility = excluded.volatility, games = excluded.games",
        )
        .bind(*account)
        .bind(pool)
        .bind(standing.rating.rating)
        .bind(standing.rating.deviation)
        .bind(standing.rating.volatility)
        .bind(standing.games)
        .execute(&mut *conn)
        .await?;
    }
    Ok([0, 1].map(|i| RatingChange {
        before: before[i].rating.rating,
        after: after[i].rating.rating,
    }))
}

/// The most accounts one query of [`of_accounts`] asks about (well within
/// both databases' limits on a statement's parameters).
const ACCOUNTS_A_QUERY: usize = 500;

/// The ratings of accounts in every pool where they have played a rated
/// game: account id → pool → rating. One query for up to
/// [`ACCOUNTS_A_QUERY`] accounts; an account without any is not in it.
pub async fn of_accounts(
    store: &Store,
    accounts: &[&str],
) -> Result<HashMap<String, BTreeMap<String, f64>>, sqlx::Error> {
    let mut found: HashMap<String, BTreeMap<String, f64>> = HashMap::new();
    for chunk in accounts.chunks(ACCOUNTS_A_QUERY) {
        let placeholders: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT account_id, pool, rating FROM ratings WHERE games > 0 AND account_id IN ({})",
            placeholders.join(", ")
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for account in chunk {
            query = query.bind(*account);
        }
        for row in query.fetch_all(store.pool()).await? {
            found
                .entry(row.try_get(0)?)
                .or_default()
                .insert(row.try_get(1)?, row.try_get(2)?);
        }
    }
    Ok(found)
}

/// A pool's players, best first (at most 100).
pub async fn leaderboard(store: &Store, pool: &str) -> Result<Vec<Rating>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT a.name, a.bot, r.rating, r.deviation, r.games FROM ratings r JOIN accounts a ON a.id = r.account_id
         WHERE r.pool = $1 ORDER BY r.rating DESC, a.name_key LIMIT 100",
    )
    .bind(pool)
    .fetch_all(store.pool())
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Rating {
                name: row.try_get(0)?,
                bot: row.try_get::<i64, _>(1)? != 0,
                rating: row.try_get(2)?,
                deviation: row.try_get(3)?,
                games: u32::try_from(row.try_get::<i64, _>(4)?).unwrap_or(u32::MAX),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_the_winner_and_lowers_the_loser() {
        let [winner, loser] = rate([Standing::default(), Standing::default()], 1.0);
        assert!(winner.rating.rating > 1500.0 && loser.rating.rating < 1500.0);
        assert_eq!((winner.games, loser.games), (1, 1));
        let [a, b] = rate([Standing::default(), Standing::default()], 0.5);
        assert!((a.rating.rating - 1500.0).abs() < 1e-6 && (b.rating.rating - 1500.0).abs() < 1e-6);
    }
}
