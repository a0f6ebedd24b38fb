//! Where the client's tasks run and how they wait: on the caller's tokio
//! runtime outside the browser, on the page's own event loop in it. The
//! connection's session is written once over these.

use std::future::Future;
use std::time::Duration;

#[cfg(target_arch = "wasm32")]
use futures_util::FutureExt;
use futures_util::future::{AbortHandle, Abortable, Either, select};

/// A moment, on a clock that never goes back (the browser's
/// `performance.now()` in the web game).
pub use web_time::Instant;

/// Runs `task` by itself; dropping the handle does not stop it, aborting
/// it does.
#[cfg(not(target_arch = "wasm32"))]
pub fn spawn(task: impl Future<Output = ()> + Send + 'static) -> AbortHandle {
    let (handle, registration) = AbortHandle::new_pair();
    tokio::spawn(Abortable::new(task, registration));
    handle
}

/// Runs `task` by itself on the page's event loop; dropping the handle
/// does not stop it, aborting it does.
#[cfg(target_arch = "wasm32")]
pub fn spawn(task: impl Future<Output = ()> + 'static) -> AbortHandle {
    let (handle, registration) = AbortHandle::new_pair();
    wasm_bindgen_futures::spawn_local(Abortable::new(task, registration).map(drop));
    handle
}

/// Waits `time`.
pub async fn sleep(time: Duration) {
    #[cfg(not(target_arch = "wasm32"))]
    tokio::time::sleep(time).await;
    #[cfg(target_arch = "wasm32")]
    gloo_timers::future::sleep(time).await;
}

/// `task`'s outcome, or `None` once `limit` has passed without one.
pub async fn timeout<T>(limit: Duration, task: impl Future<Output = T>) -> Option<T> {
    let task = std::pin::pin!(task);
    let alarm = std::pin::pin!(sleep(limit));
    match select(task, alarm).await {
        Either::Left((outcome, _)) => Some(outcome),
        Either::Right(_) => None,
    }
}
