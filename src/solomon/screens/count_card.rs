//! The count's card in the side panel (the line being counted, said aloud,
//! and the total so far), and skipping the count with any key or click.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::solomon::screen::SolomonScreen;
use crate::ui::menus::MenuKeys;

use crate::solomon::count::{Beat, ScoreCount, SkipCount};
use crate::solomon::phase::{CurrentPhase, TurnPhase};
use crate::ui::theme::{ui, widgets};

/// The count as it goes: the line being counted, said aloud, and the total so far.
pub(crate) fn counting(ui: &mut egui::Ui, count: &ScoreCount, skips: &mut MessageWriter<SkipCount>) {
    widgets::card(ui, |ui| {
        ui.set_min_height(172.0);
        ui.label(widgets::strong("Counting the board", 21.0).color(ui::ACCENT));
        match count.current() {
            Some(beat) => {
                let line = beat.line();
                let said = count.line_so_far(line).map(|l| l.spoken()).unwrap_or_default();
                let name = line.to_string();
                let mut chars = name.chars();
                let name: String = chars
                    .next()
                    .map(|c| c.to_uppercase().chain(chars).collect())
                    .unwrap_or_default();
                ui.label(widgets::strong(format!("{name}:"), widgets::BODY));
                let words = match beat {
                    Beat::Nothing(_) => "nothing".to_string(),
                    Beat::Run(_) => said,
                };
                ui.add(egui::Label::new(widgets::text(words, widgets::BODY).color(ui::ACCENT)).wrap());
            }
            None => {
                ui.add(
                    egui::Label::new(widgets::muted(
                        "Palindromes of two or more, in every row and column.",
                        widgets::BODY,
                    ))
                    .wrap(),
                );
            }
        }
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.label(widgets::strong(
                format!("Total so far: {}", count.counted()),
                widgets::BODY,
            ));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if !count.finished()
                    && widgets::button(ui, "Skip", widgets::ButtonLook::new(70.0, 32.0).text_size(15.0)).clicked()
                {
                    skips.write(SkipCount);
                }
            });
        });
    });
}

/// Any key, button, click or tap skips the count to its end.
pub(crate) fn skip_on_any_key(
    mut keys: MenuKeys<SolomonScreen>,
    mut mouse: MessageReader<bevy::input::mouse::MouseButtonInput>,
    touches: Res<bevy::input::touch::Touches>,
    phase: CurrentPhase,
    mut skips: MessageWriter<SkipCount>,
) {
    let pressed = !keys.for_screen(SolomonScreen::Playing).is_empty();
    let clicked = mouse.read().filter(|m| m.state.is_pressed()).count() > 0 || touches.any_just_pressed();
    let counting = phase.get() == Some(TurnPhase::Scoring);
    if counting && (pressed || clicked) {
        skips.write(SkipCount);
    }
}
