//! The HTTP API: accounts and sessions, finished games, a player's games,
//! the leaderboard. Bodies are JSON (`entropy_protocol`'s types); an error
//! is an [`ApiError`] with its status.

// A handler's error is the response it sends, as axum has it: large, and
// made once per request.
#![allow(clippy::result_large_err)]

use std::sync::Arc;

use axum::Extension;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use entropy_protocol::{ApiError, Credentials, GameSummary, Rating, SignedIn};
use entropy_rules::text::excerpt;
use serde::Deserialize;

use crate::db::accounts::{self, AccountRow};
use crate::db::{games, ratings};
use crate::door::Ticket;
use crate::server::Server;
use crate::{auth, guard};

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// Every route of the server; with `web`, the web game in that folder at `/`.
pub fn routes(server: Arc<Server>, web: Option<&std::path::Path>) -> Router {
    let routes = Router::new()
        .route("/api/register", post(register))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/api/games/{id}", get(match_file))
        .route("/api/players/{name}/games", get(player_games))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/key", get(server_key))
        .route("/ws", get(crate::ws::upgrade))
        .route("/api/{*rest}", get(no_such_call).post(no_such_call));
    let routes = match web {
        Some(folder) => routes.fallback_service(crate::web::files(folder)),
        None => routes.fallback(no_such_call),
    };
    routes
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(busy))
        .with_state(server)
}

/// A page that does not exist (under /api, or anywhere without a web game).
async fn no_such_call() -> Response {
    failure(
        StatusCode::NOT_FOUND,
        "no such page: the API is under /api, the WebSocket at /ws",
    )
}

/// Marks the request's connection busy while it is answered, so that the
/// door never puts it out for a newcomer halfway ([`crate::door`]).
async fn busy(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let busy = request.extensions().get::<Arc<Ticket>>().map(|ticket| ticket.busy());
    let response = next.run(request).await;
    drop(busy);
    response
}

/// An error's response.
pub fn failure(status: StatusCode, error: impl Into<String>) -> Response {
    (status, Json(ApiError { error: error.into() })).into_response()
}

fn store_failure(e: sqlx::Error) -> Response {
    failure(StatusCode::SERVICE_UNAVAILABLE, crate::db::read_failed(&e))
}

/// A write that failed: nothing of it was stored ([`crate::db::write_failed`]).
fn write_failure(e: sqlx::Error) -> Response {
    failure(StatusCode::SERVICE_UNAVAILABLE, crate::db::write_failed(&e))
}

fn body(credentials: Result<Json<Credentials>, JsonRejection>) -> Result<Credentials, Response> {
    credentials.map(|Json(c)| c).map_err(|rejection| {
        failure(
            rejection.status(),
            format!("the body is not credentials: {}", rejection.body_text()),
        )
    })
}

async fn open_session(server: &Server, account: &AccountRow) -> Result<SignedIn, Response> {
    let token = auth::new_token();
    accounts::open_session(
        &server.store,
        &auth::token_hash(&token),
        &account.id,
        server.clock.now(),
    )
    .await
    .map_err(write_failure)?;
    Ok(SignedIn {
        token,
        account: account.account(),
    })
}

/// Runs Argon2 on the hashing threads ([`crate::hashing`]); a full queue
/// is answered 503 at once, saying when to try again.
async fn hashed<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, Response> {
    crate::hashing::run(work).await.map_err(|why| match why {
        crate::hashing::Unhashed::Busy => {
            let mut busy = failure(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy signing others in: try again in a few seconds",
            );
            busy.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
            busy
        }
        crate::hashing::Unhashed::Failed => failure(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server failed to hash the password",
        ),
    })
}

/// A 429 that says when to try again (`Retry-After`, in seconds).
fn too_many(retry_after: std::time::Duration, reason: String) -> Response {
    let mut response = failure(StatusCode::TOO_MANY_REQUESTS, reason);
    if let Ok(value) = HeaderValue::from_str(&retry_after.as_secs().max(1).to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

/// How many accounts an address may make at once…
pub const REGISTER_BURST: u32 = 10;
/// …and then one each this often.
pub const REGISTER_EVERY: std::time::Duration = std::time::Duration::from_secs(6);

/// The rate at which addresses make accounts (each costs a hash and a row).
pub type Registering = governor::DefaultKeyedRateLimiter<std::net::IpAddr>;

/// [`REGISTER_BURST`] accounts at once from an address, then one each [`REGISTER_EVERY`].
pub fn registering() -> Registering {
    let quota = governor::Quota::with_period(REGISTER_EVERY)
        .expect("a period")
        .allow_burst(std::num::NonZeroU32::new(REGISTER_BURST).expect("a burst"));
    governor::RateLimiter::keyed(quota)
}

async fn register(
    State(server): State<Arc<Server>>,
    ticket: Option<Extension<Arc<Ticket>>>,
    headers: HeaderMap,
    credentials: Result<Json<Credentials>, JsonRejection>,
) -> Result<Json<SignedIn>, Response> {
    let credentials = body(credentials)?;
    auth::check_name(&credentials.name).map_err(|e| failure(StatusCode::BAD_REQUEST, e))?;
    auth::check_password(&credentials.password).map_err(|e| failure(StatusCode::BAD_REQUEST, e))?;
    if let Some(address) = guard::client_address(ticket.as_deref().map(|t| t.as_ref()), &headers)
        && let Err(not_until) = server.registering.check_key(&address)
    {
        let wait = not_until.wait_time_from(governor::clock::Clock::now(&governor::clock::DefaultClock::default()));
        return Err(too_many(
            wait,
            format!(
                "too many accounts made from this address: try again in {} seconds",
                wait.as_secs().max(1)
            ),
        ));
    }
    let password = credentials.password;
    let password_hash = hashed(move || auth::hash_password(&password))
        .await?
        .map_err(|e| failure(StatusCode::INTERNAL_SERVER_ERROR, e))?;
    let account = AccountRow {
        id: auth::random_id(16),
        name: credentials.name,
        password_hash,
        bot: credentials.bot,
    };
    if !accounts::create(&server.store, &account, server.clock.now())
        .await
        .map_err(write_failure)?
    {
        return Err(failure(
            StatusCode::CONFLICT,
            format!("the name {:?} is taken", account.name),
        ));
    }
    tracing::info!(account = %account.name, bot = account.bot, "registered");
    Ok(Json(open_session(&server, &account).await?))
}

/// Signs in. A name unknown takes the time a known one does (a password
/// is checked against a hash either way), and the answer is the same, so
/// nobody learns which names exist; failures are counted by name and by
/// address, and past a few they must wait ([`crate::guard`]).
async fn login(
    State(server): State<Arc<Server>>,
    ticket: Option<Extension<Arc<Ticket>>>,
    headers: HeaderMap,
    credentials: Result<Json<Credentials>, JsonRejection>,
) -> Result<Json<SignedIn>, Response> {
    let credentials = body(credentials)?;
    let wrong = || failure(StatusCode::UNAUTHORIZED, "wrong name or password");
    let name_key = accounts::name_key(&credentials.name);
    let address = guard::client_address(ticket.as_deref().map(|t| t.as_ref()), &headers);
    if let Err(wait) = server.guard.check(&name_key, address) {
        return Err(too_many(wait.retry_after, wait.reason));
    }
    let account = accounts::by_name(&server.store, &credentials.name)
        .await
        .map_err(store_failure)?;
    let stored = account
        .as_ref()
        .map_or_else(|| auth::unknown_hash().to_string(), |a| a.password_hash.clone());
    let password = credentials.password;
    let right = hashed(move || auth::verify_password(&password, &stored)).await?;
    let Some(account) = account.filter(|_| right) else {
        server.guard.failed(&name_key, address);
        return Err(wrong());
    };
    server.guard.succeeded(&name_key);
    tracing::info!(account = %account.name, "signed in");
    Ok(Json(open_session(&server, &account).await?))
}

/// The token of an `Authorization: Bearer …` header.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

async fn logout(State(server): State<Arc<Server>>, headers: HeaderMap) -> Result<StatusCode, Response> {
    let Some(token) = bearer(&headers) else {
        return Err(failure(
            StatusCode::UNAUTHORIZED,
            "sign out needs the header Authorization: Bearer <token>",
        ));
    };
    let session = auth::token_hash(token);
    if accounts::revoke_session(&server.store, &session, server.clock.now())
        .await
        .map_err(write_failure)?
    {
        // Its connections already open end too: this process's before the
        // answer, the others' by a note.
        server.conns.sign_out(&session);
        let note = crate::notify::note::Note::SignedOut { session };
        server.notes.send(&server.store, note).await;
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(failure(
            StatusCode::UNAUTHORIZED,
            "the token is not valid (signed out already, or never issued)",
        ))
    }
}

async fn match_file(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Result<Response, Response> {
    match games::match_file(&server.store, &id).await.map_err(store_failure)? {
        Some(file) => Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], file).into_response()),
        None => Err(failure(
            StatusCode::NOT_FOUND,
            format!("no finished game \"{}\"", excerpt(&id)),
        )),
    }
}

async fn player_games(
    State(server): State<Arc<Server>>,
    Path(name): Path<String>,
) -> Result<Json<Vec<GameSummary>>, Response> {
    let account = accounts::by_name(&server.store, &name).await.map_err(store_failure)?;
    let Some(account) = account else {
        return Err(failure(
            StatusCode::NOT_FOUND,
            format!("there is no player \"{}\"", excerpt(&name)),
        ));
    };
    Ok(Json(
        games::finished_of(&server.store, &account.id)
            .await
            .map_err(store_failure)?,
    ))
}

#[derive(Deserialize)]
struct Pool {
    pool: Option<String>,
}

async fn leaderboard(
    State(server): State<Arc<Server>>,
    query: Result<Query<Pool>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Vec<Rating>>, Response> {
    let Query(Pool { pool }) = query.map_err(|e| failure(StatusCode::BAD_REQUEST, e.body_text()))?;
    let pool = pool.unwrap_or_else(|| entropy_protocol::GameOptions::default().pool());
    Ok(Json(
        ratings::leaderboard(&server.store, &pool)
            .await
            .map_err(store_failure)?,
    ))
}

/// The public key the server signs its finished match files with
/// ([`entropy_protocol::signature`]), for `entropy-cli verify` to check a
/// file's `ServerKey` against.
async fn server_key(State(server): State<Arc<Server>>) -> Json<entropy_protocol::ServerKey> {
    Json(entropy_protocol::ServerKey {
        key: server.signing.public_hex(),
        algorithm: entropy_protocol::signature::ALGORITHM.into(),
    })
}
