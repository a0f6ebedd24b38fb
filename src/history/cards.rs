//! The replay panel's cards that every replay shares: the steps (start,
//! back, play or stop, next, end, with the speed and the keys), and a
//! review to ask for, under way, or stopped.

use bevy_egui::egui;
use entropy_ai::ReviewBudget;

use super::review::Review;
use crate::ui::theme::{ui, widgets};

/// A step button of the replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// To the start.
    Start,
    /// One move back.
    Back,
    /// Play by itself, or stop.
    Play,
    /// One move forward.
    Forward,
    /// To the end.
    End,
}

/// The steps card: `heading` ("Move 3 of 40", noted as the value of
/// `Steps` in the record of controls drawn), the five step buttons sharing
/// the card's width, the speed while playing by itself, and the keys.
/// Returns the button clicked.
pub fn steps_card(ui: &mut egui::Ui, heading: String, autoplay: Option<f32>) -> Option<Step> {
    let mut clicked = None;
    widgets::card(ui, |ui| {
        // What the counter says, for the tests and the probe.
        crate::ui::theme::controls::shown(ui, "Steps", &heading);
        ui.label(widgets::text(heading, widgets::BODY));
        ui.horizontal(|ui| {
            let gap = 6.0;
            ui.spacing_mut().item_spacing.x = gap;
            let width = ((ui.available_width() - 4.0 * gap) / 5.0).floor();
            let look = widgets::ButtonLook::new(width, 32.0).text_size(14.0);
            for (label, step) in [
                ("Start", Step::Start),
                ("Back", Step::Back),
                (if autoplay.is_some() { "Stop" } else { "Play" }, Step::Play),
                ("Next", Step::Forward),
                ("End", Step::End),
            ] {
                if widgets::button(ui, label, look).clicked() {
                    clicked = Some(step);
                }
            }
        });
        if let Some(speed) = autoplay {
            ui.label(widgets::muted(
                format!("{speed} moves a second · ↑↓ faster or slower"),
                widgets::SMALL,
            ));
        }
        widgets::prompts(
            ui,
            &[
                ("← →", "Step"),
                ("PgUp PgDn", "Ends"),
                ("Enter", "Play"),
                ("H", "Review"),
            ],
        );
    });
    clicked
}

/// No review yet: what one does (`what`), and a Quick and a Thorough
/// button. Returns the budget asked for.
pub fn ask(ui: &mut egui::Ui, what: &str) -> Option<ReviewBudget> {
    ui.label(widgets::strong("Review", widgets::BODY));
    ui.add(egui::Label::new(widgets::muted(what, widgets::SMALL)).wrap());
    let mut asked = None;
    ui.horizontal(|ui| {
        for (label, budget) in [("Quick", ReviewBudget::Quick), ("Thorough", ReviewBudget::Thorough)] {
            if widgets::button(ui, label, widgets::ButtonLook::new(100.0, 32.0).text_size(15.0)).clicked() {
                asked = Some(budget);
            }
        }
    });
    asked
}

/// A review under way: its progress, and Stop review.
pub fn under_way(ui: &mut egui::Ui, review: &Review) {
    let (done, total) = review.progress();
    ui.label(widgets::strong(
        format!("Reviewing… {done} of {total} moves"),
        widgets::BODY,
    ));
    ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32).fill(ui::ACCENT));
    if widgets::button(ui, "Stop review", widgets::ButtonLook::new(130.0, 30.0).text_size(15.0)).clicked() {
        review.cancel();
    }
}

/// A review that did not finish: why, and whether Review again was clicked.
pub fn failed(ui: &mut egui::Ui, reason: &str) -> bool {
    ui.label(widgets::text(reason, widgets::BODY).color(ui::WARNING));
    widgets::button(
        ui,
        "Review again",
        widgets::ButtonLook::new(140.0, 30.0).text_size(15.0),
    )
    .clicked()
}
