//! The Record screen's two pictures, drawn with egui's painter: the
//! player's rating after each rated match with its uncertainty (a band of
//! the rating ± its deviation, the measured levels as lines across), and
//! the player's Order score match by match against the seeds' benchmarks
//! (poor, average, good, expert).

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, pos2, vec2};
use entropy_ai::Level;

use crate::history::kept_record::measured;
use crate::history::record::{Kind, KindRecord};
use crate::ui::theme::{ui, widgets};

/// Room left of a chart for its numbers.
const AXIS: f32 = 12.0;

/// A chart's frame with its heading; the plotting area and its painter.
fn frame(ui: &mut egui::Ui, title: &str, height: f32) -> (Rect, egui::Painter) {
    ui.label(widgets::strong(title, widgets::BODY));
    let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), height - 26.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 8.0, ui::CARD);
    let plot = Rect::from_min_max(rect.min + vec2(AXIS, 10.0), rect.max - vec2(12.0, 18.0));
    (plot, painter)
}

/// Where value `y` goes between `low` and `high` in `plot`.
fn y_at(plot: Rect, low: f64, high: f64, y: f64) -> f32 {
    let t = ((y - low) / (high - low).max(1e-9)).clamp(0.0, 1.0) as f32;
    plot.bottom() - t * plot.height()
}

/// Where point `i` of `n` goes across `plot`.
fn x_at(plot: Rect, i: usize, n: usize) -> f32 {
    if n <= 1 {
        plot.center().x
    } else {
        plot.left() + plot.width() * i as f32 / (n - 1) as f32
    }
}

/// A horizontal line at `y` with its words above its right end.
fn guide(painter: &egui::Painter, plot: Rect, y: f32, words: &str, colour: Color32) {
    painter.line_segment(
        [pos2(plot.left(), y), pos2(plot.right(), y)],
        Stroke::new(1.0, colour.gamma_multiply(0.55)),
    );
    painter.text(
        pos2(plot.right() - 2.0, y - 1.0),
        Align2::RIGHT_BOTTOM,
        words,
        FontId::proportional(widgets::SMALL - 2.0),
        colour,
    );
}

/// What a chart with nothing to draw says, in its middle.
fn empty(painter: &egui::Painter, plot: Rect, words: &str) {
    painter.text(
        plot.center(),
        Align2::CENTER_CENTER,
        words,
        FontId::proportional(widgets::SMALL),
        ui::MUTED,
    );
}

/// The player's rating after each rated match, with its band.
pub fn rating(ui: &mut egui::Ui, record: &KindRecord, kind: Kind, height: f32) {
    let (plot, painter) = frame(ui, "Your rating, match by match", height);
    let levels: Vec<(Level, f64)> = Level::ALL
        .into_iter()
        .filter_map(|l| Some((l, measured(l, kind)?.rating)))
        .collect();
    let points = &record.ratings;
    if points.is_empty() {
        let words = if levels.is_empty() {
            "The levels are not measured for this kind yet."
        } else {
            "No rated match yet: play the computer at any level."
        };
        empty(&painter, plot, words);
        return;
    }
    let mut low = f64::MAX;
    let mut high = f64::MIN;
    for (_, r) in points {
        low = low.min(r.rating - r.deviation);
        high = high.max(r.rating + r.deviation);
    }
    for &(_, l) in &levels {
        low = low.min(l);
        high = high.max(l);
    }
    let (low, high) = ((low / 100.0).floor() * 100.0, (high / 100.0).ceil() * 100.0);
    let n = points.len();
    // Levels whose lines would touch share one line and one label
    // ("Hard, Master 1808"; "Hard 1833, Master 1820").
    let mut lines: Vec<(f32, Vec<(Level, f64)>)> = Vec::new();
    let mut by_rating = levels.clone();
    by_rating.sort_by(|a, b| a.1.total_cmp(&b.1));
    for (level, at) in by_rating {
        let y = y_at(plot, low, high, at);
        match lines.last_mut() {
            Some((first, group)) if (*first - y).abs() < 14.0 => group.push((level, at)),
            _ => lines.push((y, vec![(level, at)])),
        }
    }
    for (y, group) in &lines {
        let same = group.iter().all(|&(_, at)| at.round() == group[0].1.round());
        let label = if same {
            let names: Vec<&str> = group.iter().map(|(l, _)| l.title()).collect();
            format!("{} {:.0}", names.join(", "), group[0].1)
        } else {
            let each: Vec<String> = group.iter().map(|(l, at)| format!("{} {at:.0}", l.title())).collect();
            each.join(", ")
        };
        guide(&painter, plot, *y, &label, ui::MUTED);
    }
    // The band: a quad between each two points (each quad convex).
    let band = ui::ACCENT.gamma_multiply(0.22);
    let edge = |i: usize, sign: f64| {
        let r = points[i].1;
        pos2(x_at(plot, i, n), y_at(plot, low, high, r.rating + sign * r.deviation))
    };
    if n == 1 {
        let (top, bottom) = (edge(0, 1.0), edge(0, -1.0));
        painter.rect_filled(
            Rect::from_min_max(top - vec2(6.0, 0.0), bottom + vec2(6.0, 0.0)),
            2.0,
            band,
        );
    }
    for i in 1..n {
        let quad = vec![edge(i - 1, 1.0), edge(i, 1.0), edge(i, -1.0), edge(i - 1, -1.0)];
        painter.add(Shape::convex_polygon(quad, band, Stroke::NONE));
    }
    let line: Vec<Pos2> = (0..n)
        .map(|i| pos2(x_at(plot, i, n), y_at(plot, low, high, points[i].1.rating)))
        .collect();
    painter.add(Shape::line(line.clone(), Stroke::new(2.0, ui::ACCENT)));
    for p in &line {
        painter.circle_filled(*p, 3.0, ui::ACCENT);
    }
    let last = points[n - 1].1;
    painter.text(
        pos2(plot.right(), plot.bottom() + 10.0),
        Align2::RIGHT_CENTER,
        format!("now {:.0} ± {:.0}  ·  {n} rated matches", last.rating, last.deviation),
        FontId::proportional(widgets::SMALL - 2.0),
        ui::TEXT,
    );
    painter.text(
        pos2(plot.left(), plot.bottom() + 10.0),
        Align2::LEFT_CENTER,
        "the band: ± one deviation",
        FontId::proportional(widgets::SMALL - 2.0),
        ui::MUTED,
    );
}

/// The player's Order score in each match of the kind, against the benchmarks.
pub fn scores(ui: &mut egui::Ui, record: &KindRecord, kind: Kind, height: f32) {
    let (plot, painter) = frame(ui, "Your Order scores", height);
    let scores: Vec<u32> = record.matches.iter().filter_map(|m| m.order).collect();
    let marks = kind.benchmarks();
    let high = f64::from(scores.iter().copied().max().unwrap_or(0).max(marks[3] + marks[0] / 3));
    let high = (high / 10.0).ceil() * 10.0;
    let low = f64::from(scores.iter().copied().min().unwrap_or(0).min(marks[0]));
    let low = ((low - f64::from(marks[0]) / 5.0) / 10.0).floor().max(0.0) * 10.0;
    for (mark, words) in marks.iter().zip(["poor", "average", "good", "expert"]) {
        let colour = if words == "expert" { ui::ORDER } else { ui::MUTED };
        guide(
            &painter,
            plot,
            y_at(plot, low, high, f64::from(*mark)),
            &format!("{words} {mark}"),
            colour,
        );
    }
    if scores.is_empty() {
        empty(&painter, plot, "No Order round played out yet.");
        return;
    }
    let n = scores.len();
    let points: Vec<Pos2> = scores
        .iter()
        .enumerate()
        .map(|(i, &s)| pos2(x_at(plot, i, n), y_at(plot, low, high, f64::from(s))))
        .collect();
    if n > 1 {
        painter.add(Shape::line(
            points.clone(),
            Stroke::new(1.5, ui::ORDER.gamma_multiply(0.7)),
        ));
    }
    for p in &points {
        painter.circle_filled(*p, 3.5, ui::ORDER);
    }
    let average = scores.iter().map(|&s| f64::from(s)).sum::<f64>() / n as f64;
    painter.text(
        pos2(plot.right(), plot.bottom() + 10.0),
        Align2::RIGHT_CENTER,
        format!("{n} matches  ·  average {average:.1}"),
        FontId::proportional(widgets::SMALL - 2.0),
        ui::TEXT,
    );
}
