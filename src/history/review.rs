//! The computer's review of a replayed match (`entropy_ai::review_match`,
//! or `entropy_ai::review_simultaneous` for a simultaneous match), run in
//! the background on all cores but one, with its progress, and
//! cancellable. The frame never waits for it; a game's replay removes it
//! ([`cancel`]) when it is left.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy_egui::egui;
use entropy_ai::{Mark, MatchReview, ReviewBudget, ReviewError, StopFlag};
use entropy_rules::{MatchRecord, SimultaneousRecord};

use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, collect);
}

/// How a review reports its progress: moves judged, moves in all.
pub type Progress<'a> = &'a (dyn Fn(usize, usize) + Sync);

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
    /// Starts reviewing the match of `record` with `budget` on a thread of
    /// its own, which judges moves on all cores but one.
    pub fn start(record: MatchRecord, budget: ReviewBudget) -> Review {
        Review::run(budget, move |threads, report, stop| {
            entropy_ai::review_match(&record, budget, threads, &report, stop)
        })
    }

    /// Starts reviewing the simultaneous match of `record`, board by board, as [`Review::start`] does.
    pub fn start_simultaneous(record: SimultaneousRecord, budget: ReviewBudget) -> Review {
        Review::run(budget, move |threads, report, stop| {
            entropy_ai::review_simultaneous(&record, budget, threads, &report, stop)
        })
    }

    fn run<F>(budget: ReviewBudget, judge: F) -> Review
    where
        F: FnOnce(usize, Progress, &StopFlag) -> Result<MatchReview, ReviewError> + Send + 'static,
    {
        let progress = Arc::new((AtomicUsize::new(0), AtomicUsize::new(1)));
        let outcome = Arc::new(Mutex::new(None));
        let stop = StopFlag::new();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1));
        let (p, o, s) = (progress.clone(), outcome.clone(), stop.clone());
        let work = move || {
            let report = |done: usize, total: usize| {
                p.0.store(done, Ordering::Relaxed);
                p.1.store(total.max(1), Ordering::Relaxed);
                // The progress shown follows, one frame a move judged.
                crate::app::redraw::wake();
            };
            let result = judge(threads, &report, &s);
            if let Ok(mut slot) = o.lock() {
                *slot = Some(result);
            }
            crate::app::redraw::wake();
        };
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::spawn(work);
        // The page has one thread: the review runs on the page's task pool.
        #[cfg(target_arch = "wasm32")]
        bevy::tasks::AsyncComputeTaskPool::get()
            .spawn(async move { work() })
            .detach();
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

/// Stops the review, if one is under way, and forgets it.
pub fn cancel(review: Option<Res<Review>>, mut commands: Commands) {
    if let Some(review) = review {
        review.cancel();
    }
    commands.remove_resource::<Review>();
}

/// The colour of a move's mark, in the list and the verdict.
pub fn mark_colour(mark: Mark) -> egui::Color32 {
    match mark {
        Mark::Best => ui::ORDER,
        Mark::Good => egui::Color32::from_rgb(120, 180, 255),
        Mark::Inaccuracy => ui::ACCENT,
        Mark::Mistake => ui::WARNING,
    }
}

/// What a move cost, as the move list shows it: "−3", or "0" for a move
/// that cost nothing worth a point.
pub fn cost_text(cost: f64) -> String {
    let points = cost.round();
    if points == 0.0 {
        "0".to_string()
    } else {
        format!("−{points:.0}")
    }
}

/// The mark in words.
pub fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::Best => "best",
        Mark::Good => "good",
        Mark::Inaccuracy => "inaccuracy",
        Mark::Mistake => "mistake",
    }
}

/// The computer's expected final score after each move of a round (or a
/// board), and where the replay is: after `step` of its moves.
pub fn graph(ui: &mut egui::Ui, expected: &[f64], score: Option<u32>, step: usize) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 110.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, egui::CornerRadius::same(6), ui::PANEL);
    if expected.is_empty() {
        return;
    }
    let top = expected.iter().copied().chain(score.map(f64::from)).fold(1.0, f64::max) * 1.1;
    let at = |i: usize, v: f64| {
        let x = rect.left() + 6.0 + (rect.width() - 12.0) * i as f32 / expected.len().max(2) as f32;
        let y = rect.bottom() - 6.0 - (rect.height() - 12.0) * (v / top) as f32;
        egui::pos2(x, y)
    };
    if let Some(score) = score {
        let y = at(0, score as f64).y;
        painter.hline(rect.x_range(), y, egui::Stroke::new(1.0, ui::MUTED.gamma_multiply(0.5)));
    }
    let points: Vec<egui::Pos2> = expected.iter().enumerate().map(|(i, &v)| at(i + 1, v)).collect();
    painter.add(egui::Shape::line(points, egui::Stroke::new(2.0, ui::ORDER)));
    let x = at(step, 0.0).x;
    painter.vline(x, rect.y_range(), egui::Stroke::new(1.5, ui::ACCENT));
    painter.text(
        rect.left_top() + egui::vec2(8.0, 4.0),
        egui::Align2::LEFT_TOP,
        format!(
            "expected final score (final: {})",
            score.map_or("–".into(), |s| s.to_string())
        ),
        egui::FontId::proportional(widgets::SMALL),
        ui::MUTED,
    );
}
