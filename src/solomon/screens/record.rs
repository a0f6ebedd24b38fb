//! The Record screen: the player's record of each kind of Solomon's game,
//! built from the history ([`crate::history::record`]): the results
//! against each opponent, the last matches, the player's strength against
//! the computer's levels, and two pictures (the rating over time, the
//! Order scores against the seeds' benchmarks). Reached from the title and
//! from the History. Its controls: the kind (left and right change it, or
//! a click on one), History and Back.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::AppSet;
use crate::history::kept_record::{PlayerRecord, strength_line};
use crate::history::record::Kind;
use crate::solomon::game::SolomonCommand;
use crate::solomon::screen::SolomonScreen;
use crate::solomon::screens::{record_charts, record_tables};
use crate::ui::menus::{MenuEvent, MenuKeys, cycle, menu_events};
use crate::ui::navigation::Focus;
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<RecordView>()
        .add_systems(OnEnter(SolomonScreen::Record), open)
        .add_systems(
            Update,
            navigate.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(SolomonScreen::Record))
                .in_set(crate::ui::theme::Interface),
        );
}

/// The kind of match shown.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordView {
    /// Which kind.
    pub kind: Kind,
}

impl Default for RecordView {
    fn default() -> Self {
        RecordView { kind: Kind::Rounds7 }
    }
}

/// The screen's controls, top to bottom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Row {
    Kind,
    History,
    Back,
}

const ROWS: [Row; 3] = [Row::Kind, Row::History, Row::Back];

/// The label of the kind row (its choices are "Kind: 7 × 7" and so on).
pub const KIND: &str = "Kind";

/// Opens on the kind of the newest match (7×7 when there is none), the focus on Back.
fn open(mut view: ResMut<RecordView>, record: Res<PlayerRecord>, mut focus: ResMut<Focus>) {
    view.kind = Kind::ALL
        .into_iter()
        .max_by_key(|&k| record.0.of(k).matches.len())
        .filter(|&k| !record.0.of(k).matches.is_empty())
        .unwrap_or(Kind::Rounds7);
    focus.set(ROWS.len() - 1);
}

fn press(row: Row, view: &mut RecordView, commands: &mut MessageWriter<SolomonCommand>) {
    match row {
        Row::Kind => view.kind = cycle(&Kind::ALL, view.kind, 1),
        Row::History => {
            commands.write(SolomonCommand::OpenHistory);
        }
        Row::Back => {
            commands.write(SolomonCommand::ToTitle);
        }
    }
}

fn navigate(
    mut keys: MenuKeys<SolomonScreen>,
    mut focus: ResMut<Focus>,
    mut view: ResMut<RecordView>,
    mut commands: MessageWriter<SolomonCommand>,
) {
    for event in menu_events(keys.for_screen(SolomonScreen::Record), &mut focus, &ROWS) {
        match event {
            MenuEvent::Confirm(row) => press(row, &mut view, &mut commands),
            MenuEvent::Change(Row::Kind, delta) => view.kind = cycle(&Kind::ALL, view.kind, delta),
            MenuEvent::Back => {
                commands.write(SolomonCommand::ToTitle);
            }
            _ => {}
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    mut view: ResMut<RecordView>,
    record: Res<PlayerRecord>,
    overlays: Res<crate::ui::overlays::Overlays>,
    mut commands: MessageWriter<SolomonCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let focused = focus.of(ROWS.len());
    let active = overlays.is_empty();
    let screen = ctx.viewport_rect();
    let width = (screen.width() - 48.0).min(1120.0);
    let kind = view.kind;
    let shown = record.0.of(kind);
    widgets::centred_column(&ctx, "record", width, 0.025, |ui| {
        ui.spacing_mut().item_spacing.y = 6.0;
        ui.horizontal(|ui| {
            ui.label(widgets::strong("Record", 30.0).color(ui::ACCENT));
            ui.add_space(12.0);
            ui.label(widgets::muted(
                "Your results from the matches kept in the History, and your strength against the computer's levels.",
                widgets::SMALL,
            ));
        });
        let names: Vec<String> = Kind::ALL.iter().map(|k| k.title().to_string()).collect();
        let chosen = Kind::ALL.iter().position(|k| *k == kind).unwrap_or(0);
        let detail = strength_line(shown, kind);
        let (clicked, hovered) = widgets::segmented_row(ui, KIND, &names, chosen, &detail, active && focused == 0);
        if active && widgets::pointer_takes_focus(ui, hovered) {
            focus.point_at(0);
        }
        if let (true, Some(index)) = (active, clicked) {
            focus.point_at(0);
            view.kind = Kind::ALL[index];
        }
        let height = (screen.height() - 250.0).clamp(300.0, 560.0);
        ui.columns(2, |columns| {
            columns[0].set_height(height);
            record_tables::opponents(&mut columns[0], shown);
            columns[0].add_space(10.0);
            record_tables::last_matches(&mut columns[0], shown, &record.0);
            let chart = ((height - 40.0) / 2.0).max(120.0);
            record_charts::rating(&mut columns[1], shown, kind, chart);
            columns[1].add_space(8.0);
            record_charts::scores(&mut columns[1], shown, kind, chart);
        });
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            for (i, row) in ROWS.iter().enumerate().skip(1) {
                let label = match row {
                    Row::History => "History",
                    _ => "Back",
                };
                let look = widgets::ButtonLook::new(160.0, 44.0)
                    .entry()
                    .focused(active && i == focused);
                let response = widgets::button(ui, label, look);
                if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                    focus.point_at(i);
                }
                if active && response.clicked() {
                    press(*row, &mut view, &mut commands);
                }
            }
        });
    });
    Ok(())
}
