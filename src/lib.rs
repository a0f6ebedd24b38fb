//! Entropy, the game: a Bevy app on top of the `entropy_rules` crate.
//!
//! [`CorePlugin`] is the game's logic — screens, the match, intents, the
//! turn, the count, the clock, computer players, the board's entities and
//! their motion, menus driven by keys and buttons, preferences and the
//! saved match — and runs headless (the tests drive it with
//! `MinimalPlugins`). Carreno's Entropy, the second game, is in [`carreno`].
//! [`AppPlugin`] adds the window, drawing, the pointer,
//! the interface and sound. `docs/design.md` walks through the rooms.
//!
//! The documentation is for the game's maintainers and links its private
//! modules: read it with `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

use bevy::prelude::*;

pub mod app;
pub mod carreno;
// The scripted runs, for the tests and the measurements on a computer (the
// web game is driven through the browser, with the probe).
#[cfg(not(target_arch = "wasm32"))]
pub mod dev;
pub mod history;
pub mod online;
pub mod probe;
pub mod simultaneous;
pub mod solomon;
pub mod table;
pub mod ui;

pub use app::{AppSet, Folders};

/// The game's logic, without any window, drawing or sound.
#[derive(Default)]
pub struct CorePlugin {
    /// Where files are kept.
    pub folders: Folders,
}

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (AppSet::Input, AppSet::Turn, AppSet::Sync, AppSet::Animate).chain(),
        );
        app.insert_resource(self.folders.clone());
        // Files first: the screens read what they found.
        app.add_plugins((
            app::redraw::plugin,
            app::prefs::plugin,
            // Before anything reads the data folder: a second game keeps out of it.
            app::data_lock::plugin,
            app::players::plugin,
            solomon::match_setup::plugin,
            history::plugin,
            solomon::saved::plugin,
            solomon::history::plugin,
        ));
        app.add_plugins((
            solomon::replay::plugin,
            ui::navigation::plugin,
            app::screen::plugin,
            ui::overlays::plugin,
            ui::title::plugin,
            solomon::title::plugin,
            solomon::screens::plugin,
            ui::pause::plugin,
            ui::settings::plugin,
            ui::transition::plugin,
            ui::save_notice::plugin,
        ));
        app.add_plugins((
            solomon::game::plugin,
            solomon::count::plugin,
            solomon::clock::plugin,
            ui::animation::plugin,
            solomon::world::core_plugin,
            solomon::input::plugin,
            solomon::computer::plugin,
            solomon::tutorial::plugin,
            solomon::leave::plugin,
            carreno::plugin,
            simultaneous::plugin,
        ));
        app.add_plugins((
            ui::keyboard::plugin,
            online::plugin,
            solomon::online::plugin,
            solomon::online_history::plugin,
        ));
    }
}

/// The whole game in a window.
pub struct AppPlugin {
    /// The window's starting size in logical pixels; it can be resized freely.
    pub window: (u32, u32),
    /// Where files are kept.
    pub folders: Folders,
    /// No window system and no renderer: for tests that send input messages.
    pub headless: bool,
}

impl Default for AppPlugin {
    fn default() -> Self {
        AppPlugin {
            window: (1280, 720),
            folders: Folders::platform(),
            headless: false,
        }
    }
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        let window = Window {
            title: "Entropy — Order and Chaos".into(),
            resolution: self.window.into(),
            resizable: true,
            // In the browser: the page's canvas, filling the page and
            // following its size, with the browser's own keys left alone
            // (web/index.html).
            canvas: cfg!(target_arch = "wasm32").then(|| "#entropy".to_string()),
            fit_canvas_to_parent: true,
            ..default()
        };
        let defaults = DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(window),
                ..default()
            })
            .set(AssetPlugin {
                file_path: asset_folder(),
                meta_check: bevy::asset::AssetMetaCheck::Never,
                ..default()
            });
        if self.headless {
            app.add_plugins(
                defaults
                    .set(bevy::render::RenderPlugin {
                        render_creation: bevy::render::settings::WgpuSettings {
                            backends: None,
                            ..default()
                        }
                        .into(),
                        ..default()
                    })
                    .disable::<bevy::winit::WinitPlugin>(),
            );
        } else {
            app.add_plugins(defaults);
        }
        app.add_plugins((bevy_egui::EguiPlugin::default(), bevy_kira_audio::AudioPlugin));
        app.add_plugins(CorePlugin {
            folders: self.folders.clone(),
        });
        app.add_plugins((
            ui::theme::plugin,
            ui::camera::plugin,
            ui::panel_ground::plugin,
            ui::egui_shader::plugin,
            ui::sprite_shader::plugin,
            ui::art::plugin,
            table::plugin,
            solomon::world::plugin,
            ui::audio::plugin,
            solomon::sounds::plugin,
            (ui::window::plugin, ui::render_connection::plugin),
            (ui::frames::plugin, probe::plugin),
            #[cfg(not(target_arch = "wasm32"))]
            dev::plugin,
            carreno::looks_plugin,
            simultaneous::looks_plugin,
        ));
    }
}

/// The `assets` folder: beside the executable when the game is installed
/// that way, else the one in the source tree it was built from.
fn asset_folder() -> String {
    if cfg!(target_arch = "wasm32") {
        // Beside the page.
        return "assets".to_string();
    }
    let beside_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join("assets")));
    match beside_exe {
        Some(dir) if dir.is_dir() => dir.to_string_lossy().into_owned(),
        _ => concat!(env!("CARGO_MANIFEST_DIR"), "/assets").to_string(),
    }
}
