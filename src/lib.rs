//! Entropy, the game: a Bevy app on top of the `entropy_rules` crate.
//!
//! [`CorePlugin`] is the game's logic — screens, the match, intents, the
//! turn, the board's entities and their motion — and runs headless (the
//! tests drive it with `MinimalPlugins`). [`AppPlugin`] adds the window,
//! drawing, input, interface and sound.

use bevy::prelude::*;

pub mod ai;
pub mod animation;
pub mod audio;
pub mod bag;
pub mod board;
pub mod camera;
#[cfg(feature = "ci")]
pub mod ci;
pub mod game;
pub mod hud;
pub mod input;
pub mod prefs;
pub mod screens;
pub mod textures;
pub mod theme;
pub mod view;

/// The game's logic, without any window, drawing or sound.
pub struct CorePlugin;

impl Plugin for CorePlugin {
    fn build(&self, app: &mut App) {
        app.configure_sets(
            Update,
            (
                game::GameSystems::Input,
                game::GameSystems::Turn,
                game::GameSystems::Sync,
                game::GameSystems::Animate,
            )
                .chain(),
        );
        app.add_plugins((
            screens::plugin,
            game::plugin,
            animation::plugin,
            board::plugin,
            ai::plugin,
        ));
    }
}

/// The whole game in a window of `window` logical pixels (1280×720 by default).
pub struct AppPlugin {
    /// The window's starting size in logical pixels; it can be resized freely.
    pub window: (u32, u32),
}

impl Default for AppPlugin {
    fn default() -> Self {
        AppPlugin { window: (1280, 720) }
    }
}

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(
            DefaultPlugins
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        title: "Entropy — Order and Chaos".into(),
                        resolution: self.window.into(),
                        resizable: true,
                        ..default()
                    }),
                    ..default()
                })
                .set(AssetPlugin {
                    file_path: asset_folder(),
                    meta_check: bevy::asset::AssetMetaCheck::Never,
                    ..default()
                }),
        );
        app.add_plugins((bevy_egui::EguiPlugin::default(), bevy_kira_audio::AudioPlugin));
        app.add_plugins(CorePlugin);
        app.add_plugins((
            theme::plugin,
            camera::plugin,
            textures::plugin,
            view::plugin,
            bag::plugin,
            input::plugin,
            hud::plugin,
            audio::plugin,
            prefs::plugin,
        ));
        #[cfg(feature = "ci")]
        app.add_plugins(ci::plugin);
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
