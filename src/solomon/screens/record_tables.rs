//! The Record screen's tables: the results against each opponent, and the
//! last matches (with the files of the history that could not be read).

use crate::history::record::{KindRecord, Record};
use crate::ui::theme::{ui, widgets};
use bevy_egui::egui;

/// The results against each opponent: won, drawn, lost, the average and
/// best Order score, the longest run of wins.
pub fn opponents(ui: &mut egui::Ui, record: &KindRecord) {
    ui.label(widgets::strong("Against each opponent", widgets::BODY));
    if record.lines.is_empty() {
        ui.label(widgets::muted("No match of this kind yet.", widgets::SMALL));
        return;
    }
    egui::Grid::new(("record opponents", record.kind.title()))
        .num_columns(7)
        .spacing([14.0, 3.0])
        .show(ui, |ui| {
            for head in ["", "Won", "Drawn", "Lost", "Average", "Best", "Run"] {
                ui.label(widgets::muted(head, widgets::SMALL));
            }
            ui.end_row();
            for line in &record.lines {
                ui.label(widgets::strong(line.opponent.label(), widgets::SMALL + 1.0));
                for n in [line.won, line.drawn, line.lost] {
                    ui.label(widgets::text(n.to_string(), widgets::SMALL + 1.0));
                }
                let average = line.average().map_or("–".into(), |a| format!("{a:.1}"));
                let best = line.best.map_or("–".into(), |b| b.to_string());
                ui.label(widgets::text(average, widgets::SMALL + 1.0));
                ui.label(widgets::text(best, widgets::SMALL + 1.0));
                ui.label(widgets::text(line.longest_run.to_string(), widgets::SMALL + 1.0));
                ui.end_row();
            }
        });
    ui.label(widgets::muted(
        "Average and best: your Order score. Run: the most wins in a row.",
        widgets::SMALL - 1.0,
    ));
}

/// The last matches, newest first, and the files skipped.
pub fn last_matches(ui: &mut egui::Ui, record: &KindRecord, whole: &Record) {
    ui.label(widgets::strong("Last matches", widgets::BODY));
    if record.matches.is_empty() {
        ui.label(widgets::muted("Play one from New match.", widgets::SMALL));
    }
    for played in record.last(5) {
        let result = played.verdict.map_or("abandoned", |v| v.word());
        let colour = match played.verdict {
            Some(crate::history::record::Verdict::Won) => ui::ORDER,
            Some(crate::history::record::Verdict::Lost) => ui::CHAOS,
            _ => ui::MUTED,
        };
        ui.horizontal(|ui| {
            ui.label(widgets::muted(&played.date, widgets::SMALL));
            ui.label(widgets::text(
                format!("{}  {}–{}", played.opponent.label(), played.totals[0], played.totals[1]),
                widgets::SMALL + 1.0,
            ));
            ui.label(widgets::strong(result, widgets::SMALL + 1.0).color(colour));
        });
    }
    if !whole.unreadable.is_empty() {
        let names: Vec<&str> = whole.unreadable.iter().map(|(n, _)| n.as_str()).collect();
        ui.add(
            egui::Label::new(
                widgets::text(
                    format!(
                        "Left out, as they cannot be read: {} (see the History).",
                        names.join(", ")
                    ),
                    widgets::SMALL - 1.0,
                )
                .color(ui::WARNING),
            )
            .wrap(),
        );
    }
}
