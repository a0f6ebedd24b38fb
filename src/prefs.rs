//! Remembering the players' choices between sessions: board size, names,
//! who sits in each chair, who is Order first, and the display options.
//!
//! They are kept as RON in the platform's preferences folder (on Linux
//! `~/.config/entropy/preferences.ron`; `ENTROPY_PREFS_DIR` overrides the
//! folder). Saving writes a temporary file and renames it over the old one.
//! A file that cannot be read is renamed aside (`preferences.ron.unreadable`)
//! rather than overwritten, and the interface says so.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use entropy_ai::Level;
use entropy_rules::{Player, Size};
use serde::{Deserialize, Serialize};

use crate::ai::Seat;
use crate::game::{Command, MatchSetup};
use crate::view::ViewOptions;

pub(super) fn plugin(app: &mut App) {
    let folder = folder();
    let (prefs, notice) = match folder.as_deref().map(load) {
        Some(Ok(prefs)) => (prefs.unwrap_or_default(), None),
        Some(Err(notice)) => (Preferences::default(), Some(notice)),
        None => (Preferences::default(), None),
    };
    if let Some(notice) = &notice {
        warn!("{notice}");
    }
    let (setup, options) = prefs.apply();
    app.insert_resource(setup)
        .insert_resource(options)
        .insert_resource(PrefsFile { folder, notice })
        .add_systems(Update, save_when_changed);
}

/// Where preferences live, and what went wrong reading them.
#[derive(Resource, Debug, Clone)]
pub struct PrefsFile {
    folder: Option<PathBuf>,
    /// A message for the player when the saved file could not be read.
    pub notice: Option<String>,
}

const FILE: &str = "preferences.ron";

fn folder() -> Option<PathBuf> {
    match std::env::var_os("ENTROPY_PREFS_DIR") {
        Some(dir) => Some(PathBuf::from(dir)),
        None => bevy::platform::dirs::preferences_dir().map(|d| d.join("entropy")),
    }
}

/// The saved choices, in a form that reads back whatever this version of the game becomes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    /// 7 or 5.
    pub board: u8,
    /// The two players' names.
    pub names: [String; 2],
    /// `"person"` or a level name, for each player.
    pub seats: [String; 2],
    /// 1 or 2: who is Order in round 1.
    pub order_first: u8,
    /// Colour numbers on the counters.
    pub colour_numbers: bool,
    /// Marks where a picked-up counter may go.
    pub show_destinations: bool,
}

impl Default for Preferences {
    fn default() -> Self {
        Preferences::from_state(&MatchSetup::default(), &ViewOptions::default())
    }
}

impl Preferences {
    /// The preferences of the current choices.
    pub fn from_state(setup: &MatchSetup, options: &ViewOptions) -> Preferences {
        let seat = |s: Seat| match s {
            Seat::Human => "person".to_string(),
            Seat::Computer(level) => level.to_string(),
        };
        Preferences {
            board: setup.size.n() as u8,
            names: setup.names.clone(),
            seats: [seat(setup.seats[0]), seat(setup.seats[1])],
            order_first: setup.first_order.index() as u8 + 1,
            colour_numbers: options.colour_numbers,
            show_destinations: options.show_destinations,
        }
    }

    /// The choices these preferences make; anything unknown falls back to the default.
    pub fn apply(&self) -> (MatchSetup, ViewOptions) {
        let seat = |s: &str| s.parse::<Level>().map_or(Seat::Human, Seat::Computer);
        let setup = MatchSetup {
            size: Size::from_n(self.board as usize).unwrap_or_default(),
            names: self.names.clone().map(|n| n.chars().take(20).collect()),
            first_order: if self.order_first == 2 {
                Player::Two
            } else {
                Player::One
            },
            seats: [seat(&self.seats[0]), seat(&self.seats[1])],
        };
        let options = ViewOptions {
            colour_numbers: self.colour_numbers,
            show_destinations: self.show_destinations,
        };
        (setup, options)
    }
}

/// Reads the preferences in `folder`: `Ok(None)` when there are none yet;
/// `Err(notice)` when the file is unreadable, after renaming it aside.
pub fn load(folder: &Path) -> Result<Option<Preferences>, String> {
    let path = folder.join(FILE);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("could not read {}: {e}", path.display())),
    };
    match ron::from_str::<Preferences>(&text) {
        Ok(prefs) => Ok(Some(prefs)),
        Err(e) => {
            let aside = folder.join(format!("{FILE}.unreadable"));
            let kept = match std::fs::rename(&path, &aside) {
                Ok(()) => format!("kept as {}", aside.display()),
                Err(re) => format!("left in place ({re})"),
            };
            Err(format!(
                "saved preferences could not be read ({e}); {kept}; using defaults"
            ))
        }
    }
}

/// Writes the preferences to `folder` (a temporary file renamed over the old one).
pub fn save(folder: &Path, prefs: &Preferences) -> std::io::Result<()> {
    std::fs::create_dir_all(folder)?;
    let text = ron::ser::to_string_pretty(prefs, ron::ser::PrettyConfig::default()).map_err(std::io::Error::other)?;
    let temp = folder.join(format!("{FILE}.new"));
    std::fs::write(&temp, text)?;
    std::fs::rename(&temp, folder.join(FILE))
}

/// Saves when a match starts (the setup is then final) and when an option changes.
fn save_when_changed(
    mut commands: MessageReader<Command>,
    setup: Res<MatchSetup>,
    options: Res<ViewOptions>,
    file: Res<PrefsFile>,
    mut last: Local<Option<Preferences>>,
) {
    let started = commands
        .read()
        .any(|c| matches!(c, Command::StartMatch | Command::Rematch));
    if !(started || options.is_changed()) {
        return;
    }
    let prefs = Preferences::from_state(&setup, &options);
    if last.as_ref() == Some(&prefs) {
        return;
    }
    if let Some(folder) = &file.folder {
        match save(folder, &prefs) {
            Ok(()) => *last = Some(prefs),
            Err(e) => warn!("could not save preferences in {}: {e}", folder.display()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("entropy-prefs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn saved_choices_come_back() {
        let dir = scratch("round-trip");
        assert_eq!(load(&dir), Ok(None), "nothing saved yet");
        let setup = MatchSetup {
            size: Size::Five,
            names: ["Ada".into(), "Blaise".into()],
            first_order: Player::Two,
            seats: [Seat::Human, Seat::Computer(Level::Hard)],
        };
        let options = ViewOptions {
            colour_numbers: true,
            show_destinations: false,
        };
        save(&dir, &Preferences::from_state(&setup, &options)).unwrap();
        let (back_setup, back_options) = load(&dir).unwrap().unwrap().apply();
        assert_eq!(back_setup, setup);
        assert_eq!(back_options, options);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unreadable_file_is_kept_aside_not_overwritten() {
        let dir = scratch("corrupt");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(FILE), "(board: 7, names: [\"Ada\"").unwrap();
        let notice = load(&dir).unwrap_err();
        assert!(notice.contains("kept as"), "{notice}");
        assert!(!dir.join(FILE).exists());
        let aside = std::fs::read_to_string(dir.join(format!("{FILE}.unreadable"))).unwrap();
        assert_eq!(aside, "(board: 7, names: [\"Ada\"", "the bad file is kept as it was");
        // Saving afresh does not touch the kept file.
        save(&dir, &Preferences::default()).unwrap();
        assert!(dir.join(format!("{FILE}.unreadable")).exists());
        assert_eq!(load(&dir).unwrap(), Some(Preferences::default()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn unknown_values_fall_back_to_defaults() {
        let prefs: Preferences =
            ron::from_str("(board: 6, seats: (\"grandmaster\", \"easy\"), order_first: 9)").unwrap();
        let (setup, _) = prefs.apply();
        assert_eq!(setup.size, Size::Seven);
        assert_eq!(setup.seats, [Seat::Human, Seat::Computer(Level::Easy)]);
        assert_eq!(setup.first_order, Player::One);
    }
}
