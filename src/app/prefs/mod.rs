//! The player's preferences, remembered between launches in
//! `preferences.ron` in the preferences folder ([`crate::app::storage`]):
//! the settings ([`settings`]) and, each in a section of its own, what a
//! room of the game remembers ([`Remembered`]: each game's last setup).
//! Written atomically whenever one changes, and kept aside and reported when
//! unreadable; a save that fails is shown to the player once
//! ([`SaveProblem`]). An unknown or missing value falls back to its
//! default and an unknown section is kept as it was, so a file from an
//! older or newer version still reads.

use std::collections::BTreeMap;
use std::path::PathBuf;

use bevy::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::app::storage::{self, Loaded, SaveProblem};

pub mod settings;

pub use settings::{ColourMarks, Pace, Settings};

pub(crate) fn plugin(app: &mut App) {
    let folder = app
        .world()
        .get_resource::<crate::app::Folders>()
        .and_then(|f| f.preferences.clone());
    let (sections, notice, first_launch) = match folder.as_ref().map(|f| load(&f.join(FILE))) {
        Some(Loaded::Read(sections)) => (sections, None, false),
        Some(Loaded::Unreadable(notice)) => (Sections::new(), Some(notice), false),
        Some(Loaded::Missing) => (Sections::new(), None, true),
        None => (Sections::new(), None, false),
    };
    if let Some(notice) = &notice {
        warn!("{notice}");
    }
    app.insert_resource(PrefsFile {
        folder,
        sections,
        unsaved: false,
        notices: notice.into_iter().collect(),
        notices_dismissed: false,
        first_launch,
    })
    .init_resource::<SaveProblem>()
    .configure_sets(Update, (PrefsSystems::Note, PrefsSystems::Save).chain())
    .add_systems(Update, save_when_changed.in_set(PrefsSystems::Save));
    remember::<Settings>(app);
}

/// Something remembered in the preferences, in a section of its own: a
/// resource and the plain form it is written in, which reads back whatever
/// this version of the game becomes.
pub trait Remembered: Resource + Clone {
    /// The section's name in the file.
    const SECTION: &'static str;
    /// What is written.
    type Stored: Serialize + DeserializeOwned + Default;
    /// The form to write.
    fn stored(&self) -> Self::Stored;
    /// What a read (or a default) form makes; anything unknown falls back
    /// to the default.
    fn from_stored(stored: Self::Stored) -> Self;
}

/// Reads `R` from the preferences into a resource, and remembers it
/// whenever it changes. A room of the game calls this for what it keeps.
pub fn remember<R: Remembered>(app: &mut App) {
    let stored = app.world().resource::<PrefsFile>().section::<R::Stored>(R::SECTION);
    app.insert_resource(R::from_stored(stored))
        .add_systems(Update, note_change::<R>.in_set(PrefsSystems::Note));
}

/// The preferences' work in a frame: what changed is noted, then written.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PrefsSystems {
    /// Each remembered resource that changed puts itself in its section.
    Note,
    /// The file is written if a section changed.
    Save,
}

/// The file's sections by name, each as its RON text: as read, and as
/// changed since.
pub type Sections = BTreeMap<String, String>;

/// Where the preferences live, what they hold, and what went wrong reading
/// the game's files at launch.
#[derive(Resource, Debug, Clone)]
pub struct PrefsFile {
    folder: Option<PathBuf>,
    sections: Sections,
    unsaved: bool,
    /// Messages for the player about files that could not be read.
    pub notices: Vec<String>,
    /// The player has read the notices.
    pub notices_dismissed: bool,
    /// No preferences were found: the game is new to this player.
    pub first_launch: bool,
}

impl PrefsFile {
    /// The section `name` as `T`: its default when missing or unreadable.
    pub fn section<T: DeserializeOwned + Default>(&self, name: &str) -> T {
        self.sections
            .get(name)
            .and_then(|text| ron::from_str::<T>(text).ok())
            .unwrap_or_default()
    }

    /// Puts `value` in the section `name`, to be written if it changed.
    pub fn put<T: Serialize>(&mut self, name: &str, value: &T) {
        let Ok(value) = ron::to_string(value) else { return };
        if self.sections.get(name) != Some(&value) {
            self.sections.insert(name.to_string(), value);
            self.unsaved = true;
        }
    }
}

const FILE: &str = "preferences.ron";

/// Reads the preferences at `path`.
pub fn load(path: &std::path::Path) -> Loaded<Sections> {
    storage::read_or_keep_aside(path, "preferences", storage::Limit::PREFERENCES, |text| {
        ron::from_str::<SectionsFile>(text)
            .map(|file| file.0)
            .map_err(|e| e.to_string())
    })
}

/// The whole file: named sections, each kept as its text until a room
/// reads it, so that a section this version does not know survives.
struct SectionsFile(Sections);

impl<'de> serde::Deserialize<'de> for SectionsFile {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Named;
        impl<'de> serde::de::Visitor<'de> for Named {
            type Value = Sections;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("named sections")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Sections, A::Error> {
                let mut sections = Sections::new();
                while let Some((name, value)) = map.next_entry::<String, Box<ron::value::RawValue>>()? {
                    sections.insert(name, value.get_ron().trim().to_string());
                }
                Ok(sections)
            }
        }
        deserializer.deserialize_any(Named).map(SectionsFile)
    }
}

/// Writes `sections` to `path`.
pub fn save(path: &std::path::Path, sections: &Sections) -> std::io::Result<()> {
    let raw = sections
        .iter()
        .map(|(name, text)| Ok((name, ron::value::RawValue::from_ron(text)?)))
        .collect::<Result<BTreeMap<_, _>, ron::error::SpannedError>>()
        .map_err(std::io::Error::other)?;
    let text = ron::ser::to_string_pretty(&raw, ron::ser::PrettyConfig::default()).map_err(std::io::Error::other)?;
    storage::write_atomically(path, text.as_bytes())
}

/// A remembered resource that changed goes into its section (what was just
/// read needs no writing).
fn note_change<R: Remembered>(value: Res<R>, mut file: ResMut<PrefsFile>) {
    if value.is_changed() && !value.is_added() {
        file.put(R::SECTION, &value.stored());
    }
}

/// Writes the file when a section changed.
fn save_when_changed(mut file: ResMut<PrefsFile>, mut problem: ResMut<SaveProblem>) {
    if !file.unsaved {
        return;
    }
    file.unsaved = false;
    if let Some(folder) = &file.folder {
        let path = folder.join(FILE);
        match save(&path, &file.sections) {
            Ok(()) => problem.resolve("preferences"),
            Err(e) => problem.report(
                "preferences",
                format!("The preferences cannot be saved: {}.", storage::explain(&path, &e)),
            ),
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
    fn saved_sections_come_back_and_unknown_ones_are_kept() {
        let dir = scratch("round-trip");
        let path = dir.join(FILE);
        assert_eq!(load(&path), Loaded::Missing, "nothing saved yet");
        let settings = Settings {
            master_volume: 30,
            colour_marks: ColourMarks::Symbols,
            show_destinations: false,
            animation: Pace::Fast,
            ..Settings::default()
        };
        let mut file = PrefsFile {
            folder: Some(dir.clone()),
            sections: Sections::new(),
            unsaved: false,
            notices: Vec::new(),
            notices_dismissed: false,
            first_launch: true,
        };
        file.put("settings", &settings);
        file.put("another room", &(3u8, "words".to_string()));
        assert!(file.unsaved);
        save(&path, &file.sections).unwrap();
        let Loaded::Read(sections) = load(&path) else {
            panic!("the file reads back")
        };
        file.sections = sections;
        assert_eq!(file.section::<Settings>("settings"), settings);
        assert_eq!(file.section::<(u8, String)>("another room"), (3, "words".to_string()));
        assert_eq!(file.section::<Settings>("missing"), Settings::default());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_files_of_earlier_versions_read() {
        let dir = scratch("earlier");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE);
        std::fs::write(
            &path,
            "(settings: (master_volume: 30, animation: fast, colour_marks: symbols), setup: (board: 5, names: (\"Ada\", \"\")), other: (side: \"s\"))",
        )
        .unwrap();
        let Loaded::Read(sections) = load(&path) else {
            panic!("an earlier file reads")
        };
        let read: Settings = ron::from_str(&sections["settings"]).unwrap();
        assert_eq!(
            (read.master_volume, read.animation, read.colour_marks),
            (30, Pace::Fast, ColourMarks::Symbols)
        );
        assert!(sections.contains_key("setup") && sections.contains_key("other"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_unreadable_file_is_kept_aside_not_overwritten() {
        let dir = scratch("corrupt");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(FILE);
        std::fs::write(&path, "(settings: (master_volume: 7").unwrap();
        let Loaded::Unreadable(notice) = load(&path) else {
            panic!("a broken file is unreadable")
        };
        assert!(notice.contains("kept as"), "{notice}");
        assert!(!path.exists());
        let aside = std::fs::read_to_string(dir.join(format!("{FILE}.unreadable"))).unwrap();
        assert_eq!(aside, "(settings: (master_volume: 7", "the bad file is kept as it was");
        save(&path, &Sections::new()).unwrap();
        assert!(
            dir.join(format!("{FILE}.unreadable")).exists(),
            "saving afresh leaves it alone"
        );
        assert_eq!(load(&path), Loaded::Read(Sections::new()));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn unknown_values_fall_back_to_defaults() {
        let file = PrefsFile {
            folder: None,
            sections: ron::from_str::<SectionsFile>("(settings: (master_volume: 250, animation: \"warp\"))")
                .unwrap()
                .0,
            unsaved: false,
            notices: Vec::new(),
            notices_dismissed: false,
            first_launch: false,
        };
        let settings = Settings::from_stored(file.section::<Settings>("settings"));
        assert_eq!(
            settings,
            Settings::default(),
            "a value unknown to this version gives the defaults"
        );
        let loud: Settings = ron::from_str("(master_volume: 250)").unwrap();
        assert_eq!(Settings::from_stored(loud).master_volume, 100);
    }
}
