//! The computer's review of a replayed match (`entropy_ai::review_match`),
//! run in the background on all cores but one, with its progress, and
//! cancellable. The frame never waits for it.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use entropy_ai::{MatchReview, ReviewBudget, ReviewError, StopFlag};
use entropy_rules::MatchRecord;

use crate::solomon::screens::InMatch;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, collect).add_systems(OnExit(InMatch), cancel);
}

/// A review asked for, under way, or done.
#[derive(Resource)]
pub struct Review {
    /// The budget it was asked with.
    pub budget: ReviewBudget,
    progress: Arc<(AtomicUsize, AtomicUsize)>,
    outcome: Arc<Mutex<Option<Result<MatchReview, ReviewError>>>>,
    stop: StopFlag,
    /// The finished review.
    pub done: Option<MatchReview>,
    /// Why it did not finish (cancelled, or a record that does not replay).
    pub failed: Option<String>,
}

impl Review {
    /// Starts reviewing `record` with `budget` on a thread of its own, which
    /// judges moves on all cores but one.
    pub fn start(record: MatchRecord, budget: ReviewBudget) -> Review {
        let progress = Arc::new((AtomicUsize::new(0), AtomicUsize::new(1)));
        let outcome = Arc::new(Mutex::new(None));
        let stop = StopFlag::new();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1));
        let (p, o, s) = (progress.clone(), outcome.clone(), stop.clone());
        std::thread::spawn(move || {
            let report = |done: usize, total: usize| {
                p.0.store(done, Ordering::Relaxed);
                p.1.store(total.max(1), Ordering::Relaxed);
            };
            let result = entropy_ai::review_match(&record, budget, threads, &report, &s);
            if let Ok(mut slot) = o.lock() {
                *slot = Some(result);
            }
        });
        Review {
            budget,
            progress,
            outcome,
            stop,
            done: None,
            failed: None,
        }
    }

    /// Moves judged and moves in all.
    pub fn progress(&self) -> (usize, usize) {
        (
            self.progress.0.load(Ordering::Relaxed),
            self.progress.1.load(Ordering::Relaxed),
        )
    }

    /// Whether it is still under way.
    pub fn working(&self) -> bool {
        self.done.is_none() && self.failed.is_none()
    }

    /// Asks it to stop.
    pub fn cancel(&self) {
        self.stop.raise();
    }
}

fn collect(review: Option<ResMut<Review>>) {
    let Some(mut review) = review else { return };
    if !review.working() {
        return;
    }
    let finished = review.outcome.lock().ok().and_then(|mut slot| slot.take());
    match finished {
        Some(Ok(done)) => review.done = Some(done),
        Some(Err(ReviewError::Cancelled)) => review.failed = Some("The review was stopped.".into()),
        Some(Err(e)) => review.failed = Some(format!("The review could not run: {e}.")),
        None => {}
    }
}

fn cancel(review: Option<Res<Review>>, mut commands: Commands) {
    if let Some(review) = review {
        review.cancel();
    }
    commands.remove_resource::<Review>();
}
