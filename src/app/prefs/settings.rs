//! The player's settings: volumes, animation pace, numbers or symbols on
//! the counters, destination marks and full screen.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// What is written on counters so that colours can be told apart without seeing them.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColourMarks {
    /// Nothing.
    #[default]
    Off,
    /// The colour's number, 1 to 7.
    Numbers,
    /// A shape for each colour.
    Symbols,
}

/// How fast counters move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    /// Slower than normal.
    Slow,
    /// Normal.
    #[default]
    Normal,
    /// Faster than normal.
    Fast,
}

impl Pace {
    /// The animation speed factor.
    pub fn speed(self) -> f32 {
        match self {
            Pace::Slow => 0.6,
            Pace::Normal => 1.0,
            Pace::Fast => 1.7,
        }
    }
}

/// The player's settings.
#[derive(Resource, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Overall volume, 0 to 100.
    pub master_volume: u8,
    /// Sound effects' volume, 0 to 100.
    pub effects_volume: u8,
    /// Music's volume, 0 to 100.
    pub music_volume: u8,
    /// How fast counters move.
    pub animation: Pace,
    /// Numbers or symbols on the counters.
    pub colour_marks: ColourMarks,
    /// Mark where a picked-up counter may go.
    pub show_destinations: bool,
    /// Fill the screen.
    pub fullscreen: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            master_volume: 80,
            effects_volume: 80,
            music_volume: 50,
            animation: Pace::Normal,
            colour_marks: ColourMarks::Off,
            show_destinations: true,
            fullscreen: false,
        }
    }
}

impl super::Remembered for Settings {
    const SECTION: &'static str = "settings";
    type Stored = Settings;

    fn stored(&self) -> Settings {
        self.clone()
    }

    fn from_stored(mut settings: Settings) -> Settings {
        for volume in [
            &mut settings.master_volume,
            &mut settings.effects_volume,
            &mut settings.music_volume,
        ] {
            *volume = (*volume).min(100);
        }
        settings
    }
}
