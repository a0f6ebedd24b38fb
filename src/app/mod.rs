//! The application's ground floor: the screen state ([`screen`]), the
//! order of the game's systems ([`AppSet`]), where files are kept
//! ([`Folders`], [`storage`]) and the data folder's lock, one game to a
//! folder ([`data_lock`]), the player's preferences ([`prefs`]) and when a
//! frame is drawn ([`redraw`]).

use std::path::PathBuf;

use bevy::prelude::*;

pub mod data_lock;
pub mod players;
pub mod prefs;
pub mod redraw;
pub mod save_slot;
pub mod screen;
pub mod storage;

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
    /// The saved match's and the history's folder (`None`: nothing is kept;
    /// also when another game holds it, [`data_lock`]).
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
