//! Entropy, the game: a Bevy app on top of the `entropy_rules` crate.
//!
//! [`CorePlugin`] is the game's logic — screens, the match, intents, the
//! turn, the count, the clock, computer players, the board's entities and
//! their motion, menus driven by keys and buttons, preferences and the
//! saved match — and runs headless (the tests drive it with
//! `MinimalPlugins`). Carreno's Entropy, the second game, is in [`carreno`].
//! [`AppPlugin`] adds the window, drawing, the pointer,
//! the interface and sound. `docs/design.md` walks through the rooms.

use std::path::PathBuf;

use bevy::prelude::*;

pub mod animation;
pub mod art;
pub mod audio;
pub mod camera;
pub mod carreno;
pub mod clock;
pub mod computer;
pub mod count;
pub mod game;
pub mod history;
pub mod input;
pub mod match_setup;
pub mod navigation;
pub mod prefs;
pub mod replay;
pub mod review;
pub mod saved;
pub mod screens;
pub mod scripted;
pub mod storage;
pub mod theme;
pub mod tutorial;
pub mod window;
pub mod world;

/// The order of the game's systems within `Update`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSet {
    /// Keys, buttons, the pointer and the computer become intents and commands.
    Input,
    /// Intents are applied to the match; commands move between screens.
    Turn,
    /// The board's entities follow the rule events.
    Sync,
    /// Motion advances (after the events that start it, so it starts at once).
    Animate,
}

/// Where the game keeps its files.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Folders {
    /// The preferences' folder (`None`: nothing is remembered).
    pub preferences: Option<PathBuf>,
    /// The saved match's and the history's folder (`None`: nothing is kept).
    pub data: Option<PathBuf>,
}

impl Folders {
    /// The platform's folders (or those named by `ENTROPY_PREFS_DIR` and `ENTROPY_DATA_DIR`).
    pub fn platform() -> Folders {
        Folders {
            preferences: storage::preferences_dir(),
            data: storage::data_dir(),
        }
    }

    /// Both in `dir` (for tests and scripted runs).
    pub fn in_dir(dir: impl Into<PathBuf>) -> Folders {
        let dir = dir.into();
        Folders {
            preferences: Some(dir.join("preferences")),
            data: Some(dir.join("data")),
        }
    }
}

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
        app.add_plugins((match_setup::plugin, prefs::plugin, saved::plugin, history::plugin));
        app.add_plugins((
            replay::plugin,
            review::plugin,
            navigation::plugin,
            screens::plugin,
            game::plugin,
            count::plugin,
            clock::plugin,
            animation::plugin,
            world::core_plugin,
            input::plugin,
            computer::plugin,
            tutorial::plugin,
            carreno::plugin,
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
            theme::plugin,
            camera::plugin,
            art::plugin,
            world::plugin,
            audio::plugin,
            window::plugin,
            scripted::plugin,
            carreno::looks_plugin,
        ));
    }
}

/// The `assets` folder: beside the executable when the game is installed
/// that way, else the one in the source tree it was built from.
fn asset_folder() -> String {
    let beside_exe = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join("assets")));
    match beside_exe {
        Some(dir) if dir.is_dir() => dir.to_string_lossy().into_owned(),
        _ => concat!(env!("CARGO_MANIFEST_DIR"), "/assets").to_string(),
    }
}
