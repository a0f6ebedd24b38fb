//! The HTTP API: accounts and sessions, finished games, a player's games,
//! the leaderboard. Bodies are JSON (`entropy_protocol`'s types); an error
//! is an [`ApiError`] with its status.

// A handler's error is the response it sends, as axum has it: large, and
// made once per request.
#![allow(clippy::result_large_err)]

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use entropy_protocol::{ApiError, Credentials, GameSummary, Rating, SignedIn};
use entropy_rules::text::excerpt;
use serde::Deserialize;

use crate::auth;
use crate::db::accounts::{self, AccountRow};
use crate::db::{games, ratings};
use crate::door::Ticket;
use crate::server::Server;

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// Every route of the server.
pub fn routes(server: Arc<Server>) -> Router {
    Router::new()
        .route("/api/register", post(register))
        .route("/api/login", post(login))
        .route("/api/logout", post(logout))
        .route("/api/games/{id}", get(match_file))
        .route("/api/players/{name}/games", get(player_games))
        .route("/api/leaderboard", get(leaderboard))
        .route("/ws", get(crate::ws::upgrade))
        .fallback(|| async {
            failure(
                StatusCode::NOT_FOUND,
                "no such page: the API is under /api, the WebSocket at /ws",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn(busy))
        .with_state(server)
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

/// The threads that compute Argon2 hashes. Each hash takes 19 MiB and a
/// core for tens of milliseconds. On tokio's blocking pool a burst of
/// sign-ins ran one on each of up to 512 threads at once (1.3 GiB
/// resident after 200 sign-ins on two cores); on two threads of the
/// server's own the hashes wait their turn. The allocator still keeps
/// some of their memory (about 370 MiB after 200 to 2,000 sign-ins:
/// docs/performance.md, "The server under load").
const HASHING_THREADS: usize = 2;

type Job = Box<dyn FnOnce() + Send>;

/// The hashing threads' queue, the threads started on first use (None
/// if none could be).
fn hashers() -> Option<&'static std::sync::mpsc::Sender<Job>> {
    static QUEUE: std::sync::OnceLock<Option<std::sync::mpsc::Sender<Job>>> = std::sync::OnceLock::new();
    QUEUE
        .get_or_init(|| {
            let (queue, jobs) = std::sync::mpsc::channel::<Job>();
            let jobs = Arc::new(std::sync::Mutex::new(jobs));
            let mut started = 0;
            for _ in 0..HASHING_THREADS {
                let jobs = jobs.clone();
                let spawned = std::thread::Builder::new().name("argon2".into()).spawn(move || {
                    loop {
                        let job = match jobs.lock() {
                            Ok(jobs) => jobs.recv(),
                            Err(_) => return,
                        };
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                });
                match spawned {
                    Ok(_) => started += 1,
                    Err(e) => tracing::error!(error = %e, "cannot start a thread to hash passwords"),
                }
            }
            (started > 0).then_some(queue)
        })
        .as_ref()
}

/// Runs Argon2 off the async threads, on the hashing threads.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, Response> {
    let failed = || {
        failure(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server failed to hash the password",
        )
    };
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        // A panic is caught here so the thread goes on; the caller is told.
        if let Ok(result) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
            let _ = answer.send(result);
        }
    });
    hashers().ok_or_else(failed)?.send(job).map_err(|_| failed())?;
    answered.await.map_err(|_| failed())
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

async fn register(
    State(server): State<Arc<Server>>,
    credentials: Result<Json<Credentials>, JsonRejection>,
) -> Result<Json<SignedIn>, Response> {
    let credentials = body(credentials)?;
    auth::check_name(&credentials.name).map_err(|e| failure(StatusCode::BAD_REQUEST, e))?;
    auth::check_password(&credentials.password).map_err(|e| failure(StatusCode::BAD_REQUEST, e))?;
    let password = credentials.password;
    let password_hash = blocking(move || auth::hash_password(&password))
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

async fn login(
    State(server): State<Arc<Server>>,
    credentials: Result<Json<Credentials>, JsonRejection>,
) -> Result<Json<SignedIn>, Response> {
    let credentials = body(credentials)?;
    let wrong = || failure(StatusCode::UNAUTHORIZED, "wrong name or password");
    let account = accounts::by_name(&server.store, &credentials.name)
        .await
        .map_err(store_failure)?;
    let Some(account) = account else {
        return Err(wrong());
    };
    let (password, stored) = (credentials.password, account.password_hash.clone());
    if !blocking(move || auth::verify_password(&password, &stored)).await? {
        return Err(wrong());
    }
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
    if accounts::revoke_session(&server.store, &auth::token_hash(token), server.clock.now())
        .await
        .map_err(write_failure)?
    {
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
