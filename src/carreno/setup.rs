//! The setup of a game of Carreno's Entropy: against another person at
//! this screen or the computer (Easy, Medium or Hard), and which side the
//! first player takes (O moves first). Every row changes with left and
//! right or a click; the focus opens on Start, so Enter alone starts a
//! game with the remembered setup. The setup is kept in the preferences.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use carreno_ai::Level;
use carreno_rules::{Position, Side};

use super::game::CarrenoCommand;
use crate::AppSet;
use crate::navigation::{Focus, LastDevice};
use crate::screens::{MenuEvent, MenuKeys, Overlay, OverlayCommand, Overlays, Screen, menu_events};
use crate::theme::{ui, widgets};

pub(super) fn plugin(app: &mut App) {
    // The preferences insert the remembered setup; a bare app starts from the default.
    app.init_resource::<CarrenoSetup>()
        .add_systems(OnEnter(Screen::CarrenoSetup), focus_start)
        .add_systems(
            Update,
            navigate.after(crate::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::CarrenoSetup))
                .in_set(crate::theme::Interface),
        );
}

/// Who plays against whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CarrenoOpponent {
    /// Two people at this screen.
    Person,
    /// The person at the screen against the computer at a level.
    Computer(Level),
}

/// The side the first player (you, against the computer) takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SideChoice {
    /// O, the light pieces, who move first.
    #[default]
    O,
    /// S, the dark pieces.
    S,
    /// Decided at random when the game starts.
    Random,
}

/// The choices for the next game of Carreno's Entropy.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CarrenoSetup {
    /// Who plays.
    pub opponent: CarrenoOpponent,
    /// The first player's side.
    pub side: SideChoice,
}

impl Default for CarrenoSetup {
    fn default() -> Self {
        CarrenoSetup {
            opponent: CarrenoOpponent::Computer(Level::Medium),
            side: SideChoice::O,
        }
    }
}

impl CarrenoSetup {
    /// The first player's side; `coin` decides a random choice.
    pub fn first_side(&self, coin: bool) -> Side {
        match (self.side, coin) {
            (SideChoice::O, _) | (SideChoice::Random, true) => Side::O,
            (SideChoice::S, _) | (SideChoice::Random, false) => Side::S,
        }
    }
}

/// A row of the setup screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// Who plays.
    Opponent,
    /// The computer's level.
    Level,
    /// The first player's side.
    Side,
    /// Start the game.
    Start,
    /// How to play.
    Rules,
    /// Back to the title.
    Back,
}

/// The rows shown for `setup`, top to bottom.
pub fn rows(setup: &CarrenoSetup) -> Vec<Row> {
    let mut rows = vec![Row::Opponent];
    if matches!(setup.opponent, CarrenoOpponent::Computer(_)) {
        rows.push(Row::Level);
    }
    rows.extend([Row::Side, Row::Start, Row::Rules, Row::Back]);
    rows
}

/// How each level plays, in a line.
pub fn level_description(level: Level) -> &'static str {
    match level {
        Level::Easy => "Looks one move ahead, with a good deal of chance.",
        Level::Medium => "Looks at its move and your reply: parries the threats it sees.",
        Level::Hard => "Searches deep for about a second a move.",
    }
}

fn cycle<T: Copy + PartialEq>(all: &[T], current: T, delta: i32) -> T {
    let index = all.iter().position(|&v| v == current).unwrap_or(0) as i32;
    all[(index + delta).rem_euclid(all.len() as i32) as usize]
}

/// Changes `row` of `setup` to its previous (-1) or next (+1) value.
pub fn change(setup: &mut CarrenoSetup, row: Row, delta: i32) {
    match row {
        Row::Opponent => {
            setup.opponent = match setup.opponent {
                CarrenoOpponent::Person => CarrenoOpponent::Computer(Level::Medium),
                CarrenoOpponent::Computer(_) => CarrenoOpponent::Person,
            }
        }
        Row::Level => {
            if let CarrenoOpponent::Computer(level) = setup.opponent {
                setup.opponent = CarrenoOpponent::Computer(cycle(&Level::ALL, level, delta));
            }
        }
        Row::Side => setup.side = cycle(&[SideChoice::O, SideChoice::S, SideChoice::Random], setup.side, delta),
        Row::Start | Row::Rules | Row::Back => {}
    }
}

/// The label, value and explanation of a choice row.
fn describe(setup: &CarrenoSetup, row: Row) -> (&'static str, String, String) {
    let computer = matches!(setup.opponent, CarrenoOpponent::Computer(_));
    match row {
        Row::Opponent if computer => ("Play against", "The computer".into(), String::new()),
        Row::Opponent => (
            "Play against",
            "A person here".into(),
            "Take turns at this screen.".into(),
        ),
        Row::Side => (
            if computer { "You play" } else { "Player 1 plays" },
            match setup.side {
                SideChoice::O => "O, the light pieces".into(),
                SideChoice::S => "S, the dark pieces".into(),
                SideChoice::Random => "Decided at random".into(),
            },
            "O moves first. A rematch swaps the sides.".into(),
        ),
        _ => ("", String::new(), String::new()),
    }
}

fn focus_start(setup: Res<CarrenoSetup>, mut focus: ResMut<Focus>) {
    focus.set(rows(&setup).iter().position(|r| *r == Row::Start).unwrap_or(0));
}

fn press(
    row: Row,
    setup: &mut CarrenoSetup,
    commands: &mut MessageWriter<CarrenoCommand>,
    overlays: &mut MessageWriter<OverlayCommand>,
) {
    match row {
        Row::Start => {
            commands.write(CarrenoCommand::Start);
        }
        Row::Rules => {
            overlays.write(OverlayCommand::Open(Overlay::CarrenoRules));
        }
        Row::Back => {
            commands.write(CarrenoCommand::ToTitle);
        }
        choice => change(setup, choice, 1),
    }
}

fn navigate(
    mut keys: MenuKeys,
    screen: Res<State<Screen>>,
    mut focus: ResMut<Focus>,
    mut setup: ResMut<CarrenoSetup>,
    mut commands: MessageWriter<CarrenoCommand>,
    mut overlays: MessageWriter<OverlayCommand>,
) {
    let shown = rows(&setup);
    for event in menu_events(keys.for_screen(Screen::CarrenoSetup), &mut focus, &shown) {
        match event {
            MenuEvent::Confirm(row) => press(row, &mut setup, &mut commands, &mut overlays),
            MenuEvent::Change(row, delta) => change(&mut setup, row, delta),
            MenuEvent::Back => {
                commands.write(CarrenoCommand::ToTitle);
            }
            MenuEvent::Other(_) => {}
        }
    }
    // A row that disappeared (the opponent changed) leaves the focus in range.
    let count = rows(&setup).len();
    if *screen.get() == Screen::CarrenoSetup && focus.index >= count {
        focus.point_at(count - 1);
    }
}

/// What the setup screen's view reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
struct SetupView<'w> {
    focus: ResMut<'w, Focus>,
    setup: ResMut<'w, CarrenoSetup>,
    device: Res<'w, LastDevice>,
    overlays: Res<'w, Overlays>,
    commands: MessageWriter<'w, CarrenoCommand>,
    overlay_commands: MessageWriter<'w, OverlayCommand>,
}

fn draw(mut contexts: EguiContexts, mut view: SetupView) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let shown = rows(&view.setup);
    let focused = view.focus.of(shown.len());
    let active = view.overlays.is_empty();
    let pointing = active && *view.device == LastDevice::Mouse;
    widgets::centred_column(&ctx, "carreno setup", 620.0, 0.07, |ui| {
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.set_width(440.0);
                ui.label(widgets::strong("Carreno's Entropy", 34.0).color(ui::ACCENT));
                ui.label(widgets::muted("Augustine Carreno, 1994", widgets::BODY));
                ui.add_space(4.0);
                ui.add(
                    egui::Label::new(widgets::text(
                        "Seven pieces a side on a 5×5 board. A piece moves like a chess queen, but only while it touches a piece of its own side. Scatter your pieces among the other side's to win.",
                        widgets::SMALL + 1.0,
                    ))
                    .wrap(),
                );
            });
            ui.add_space(20.0);
            super::rules::mini_board(ui, &Position::new(), 150.0, &[]);
        });
        ui.add_space(12.0);
        ui.spacing_mut().item_spacing.y = 8.0;
        for (i, &row) in shown.iter().enumerate() {
            let is_focused = active && i == focused;
            match row {
                Row::Start | Row::Rules | Row::Back => continue,
                Row::Level => {
                    let CarrenoOpponent::Computer(current) = view.setup.opponent else {
                        continue;
                    };
                    let names: Vec<String> = Level::ALL.iter().map(|l| capitalised(l.name())).collect();
                    let chosen = Level::ALL.iter().position(|l| *l == current).unwrap_or(0);
                    let (clicked, hovered) =
                        widgets::segmented_row(ui, "Level", &names, chosen, level_description(current), is_focused);
                    if pointing && hovered {
                        view.focus.point_at(i);
                    }
                    if let (true, Some(index)) = (active, clicked) {
                        change(&mut view.setup, row, index as i32 - chosen as i32);
                    }
                }
                choice => {
                    let (label, value, detail) = describe(&view.setup, choice);
                    let response = widgets::choice_row(ui, label, &value, &detail, is_focused);
                    if pointing && response.hovered {
                        view.focus.point_at(i);
                    }
                    if active && (response.previous || response.next) {
                        change(&mut view.setup, choice, if response.previous { -1 } else { 1 });
                    }
                }
            }
        }
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            for (i, &row) in shown.iter().enumerate() {
                let (label, width, main) = match row {
                    Row::Start => ("Start game", 240.0, true),
                    Row::Rules => ("How to play", 170.0, false),
                    Row::Back => ("Back", 120.0, false),
                    _ => continue,
                };
                let look = widgets::ButtonLook::new(width, 48.0)
                    .main(main)
                    .focused(active && i == focused);
                let response = widgets::button(ui, label, look);
                if pointing && response.hovered() {
                    view.focus.point_at(i);
                }
                if active && response.clicked() {
                    let SetupView {
                        setup,
                        commands,
                        overlay_commands,
                        ..
                    } = &mut view;
                    press(row, setup, commands, overlay_commands);
                }
            }
        });
    });
    Ok(())
}

/// `word` with its first letter in capitals.
pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
