//! The How-to-play window of either game: a dialog over any screen with its
//! pages named across the top (left and right or a click turn them; Esc,
//! Enter, Start or Close closes it). Each game gives a [`RulesBook`] (the
//! dialog it opens as, its title, width and pages) and draws only its
//! pages' content, with the helpers here: [`Block`]s of text, a table of
//! controls.

use std::marker::PhantomData;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};

use crate::app::screen::Screen;
use crate::ui::navigation::{Focus, Nav};
use crate::ui::overlays::{Overlay, OverlayCommand, Overlays};
use crate::ui::theme::{ui, widgets};

/// A game's How to play: where it belongs, how it is headed and its
/// pages. It opens as [`Overlay::Rules`].
pub trait RulesBook: Send + Sync + 'static {
    /// Whether the book is the one shown on `screen`.
    fn shown(screen: &Screen) -> bool;
    /// egui's name for the window.
    const ID: &'static str;
    /// The window's heading.
    const TITLE: &'static str;
    /// The window's width.
    const WIDTH: f32;
    /// The window's height kept off the pages' scrolling area.
    const CHROME: f32;
    /// The pages, in order.
    const PAGES: &'static [Page];
}

/// A page: its name, and what draws it.
pub type Page = (&'static str, fn(&mut egui::Ui));

/// The window of `B`: its page, its keys and its drawing.
pub fn plugin<B: RulesBook>(app: &mut App) {
    app.init_resource::<RulesPage<B>>();
    crate::ui::overlays::add_dialog(
        app,
        Overlay::Rules,
        navigate::<B>,
        draw::<B>.run_if(|screen: Res<State<Screen>>| B::shown(screen.get())),
    );
}

/// The page of `B` shown.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesPage<B>(pub usize, PhantomData<B>);

impl<B> Default for RulesPage<B> {
    fn default() -> Self {
        RulesPage(0, PhantomData)
    }
}

fn navigate<B: RulesBook>(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    mut page: ResMut<RulesPage<B>>,
    mut overlays: MessageWriter<OverlayCommand>,
    screen: Res<State<Screen>>,
) {
    let mut keys = keys.for_dialog(Overlay::Rules);
    if !B::shown(screen.get()) {
        keys.clear();
    }
    for event in menu_events(keys, &mut focus, &[()]) {
        match event {
            MenuEvent::Change(_, delta) => page.0 = (page.0 as i32 + delta).rem_euclid(B::PAGES.len() as i32) as usize,
            MenuEvent::Confirm(_) | MenuEvent::Back | MenuEvent::Other(Nav::Pause) => {
                overlays.write(OverlayCommand::Close);
            }
            _ => {}
        }
    }
}

fn draw<B: RulesBook>(
    mut contexts: EguiContexts,
    mut page: ResMut<RulesPage<B>>,
    open: Res<Overlays>,
    mut overlays: MessageWriter<OverlayCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let on_top = open.top() == Some(Overlay::Rules);
    let height = (ctx.viewport_rect().height() - B::CHROME).max(260.0);
    widgets::dialog(&ctx, B::ID, B::TITLE, B::WIDTH, |ui| {
        ui.horizontal(|ui| {
            for (i, (name, _)) in B::PAGES.iter().enumerate() {
                let look = widgets::ButtonLook::new(120.0, 34.0).text_size(15.0).main(i == page.0);
                if widgets::button(ui, name, look).clicked() {
                    page.0 = i;
                }
            }
            ui.label(widgets::muted("← → turn pages", widgets::SMALL));
        });
        ui.add_space(6.0);
        egui::ScrollArea::vertical().max_height(height).show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 8.0;
            let last = B::PAGES.len() - 1;
            (B::PAGES[page.0.min(last)].1)(ui);
        });
        ui.add_space(8.0);
        let look = widgets::ButtonLook::new(160.0, 42.0).main(true).focused(on_top);
        if widgets::button(ui, "Close", look).clicked() && on_top {
            overlays.write(OverlayCommand::Close);
        }
    });
    Ok(())
}

/// A piece of a page's text.
pub enum Block {
    /// A heading in the accent colour.
    Heading(&'static str),
    /// A paragraph, wrapped to the page.
    Para(String),
}

/// A paragraph of `text`.
pub fn para(text: impl Into<String>) -> Block {
    Block::Para(text.into())
}

/// Draws `blocks`, top to bottom.
pub fn blocks(ui: &mut egui::Ui, blocks: &[Block]) {
    for block in blocks {
        match block {
            Block::Heading(text) => heading(ui, text),
            Block::Para(text) => {
                ui.add(egui::Label::new(widgets::text(text, widgets::BODY)).wrap());
            }
        }
    }
}

/// A heading in the accent colour.
pub fn heading(ui: &mut egui::Ui, text: &str) {
    ui.label(widgets::strong(text, widgets::BODY + 1.0).color(ui::ACCENT));
}

/// A row of the controls table: what it does, then the mouse, the
/// keyboard and the gamepad.
pub type ControlRow = [&'static str; 4];

/// The turn card's buttons: the same keys and buttons in both games.
pub const TURN_BUTTONS: [ControlRow; 3] = [
    ["Pass", "Pass button", "P", "Y"],
    ["Hint", "Hint button", "H", "X"],
    ["Undo", "Undo button", "U", "Select"],
];

/// The controls of each device under a heading row: the game's `moves`,
/// the turn card's buttons, then the rows `after` them.
pub fn controls_table(ui: &mut egui::Ui, id: &str, spacing: [f32; 2], moves: &[ControlRow], after: &[ControlRow]) {
    let heading: ControlRow = ["", "Mouse", "Keyboard", "Gamepad"];
    egui::Grid::new(id).num_columns(4).spacing(spacing).show(ui, |ui| {
        let rows = std::iter::once(&heading).chain(moves).chain(&TURN_BUTTONS).chain(after);
        for row in rows {
            for (i, cell) in row.iter().enumerate() {
                let text = if i == 0 || row[0].is_empty() {
                    widgets::strong(*cell, widgets::SMALL + 1.0)
                } else {
                    widgets::text(*cell, widgets::SMALL + 1.0)
                };
                ui.label(text);
            }
            ui.end_row();
        }
    });
}
