//! The lobby: seeks (open to anyone) and challenges (to one player), their
//! withdrawal, acceptance and refusal, and the games they start. Seeks are
//! stored, so every process of one database sees one lobby; a change is
//! told to every process by a note ([`Note::Lobby`]), and each sends the
//! lobby anew to its connections that watch it. The players online that
//! it lists are those of this process, with their ratings; each live
//! game's spectators are those of every process ([`crate::hub::audience`]).

use entropy_protocol::fairness::Secret;
use entropy_protocol::{GameOptions, OnlinePlayer, Seat, Seek, ServerMessage};
use rand::Rng;

use crate::auth::random_id;
use crate::conns::Who;
use crate::db::lobby::{self as seeks, SeekRow};
use crate::db::{accounts, games, ratings};
use crate::game::Game;
use crate::hub::slots::Loaded;
use crate::notify::note::Note;
use crate::server::Server;

/// The most seeks and challenges one account may have open.
pub const MAX_SEEKS: i64 = 10;
/// How many seeks and challenges an account may post at once…
pub const POSTS_BURST: u32 = 10;
/// …and then one each this often.
pub const POST_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// The rate at which accounts may post seeks, kept by account.
pub type Posting = governor::DefaultKeyedRateLimiter<String>;

/// The limit on posting seeks: [`POSTS_BURST`] at once, then one each [`POST_EVERY`].
pub fn posting() -> Posting {
    let quota = governor::Quota::with_period(POST_EVERY)
        .expect("a period")
        .allow_burst(std::num::NonZeroU32::new(POSTS_BURST).expect("a burst"));
    governor::RateLimiter::keyed(quota)
}

fn store_error(e: sqlx::Error) -> String {
    crate::db::read_failed(&e)
}

fn write_error(e: sqlx::Error) -> String {
    crate::db::write_failed(&e)
}

async fn rating(server: &Server, account: &str, options: &GameOptions) -> Result<Option<f64>, String> {
    if !options.rated {
        return Ok(None);
    }
    let standing = ratings::standing(&server.store, account, &options.pool())
        .await
        .map_err(store_error)?;
    Ok(Some(standing.rating.rating))
}

async fn seek_of(server: &Server, row: &SeekRow) -> Result<Seek, String> {
    Ok(Seek {
        id: row.id.clone(),
        by: Seat {
            name: row.name.clone(),
            bot: row.bot,
            rating: rating(server, &row.account_id, &row.options).await?,
        },
        options: row.options,
        to: row.to.as_ref().map(|(_, name)| name.clone()),
    })
}

/// The lobby as it stands, in as many messages as it takes to keep each
/// within the protocol's limit ([`entropy_protocol::lobby::parts`]).
pub async fn lobby(server: &Server) -> Result<Vec<ServerMessage>, String> {
    let rows = seeks::all(&server.store).await.map_err(store_error)?;
    let mut list = Vec::with_capacity(rows.len());
    for row in &rows {
        list.push(seek_of(server, row).await?);
    }
    let mut games = games::live(&server.store).await.map_err(store_error)?;
    for game in &mut games {
        game.spectators = server.audience.total(&game.id);
    }
    Ok(entropy_protocol::lobby::parts(list, online(server).await?, games))
}

/// The players signed in, to this process or another, by name, each
/// with their ratings in the pools they have played a rated game in.
async fn online(server: &Server) -> Result<Vec<OnlinePlayer>, String> {
    let mut online = server.conns.online();
    let here: std::collections::HashSet<String> = online.iter().map(|who| who.id.clone()).collect();
    online.extend(server.roster.all().into_iter().filter(|who| !here.contains(&who.id)));
    online.sort_by(|a, b| a.name.to_lowercase().cmp(&b.name.to_lowercase()).then(a.id.cmp(&b.id)));
    let ids: Vec<&str> = online.iter().map(|who| who.id.as_str()).collect();
    let mut ratings = ratings::of_accounts(&server.store, &ids).await.map_err(store_error)?;
    Ok(online
        .into_iter()
        .map(|who| OnlinePlayer {
            ratings: ratings.remove(&who.id).unwrap_or_default(),
            name: who.name,
            bot: who.bot,
        })
        .collect())
}

/// How often, at most, the lobby is sent anew to its watchers: changes
/// that come faster are told together.
pub const LOBBY_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// Tells this process's lobby watchers the lobby anew whenever it changed
/// ([`Server::lobby_changed`] rung), at most once each [`LOBBY_EVERY`],
/// until the server stops. However fast seeks come and go, a watcher gets
/// a few lobbies a second, and every change is in the next.
pub async fn teller(server: std::sync::Arc<Server>) {
    let mut stopping = server.stopping.clone();
    loop {
        tokio::select! {
            _ = crate::server::stopped(&mut stopping) => return,
            _ = server.lobby_changed.notified() => {}
        }
        broadcast(&server).await;
        tokio::select! {
            _ = crate::server::stopped(&mut stopping) => return,
            _ = tokio::time::sleep(LOBBY_EVERY) => {}
        }
    }
}

/// Sends the lobby to every connection of this process that watches it.
async fn broadcast(server: &Server) {
    if !server.conns.lobby_watched() {
        return;
    }
    match lobby(server).await {
        Ok(parts) => {
            for part in &parts {
                server.conns.send_lobby(part);
            }
        }
        Err(e) => tracing::warn!(error = %e, "could not read the lobby"),
    }
}

async fn tell(server: &Server, account: &str, message: ServerMessage) {
    server
        .notes
        .send(
            &server.store,
            Note::Tell {
                account: account.to_string(),
                message: Box::new(message),
            },
        )
        .await;
}

/// Posts a seek, or a challenge to the player named `to`.
pub async fn post(server: &Server, who: &Who, options: GameOptions, to: Option<&str>) -> Result<(), String> {
    options.check()?;
    if server.posting.check_key(&who.id).is_err() {
        return Err(format!(
            "you post seeks faster than the lobby takes them: at most {POSTS_BURST} at once and one each \
             {} seconds; wait a moment",
            POST_EVERY.as_secs()
        ));
    }
    let to = match to {
        None => None,
        Some(name) => {
            let account = accounts::by_name(&server.store, name)
                .await
                .map_err(store_error)?
                .ok_or_else(|| format!("there is no player {name:?}"))?;
            if account.id == who.id {
                return Err("you cannot challenge yourself".into());
            }
            Some(account)
        }
    };
    if seeks::count_of(&server.store, &who.id).await.map_err(store_error)? >= MAX_SEEKS {
        return Err(format!("you have {MAX_SEEKS} seeks open already: withdraw one first"));
    }
    let id = random_id(8);
    let now = server.clock.now();
    seeks::insert(
        &server.store,
        &id,
        &who.id,
        &options,
        to.as_ref().map(|a| a.id.as_str()),
        now,
    )
    .await
    .map_err(write_error)?;
    let seek = Seek {
        id,
        by: Seat {
            name: who.name.clone(),
            bot: who.bot,
            rating: rating(server, &who.id, &options).await?,
        },
        options,
        to: to.as_ref().map(|a| a.name.clone()),
    };
    tell(server, &who.id, ServerMessage::SeekPosted { seek: seek.clone() }).await;
    if let Some(to) = &to {
        tell(server, &to.id, ServerMessage::Challenged { seek }).await;
    }
    server.notes.send(&server.store, Note::Lobby).await;
    Ok(())
}

async fn gone(server: &Server, row: &SeekRow, reason: &str) {
    let message = ServerMessage::SeekGone {
        seek: row.id.clone(),
        reason: reason.to_string(),
    };
    tell(server, &row.account_id, message.clone()).await;
    if let Some((to, _)) = &row.to {
        tell(server, to, message).await;
    }
    server.notes.send(&server.store, Note::Lobby).await;
}

async fn find(server: &Server, seek: &str) -> Result<SeekRow, String> {
    seeks::get(&server.store, seek)
        .await
        .map_err(store_error)?
        .ok_or_else(|| format!("there is no seek {seek:?} (taken, withdrawn or declined)"))
}

/// Withdraws one's own seek or challenge.
pub async fn cancel(server: &Server, who: &Who, seek: &str) -> Result<(), String> {
    let row = find(server, seek).await?;
    if row.account_id != who.id {
        return Err(format!("seek {seek:?} is not yours to withdraw"));
    }
    if seeks::delete(&server.store, seek).await.map_err(write_error)? {
        gone(server, &row, "withdrawn").await;
    }
    Ok(())
}

/// Declines a challenge made to oneself.
pub async fn decline(server: &Server, who: &Who, seek: &str) -> Result<(), String> {
    let row = find(server, seek).await?;
    if row.to.as_ref().map(|(id, _)| id) != Some(&who.id) {
        return Err(format!("seek {seek:?} is not a challenge to you"));
    }
    if seeks::delete(&server.store, seek).await.map_err(write_error)? {
        gone(server, &row, &format!("declined by {}", who.name)).await;
    }
    Ok(())
}

/// Accepts a seek or a challenge: the game starts.
pub async fn accept(server: &Server, who: &Who, seek: &str) -> Result<(), String> {
    let row = find(server, seek).await?;
    if row.account_id == who.id {
        return Err("you cannot accept your own seek".into());
    }
    if let Some((to, name)) = &row.to
        && *to != who.id
    {
        return Err(format!("seek {seek:?} is a challenge to {name}"));
    }
    let seeker = Who {
        id: row.account_id.clone(),
        name: row.name.clone(),
        bot: row.bot,
    };
    let first_order = rand::rng().random_range(0..2u8);
    let started = start(
        server,
        [seeker, who.clone()],
        row.options,
        first_order,
        None,
        Some(seek),
    )
    .await?;
    if started.is_none() {
        return Err(format!("seek {seek:?} was taken meanwhile"));
    }
    gone(server, &row, &format!("accepted by {}", who.name)).await;
    Ok(())
}

/// Starts a game: stored with its first events (and, from a seek, the
/// seek taken in the same transaction), then told to both players. None
/// if the seek was gone.
async fn start(
    server: &Server,
    players: [Who; 2],
    options: GameOptions,
    first_order: u8,
    rematch_of: Option<String>,
    seek: Option<&str>,
) -> Result<Option<String>, String> {
    let mut seats = Vec::with_capacity(2);
    for who in &players {
        seats.push(Seat {
            name: who.name.clone(),
            bot: who.bot,
            rating: rating(server, &who.id, &options).await?,
        });
    }
    let seats: [Seat; 2] = seats.try_into().expect("two players");
    let secret = Secret::random();
    let now = server.clock.now();
    let (game, events) = Game::start(seats.clone(), options, first_order, secret, rematch_of, now);
    let id = random_id(8);
    let row = games::GameRow {
        id: id.clone(),
        secret: secret.to_string(),
        options,
        accounts: [players[0].id.clone(), players[1].id.clone()],
        seats,
        live: true,
        version: events.len() as u64,
        deadline_at: game.deadline(),
    };
    if !games::insert(&server.store, &row, &events, now, seek)
        .await
        .map_err(write_error)?
    {
        return Ok(None);
    }
    tracing::info!(game = %id, "a game started");
    server.hub.insert(Loaded { row, game }).await;
    server.sweep.wake();
    for who in &players {
        tell(server, &who.id, ServerMessage::GameStarted { game: id.clone() }).await;
    }
    server.notes.send(&server.store, Note::Lobby).await;
    Ok(Some(id))
}

/// Both players of game `old` asked for a rematch: it starts, the same
/// players with `first_order` Order first; its id.
pub async fn start_rematch(
    server: &Server,
    players: [Who; 2],
    options: GameOptions,
    first_order: u8,
    old: &str,
) -> Result<String, String> {
    let started = start(server, players, options, first_order, Some(old.to_string()), None).await?;
    started.ok_or_else(|| "the rematch was not stored".to_string())
}

/// An account's last connection closed: its seeks go (unless it is back
/// meanwhile, on a new connection).
pub async fn left(server: &Server, account: &str) {
    if crate::hub::roster::here(server, account) {
        return;
    }
    match seeks::delete_of(&server.store, account).await {
        Ok(rows) => {
            for row in rows {
                gone(server, &row, "its player left").await;
            }
        }
        Err(e) => {
            store_error(e);
        }
    }
}
