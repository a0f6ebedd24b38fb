//! Argon2 off the async threads: the passwords' hashes are computed on a
//! few threads of the server's own, in turn, and the queue of hashes
//! waiting is bounded, so that a flood of sign-ins makes the server answer
//! "busy" at once instead of holding every request for minutes.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The threads that compute Argon2 hashes. Each hash takes 19 MiB and a
/// core for tens of milliseconds. On tokio's blocking pool a burst of
/// sign-ins ran one on each of up to 512 threads at once (1.3 GiB
/// resident after 200 sign-ins on two cores); on two threads of the
/// server's own the hashes wait their turn. The allocator still keeps
/// some of their memory (about 370 MiB after 200 to 2,000 sign-ins:
/// docs/performance.md, "The server under load").
const HASHING_THREADS: usize = 2;

/// The most hashes waiting their turn: about a second of work on two
/// threads. A sign-in past it is answered busy at once.
pub const MAX_WAITING: usize = 32;

/// Hashes queued and not yet begun.
static WAITING: AtomicUsize = AtomicUsize::new(0);

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

/// Why a hash was not computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unhashed {
    /// [`MAX_WAITING`] hashes wait already.
    Busy,
    /// No hashing thread could be started, or the work panicked.
    Failed,
}

/// Runs `work` (a hash, or a hash's check) on the hashing threads.
pub async fn run<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, Unhashed> {
    let queue = hashers().ok_or(Unhashed::Failed)?;
    if WAITING.fetch_add(1, Ordering::SeqCst) >= MAX_WAITING {
        WAITING.fetch_sub(1, Ordering::SeqCst);
        return Err(Unhashed::Busy);
    }
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        WAITING.fetch_sub(1, Ordering::SeqCst);
        // A panic is caught here so the thread goes on; the caller is told.
        if let Ok(result) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work)) {
            let _ = answer.send(result);
        }
    });
    if queue.send(job).is_err() {
        WAITING.fetch_sub(1, Ordering::SeqCst);
        return Err(Unhashed::Failed);
    }
    answered.await.map_err(|_| Unhashed::Failed)
}
