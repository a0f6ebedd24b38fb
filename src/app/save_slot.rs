//! A game's saved match on disk: one RON file in the data folder, written
//! whole after each move ([`storage::write_atomically`]), cleared once the
//! match is kept in the history, and read back at launch, where a file of
//! another format version or one its game refuses is kept aside
//! ([`storage::read_or_keep_aside`]). While it is *held* (its match could
//! not be kept in the history when a new match replaced it) nothing is
//! written over it.

use std::path::PathBuf;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::app::storage::{self, Loaded};

/// Where a game's match is saved, and whether that save is held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveSlot {
    folder: Option<PathBuf>,
    file: &'static str,
    /// The save holds a match the history could not take: it is not written over.
    pub held: bool,
}

impl SaveSlot {
    /// The save `file` in `folder` (`None`: nothing is written).
    pub fn new(folder: Option<PathBuf>, file: &'static str) -> SaveSlot {
        SaveSlot {
            folder,
            file,
            held: false,
        }
    }

    /// The file's path, if there is a folder.
    pub fn path(&self) -> Option<PathBuf> {
        self.folder.as_ref().map(|f| f.join(self.file))
    }

    /// Writes `data` (or removes the file with `None`); `Err` says why it
    /// could not, in words for the player. Refused while the save is held.
    pub fn write<T: Serialize>(&self, data: Option<&T>) -> Result<(), String> {
        if self.held {
            return Err(format!(
                "This match is not saved: the match you left stays saved{}.",
                self.path().map_or(String::new(), |p| format!(" in {}", p.display()))
            ));
        }
        let Some(path) = self.path() else { return Ok(()) };
        let result = match data {
            Some(data) => ron::ser::to_string(data)
                .map_err(std::io::Error::other)
                .and_then(|text| storage::write_atomically(&path, text.as_bytes())),
            None => storage::remove(&path),
        };
        result.map_err(|e| format!("The match cannot be saved: {}.", storage::explain(&path, &e)))
    }
}

/// Reads a save at `path`: a file larger than a save may be
/// ([`storage::Limit::SAVE`], found before reading it), whose `version`
/// field is not `version`, that does not parse, or that `check` refuses is
/// kept aside and reported;
/// `what` names it for the player ("match").
pub fn read_versioned<T: DeserializeOwned>(
    path: &std::path::Path,
    what: &str,
    version: u32,
    check: impl FnOnce(&T) -> Result<(), String>,
) -> Loaded<T> {
    storage::read_or_keep_aside(path, what, storage::Limit::SAVE, |text| {
        #[derive(serde::Deserialize)]
        struct Version {
            version: u32,
        }
        let found = ron::from_str::<Version>(text).map_err(|e| e.to_string())?;
        if found.version != version {
            return Err(format!(
                "it was saved by another version of the game (format {}, this game reads {version})",
                found.version
            ));
        }
        let data = ron::from_str::<T>(text).map_err(|e| e.to_string())?;
        check(&data)?;
        Ok(data)
    })
}
