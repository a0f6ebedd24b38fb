//! The History screen: every match kept, of both kinds (two rounds, and
//! the simultaneous match), newest first, with its date, players, board
//! and result. A match opens in its game's replay (optionally straight
//! into its review: [`HistoryCommand::Replay`]) or is deleted after a
//! question. A file that cannot be read is listed as such and the rest of
//! the list works. Record, under the list, opens the player's record.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_rules::{AnyMatchFile, MatchFile};

use crate::solomon::screen::NextScreen;
use crate::solomon::screen::SolomonScreen;
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};

use crate::app::AppSet;
use crate::history::{History, HistoryCommand, summary};
use crate::solomon::game::{CurrentMatch, SolomonCommand};
use crate::solomon::match_file::match_file;
use crate::solomon::replay::Replay;
use crate::ui::navigation::{Focus, LastDevice};
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<HistoryView>()
        .add_systems(OnEnter(SolomonScreen::History), open)
        .add_systems(
            Update,
            navigate.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(Update, open_replays.in_set(AppSet::Turn))
        .add_systems(
            Update,
            review_finished_match
                .run_if(in_state(SolomonScreen::MatchOver).and_then(resource_exists::<CurrentMatch>))
                .in_set(AppSet::Turn),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(SolomonScreen::History))
                .in_set(crate::ui::theme::Interface),
        );
}

/// The match whose choices are shown, and whether its deletion is being asked about.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct HistoryView {
    /// The match picked.
    pub picked: Option<usize>,
    /// Delete was chosen: ask once more.
    pub confirm_delete: bool,
}

/// A row of the list: a match, then the buttons under it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ListRow {
    Match(usize),
    Record,
    Back,
}

/// What can be done with a picked match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Step through it.
    Replay,
    /// Step through it with the computer's review.
    Review,
    /// Delete it (asks first).
    Delete,
    /// Yes, delete.
    DeleteYes,
    /// Back to the list.
    Close,
}

impl Choice {
    fn label(self) -> &'static str {
        match self {
            Choice::Replay => "Replay",
            Choice::Review => "Replay with review",
            Choice::Delete => "Delete",
            Choice::DeleteYes => "Delete it",
            Choice::Close => "Cancel",
        }
    }
}

fn choices(view: &HistoryView, readable: bool) -> Vec<Choice> {
    match (view.confirm_delete, readable) {
        (true, _) => vec![Choice::Close, Choice::DeleteYes],
        (false, true) => vec![Choice::Replay, Choice::Review, Choice::Delete, Choice::Close],
        (false, false) => vec![Choice::Delete, Choice::Close],
    }
}

fn open(mut view: ResMut<HistoryView>, mut focus: ResMut<Focus>) {
    *view = HistoryView::default();
    focus.set(0);
}

fn act(
    choice: Choice,
    index: usize,
    view: &mut HistoryView,
    history: &mut History,
    focus: &mut Focus,
    start: &mut Option<(AnyMatchFile, bool)>,
) {
    let file = history.entries.get(index).and_then(|e| e.file.clone().ok());
    match choice {
        Choice::Replay | Choice::Review => *start = file.map(|f| (f, choice == Choice::Review)),
        Choice::Delete => {
            view.confirm_delete = true;
            focus.point_at(0);
        }
        Choice::DeleteYes => {
            if let Err(e) = history.delete(index) {
                warn!("could not delete {}: {e}", history.entries[index].name());
            }
            *view = HistoryView::default();
            // The next match, or Back once the last one has gone.
            let left = history.entries.len();
            focus.point_at(if index < left { index } else { left + 1 });
        }
        Choice::Close => {
            *view = HistoryView::default();
            focus.point_at(index);
        }
    }
}

/// Review, at the end of a match: the match just played opens in the
/// replay with the computer's review running.
/// A game played on a server is reviewed as the server's archive has it
/// (its players' names, its clocks), once that has come.
fn review_finished_match(
    mut commands: MessageReader<SolomonCommand>,
    game: Res<CurrentMatch>,
    setup: Res<crate::solomon::match_setup::MatchSetup>,
    online: Option<Res<crate::online::table::OnTable>>,
    games: Res<crate::online::games::OnlineGames>,
    mut next: NextScreen,
    mut cmd: Commands,
) {
    if commands.read().any(|c| *c == SolomonCommand::Review) {
        let served = online.as_ref().and_then(|table| {
            let text = games.get(&table.game)?.file.clone()?.ok()?;
            match AnyMatchFile::parse(&text).ok()? {
                AnyMatchFile::Rounds(file) => Some(file),
                AnyMatchFile::Simultaneous(_) => None,
            }
        });
        let file = served.unwrap_or_else(|| match_file(&game, &setup));
        start_replay(file, true, &mut cmd, &mut next);
    }
}

/// A match of two rounds asked for from the History screen opens in the
/// replay; the list is shown again when a replay (of either kind) is left.
fn open_replays(mut commands: MessageReader<HistoryCommand>, mut next: NextScreen, mut cmd: Commands) {
    for command in commands.read() {
        match command {
            HistoryCommand::Replay { file, review } => {
                if let AnyMatchFile::Rounds(file) = &**file {
                    start_replay(file.clone(), *review, &mut cmd, &mut next);
                }
            }
            HistoryCommand::Show => next.set(SolomonScreen::History),
        }
    }
}

/// Opens the replay of `file`, starting its review when asked.
fn start_replay(file: MatchFile, review: bool, commands: &mut Commands, next: &mut NextScreen) {
    let replay = Replay::new(file);
    if let Some(current) = replay.current() {
        if review {
            commands.insert_resource(crate::history::review::Review::start(
                replay.file.record.clone(),
                entropy_ai::ReviewBudget::Quick,
            ));
        }
        commands.insert_resource(current);
        commands.insert_resource(replay);
        next.set(SolomonScreen::Replay);
    }
}

fn navigate(
    mut keys: MenuKeys<SolomonScreen>,
    mut focus: ResMut<Focus>,
    mut view: ResMut<HistoryView>,
    mut history: ResMut<History>,
    mut flow: MessageWriter<SolomonCommand>,
    mut open: MessageWriter<HistoryCommand>,
) {
    let keys = keys.for_screen(SolomonScreen::History);
    let mut start = None;
    if let Some(index) = view.picked {
        let readable = history.entries.get(index).is_some_and(|e| e.file.is_ok());
        let list = choices(&view, readable);
        for event in menu_events(keys, &mut focus, &list) {
            match event {
                MenuEvent::Confirm(choice) => act(choice, index, &mut view, &mut history, &mut focus, &mut start),
                MenuEvent::Back => act(Choice::Close, index, &mut view, &mut history, &mut focus, &mut start),
                _ => {}
            }
        }
    } else {
        // The list, then Record and Back.
        let rows: Vec<ListRow> = (0..history.entries.len())
            .map(ListRow::Match)
            .chain([ListRow::Record, ListRow::Back])
            .collect();
        for event in menu_events(keys, &mut focus, &rows) {
            match event {
                MenuEvent::Confirm(ListRow::Match(index)) => {
                    view.picked = Some(index);
                    focus.point_at(0);
                }
                MenuEvent::Confirm(ListRow::Record) => {
                    flow.write(SolomonCommand::OpenRecord);
                }
                MenuEvent::Confirm(ListRow::Back) | MenuEvent::Back => {
                    flow.write(SolomonCommand::ToTitle);
                }
                _ => {}
            }
        }
    }
    if let Some((file, review)) = start {
        open.write(HistoryCommand::Replay {
            file: Box::new(file),
            review,
        });
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    mut view: ResMut<HistoryView>,
    mut history: ResMut<History>,
    device: Res<LastDevice>,
    mut flow: MessageWriter<SolomonCommand>,
    mut open: MessageWriter<HistoryCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let picked = view.picked;
    let mouse = *device == LastDevice::Mouse;
    let mut start = None;
    let height = (ctx.viewport_rect().height() * 0.62).max(200.0);
    widgets::centred_column(&ctx, "history", 760.0, 0.05, |ui| {
        ui.label(widgets::strong("History", 34.0).color(ui::ACCENT));
        ui.label(widgets::muted(
            "Every match is kept here, newest first: replay it, or let the computer review it.",
            widgets::SMALL + 1.0,
        ));
        ui.add_space(8.0);
        let count = history.entries.len();
        egui::ScrollArea::vertical().max_height(height).show(ui, |ui| {
            if count == 0 {
                ui.label(widgets::muted("No match yet.", widgets::BODY));
            }
            for i in 0..count {
                let focused = picked.is_none() && focus.of(count + 2) == i;
                let entry = &history.entries[i];
                let (title, detail) = match &entry.file {
                    Ok(file) => (file.tags().date.clone(), summary(file)),
                    Err(reason) => (entry.name(), format!("This file cannot be read: {reason}")),
                };
                let stroke = if focused {
                    egui::Stroke::new(2.5, ui::FOCUS)
                } else {
                    egui::Stroke::NONE
                };
                let response = egui::Frame::new()
                    .fill(if focused || picked == Some(i) {
                        ui::CARD_RAISED
                    } else {
                        ui::CARD
                    })
                    .stroke(stroke)
                    .corner_radius(widgets::RADIUS)
                    .inner_margin(egui::Margin::symmetric(14, 8))
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.label(widgets::strong(title, widgets::BODY));
                        let colour = if entry.file.is_ok() { ui::MUTED } else { ui::WARNING };
                        ui.add(egui::Label::new(widgets::text(detail, widgets::SMALL + 1.0).color(colour)).wrap());
                    })
                    .response;
                // The whole row takes the click, under an id of its own.
                let response = ui.interact(response.rect, ui.id().with(("history row", i)), egui::Sense::click());
                let label = format!("match {}", i + 1);
                crate::ui::theme::controls::drawn(ui, &label, response.rect, true, false);
                if focused {
                    crate::ui::theme::controls::focused(ui, &label);
                }
                // The keys' focus is kept in view; the mouse's stays where it scrolled.
                if focused && !mouse {
                    response.scroll_to_me(None);
                }
                if picked.is_none() && widgets::pointer_takes_focus(ui, response.hovered()) {
                    focus.point_at(i);
                }
                if picked.is_none() && response.clicked() {
                    view.picked = Some(i);
                    focus.point_at(0);
                }
            }
        });
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            for (row, label, command) in [
                (count, "Record", SolomonCommand::OpenRecord),
                (count + 1, "Back", SolomonCommand::ToTitle),
            ] {
                let row_focused = picked.is_none() && focus.of(count + 2) == row;
                let look = widgets::ButtonLook::new(140.0, 44.0).entry().focused(row_focused);
                let response = widgets::button(ui, label, look);
                if picked.is_none() && widgets::pointer_takes_focus(ui, response.hovered()) {
                    focus.point_at(row);
                }
                if picked.is_none() && response.clicked() {
                    flow.write(command);
                }
            }
        });
    });
    if let Some(index) = picked {
        let readable = history.entries.get(index).is_some_and(|e| e.file.is_ok());
        let list = choices(&view, readable);
        let title = if view.confirm_delete {
            "Delete this match?"
        } else {
            "This match"
        };
        let focused = focus.of(list.len());
        let mut chosen = None;
        widgets::dialog(&ctx, "history choices", title, 320.0, |ui| {
            ui.spacing_mut().item_spacing.y = 10.0;
            for (i, choice) in list.iter().enumerate() {
                let look = widgets::ButtonLook::new(320.0, 44.0).entry().focused(i == focused);
                let response = widgets::button(ui, choice.label(), look);
                if widgets::pointer_takes_focus(ui, response.hovered()) {
                    focus.point_at(i);
                }
                if response.clicked() {
                    chosen = Some(*choice);
                }
            }
        });
        if let Some(choice) = chosen {
            act(choice, index, &mut view, &mut history, &mut focus, &mut start);
        }
    }
    if let Some((file, review)) = start {
        open.write(HistoryCommand::Replay {
            file: Box::new(file),
            review,
        });
    }
    Ok(())
}
