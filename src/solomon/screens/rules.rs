//! How to play Solomon's game, the four pages of its How-to-play window
//! ([`crate::ui::rules_window`]): the game, the scoring with seed 001's table
//! of every pattern drawn as counters and a worked example counted aloud,
//! the controls of each device, and what to aim for. Scores in the table
//! come from the rules crate, never from this file.

use bevy::prelude::*;
use bevy_egui::egui;
use entropy_rules::{Colour, Line, LineScore, Size};

use crate::app::screen::Screen;
use crate::ui::rules_window;
use crate::ui::rules_window::{Block, Page, RulesBook, blocks, controls_table, heading, para};
use crate::ui::theme;
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(rules_window::plugin::<SolomonRules>);
}

/// Solomon's How to play.
pub struct SolomonRules;

impl RulesBook for SolomonRules {
    /// On the title too: its How to play is Solomon's.
    fn shown(screen: &Screen) -> bool {
        matches!(screen, Screen::Title | Screen::Game(crate::solomon::screen::SOLOMON))
    }
    const ID: &'static str = "rules";
    const TITLE: &'static str = "How to play";
    const WIDTH: f32 = 720.0;
    const CHROME: f32 = 220.0;
    const PAGES: &'static [Page] = &[
        ("The game", game_page),
        ("Scoring", scoring_page),
        ("Controls", controls_page),
        ("Aims", aims_page),
    ];
}

/// The page shown.
pub type RulesPage = rules_window::RulesPage<SolomonRules>;

/// Every scoring pattern up to length 7, as seed 001 lists them (its
/// `AAAAAA 77` is the seven-long `AAAAAAA`).
pub const PATTERNS: [&str; 30] = [
    "AA", "ABA", "AAA", "ABBA", "AAAA", "ABCBA", "ABBBA", "AABAA", "ABABA", "AAAAA", "ABCCBA", "AABBAA", "ABAABA",
    "ABBBBA", "AAAAAA", "ABCACBA", "ABCDCBA", "ABBCBBA", "ABCCCBA", "AABCBAA", "ABACABA", "ABCBCBA", "AABBBAA",
    "AABABAA", "ABAAABA", "ABBABBA", "AAABAAA", "ABABABA", "ABBBBBA", "AAAAAAA",
];

/// The counters of a pattern: A red, B blue, C yellow, D green.
pub fn pattern_colours(pattern: &str) -> Vec<Colour> {
    pattern
        .chars()
        .filter_map(|c| {
            Colour::from_index(match c {
                'A' => 0,
                'B' => 3,
                'C' => 2,
                _ => 1,
            })
        })
        .collect()
}

/// A pattern's points, from the rules crate.
pub fn pattern_score(pattern: &str) -> u32 {
    let cells: Vec<Option<Colour>> = pattern_colours(pattern).into_iter().map(Some).collect();
    entropy_rules::line_score(&cells)
}

fn game_page(ui: &mut egui::Ui) {
    blocks(
        ui,
        &[
            para({
                let (board, small) = (Size::Seven.n(), Size::Five.n());
                format!(
                    "One player is Chaos, the other Order. The bag holds {board} counters of each of {board} colours (on the small board, {small} of each of {small})."
                )
            }),
            para("Chaos draws a counter at random (both players then see it) and places it on any empty cell."),
            para(
                "Order may then slide any one counter on the board, the new one included, along its row or column over empty cells, like a rook in chess, or pass.",
            ),
            para(
                "When the board is full, Order scores every palindrome in every row and column. Then the players swap roles for a second round, and the higher Order score wins the match.",
            ),
            para(
                "With a clock, each player has a time for the whole match; a player whose time runs out loses the match.",
            ),
            Block::Heading("The bag's odds"),
            para(
                "Beside the board the bag shows how many counters of each colour are left and the chance that each comes next: the counters of a colour left, out of all the counters left. Order can plan for the likely colours; Chaos must place whatever comes.",
            ),
        ],
    );
}

/// A row of counters of `colours`, with the counters of `lit` ringed in gold.
fn counters(ui: &mut egui::Ui, colours: &[Colour], lit: Option<std::ops::Range<usize>>, size: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size * colours.len() as f32, size), egui::Sense::hover());
    for (i, colour) in colours.iter().enumerate() {
        let centre = egui::pos2(rect.left() + size * (i as f32 + 0.5), rect.center().y);
        if lit.as_ref().is_some_and(|r| r.contains(&i)) {
            ui.painter()
                .circle_filled(centre, size * 0.5, ui::ACCENT.gamma_multiply(0.6));
        }
        ui.painter().circle_filled(
            centre,
            size * 0.4,
            theme::egui_colour(theme::counter_colour(colour.index())),
        );
        widgets::marking(ui, colour.index(), centre, size * 0.8);
    }
}

fn scoring_page(ui: &mut egui::Ui) {
    blocks(
        ui,
        &[
            para(
                "Every run of two or more adjacent counters that reads the same both ways scores its length. Runs inside runs score too, and runs may overlap.",
            ),
            Block::Heading("Counted aloud"),
            para("Count a line's 2-runs first, then its 3-runs, and so on, keeping a running total:"),
        ],
    );
    let example = pattern_colours("AABAAAB");
    let cells: Vec<Option<Colour>> = example.iter().copied().map(Some).collect();
    let line = LineScore::of(Line::Row(0), &cells);
    // The worked example counts itself, a run every second.
    let time = ui.input(|i| i.time);
    let step = (time as usize) % (line.runs.len() + 2);
    let said = line.prefix(step.min(line.runs.len()));
    let lit = said
        .runs
        .last()
        .filter(|_| step <= line.runs.len())
        .map(|r| r.start as usize..(r.start + r.len) as usize);
    ui.horizontal(|ui| {
        counters(ui, &example, lit, 30.0);
        ui.add_space(12.0);
        ui.label(
            widgets::text(if step == 0 { "…".to_string() } else { said.spoken() }, widgets::BODY).color(ui::ACCENT),
        );
    });
    // The next frame when the next run is said (a little after: egui wakes
    // a frame ahead of a repaint asked for later).
    ui.ctx()
        .request_repaint_after(std::time::Duration::from_secs_f64(1.05 - time.fract()));
    heading(ui, "Every pattern");
    ui.label(widgets::muted(
        "Different letters stand for different colours.",
        widgets::SMALL,
    ));
    egui::Grid::new("patterns")
        .num_columns(6)
        .spacing([14.0, 6.0])
        .show(ui, |ui| {
            for (i, pattern) in PATTERNS.iter().enumerate() {
                counters(ui, &pattern_colours(pattern), None, 15.0);
                ui.label(widgets::strong(pattern_score(pattern).to_string(), widgets::BODY));
                if i % 3 == 2 {
                    ui.end_row();
                }
            }
        });
}

fn controls_page(ui: &mut egui::Ui) {
    controls_table(
        ui,
        "controls",
        [18.0, 8.0],
        &[
            ["Place (Chaos)", "Click an empty cell", "Arrows, Enter", "D-pad, A"],
            [
                "Slide (Order)",
                "Drag, or click twice",
                "Enter on the counter, then on its cell",
                "A twice",
            ],
            ["Put a counter back", "Click it again", "Esc", "B"],
        ],
        &[
            ["Move list", "Point at a move", "Page Up, Page Down", "LB, RB"],
            ["Menu", "Esc", "Esc", "Start"],
        ],
    );
    blocks(
        ui,
        &[para(
            "In the menus, the arrows or the d-pad move the focus, Enter or A chooses, Esc or B goes back; left and right change a choice.",
        )],
    );
}

fn aims_page(ui: &mut egui::Ui) {
    heading(ui, "What is a good score?");
    egui::Grid::new("benchmarks")
        .num_columns(3)
        .spacing([24.0, 6.0])
        .show(ui, |ui| {
            for row in [
                ["", "7 × 7", "5 × 5"],
                ["Poor", "50", "20"],
                ["Average", "75", "30"],
                ["Good", "100", "40"],
                ["Expert", "120 and more", "50 and more"],
            ] {
                for cell in row {
                    ui.label(widgets::text(cell, widgets::BODY));
                }
                ui.end_row();
            }
        });
    ui.label(widgets::muted(
        "The 7 × 7 figures are the rules' own; the 5 × 5 ones are this edition's, from its computer players.",
        widgets::SMALL,
    ));
    blocks(
        ui,
        &[
            Block::Heading("As Order"),
            para(
                "Avoid holes into which Chaos can drop awkward colours: the ideal is no more than two empty areas. Slide counters to the sides, and reckon the odds of the colour that comes next.",
            ),
            Block::Heading("As Chaos"),
            para(
                "Put each counter where it matches nothing near it, and where Order cannot slide it into a pattern. Break up the empty areas Order is keeping.",
            ),
        ],
    );
}
