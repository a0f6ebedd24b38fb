//! Every match kept: a finished match, or one abandoned for a new match,
//! goes to `history/` in the data folder as a plain-text match file (the
//! rules crate's [`MatchFile`]: tags, then every move in CodeCup notation),
//! one file per match, written atomically. `entropy-cli show FILE` and
//! `entropy-cli review FILE` read them. A file that cannot be read is
//! listed as such and left where it is.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use entropy_rules::{MatchFile, MatchTags, PlayerTags};

use crate::AppSet;
use crate::game::{Command, CurrentMatch};
use crate::match_setup::{MatchSetup, Seat};
use crate::saved::SavedMatch;
use crate::screens::Screen;
use crate::storage;

pub(super) fn plugin(app: &mut App) {
    let folder = app
        .world()
        .get_resource::<crate::Folders>()
        .and_then(|f| f.data.as_ref().map(|d| d.join("history")));
    app.insert_resource(History::load(folder))
        .add_systems(OnEnter(Screen::MatchOver), keep_finished_match)
        .add_systems(
            Update,
            keep_abandoned_match
                .in_set(AppSet::Turn)
                .before(crate::game::handle_commands),
        );
}

/// A match in the history.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its file.
    pub path: PathBuf,
    /// What it holds, or why it cannot be read.
    pub file: Result<MatchFile, String>,
}

impl Entry {
    /// The file's name, for a person.
    pub fn name(&self) -> String {
        self.path
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().into_owned())
    }
}

/// The matches kept, newest first.
#[derive(Resource, Debug, Clone, Default)]
pub struct History {
    folder: Option<PathBuf>,
    /// Every match file found, newest first.
    pub entries: Vec<Entry>,
}

impl History {
    /// Reads every match file in `folder`.
    pub fn load(folder: Option<PathBuf>) -> History {
        let mut entries: Vec<Entry> = folder
            .as_ref()
            .and_then(|f| std::fs::read_dir(f).ok())
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .map(|path| Entry {
                file: read(&path),
                path,
            })
            .collect();
        // The file names begin with the date and time: newest first is reverse name order.
        entries.sort_by_key(|e| std::cmp::Reverse(e.name()));
        History { folder, entries }
    }

    /// Keeps `file`, newest first.
    pub fn add(&mut self, file: MatchFile) -> std::io::Result<()> {
        let Some(folder) = &self.folder else {
            self.entries.insert(
                0,
                Entry {
                    path: PathBuf::new(),
                    file: Ok(file),
                },
            );
            return Ok(());
        };
        let stamp = chrono::Local::now().format("%Y-%m-%d %H.%M.%S").to_string();
        let path = (1..)
            .map(|n| match n {
                1 => folder.join(format!("{stamp}.txt")),
                n => folder.join(format!("{stamp} ({n}).txt")),
            })
            .find(|p| !p.exists())
            .unwrap_or_else(|| folder.join(format!("{stamp}.txt")));
        storage::write_atomically(&path, file.to_text().as_bytes())?;
        self.entries.insert(0, Entry { path, file: Ok(file) });
        Ok(())
    }

    /// Deletes the match at `index` from the history and from the disk.
    pub fn delete(&mut self, index: usize) -> std::io::Result<()> {
        let Some(entry) = self.entries.get(index) else {
            return Ok(());
        };
        if !entry.path.as_os_str().is_empty() {
            std::fs::remove_file(&entry.path)?;
        }
        self.entries.remove(index);
        Ok(())
    }
}

fn read(path: &Path) -> Result<MatchFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    MatchFile::parse(&text).map_err(|e| e.to_string())
}

/// The tags of a match played with `setup`.
pub fn tags(setup: &MatchSetup, seats: [Seat; 2]) -> MatchTags {
    let player = |p: entropy_rules::Player| PlayerTags {
        name: setup.name_in(p, seats).to_string(),
        kind: match seats[p.index()] {
            Seat::Person => "person".to_string(),
            Seat::Computer(level) => format!("computer: {}", level.name()),
        },
    };
    MatchTags {
        date: chrono::Local::now().format("%Y-%m-%d %H:%M").to_string(),
        players: entropy_rules::Player::BOTH.map(player),
        extra: Vec::new(),
    }
}

fn keep_finished_match(game: Option<Res<CurrentMatch>>, setup: Res<MatchSetup>, mut history: ResMut<History>) {
    let Some(game) = game else { return };
    let file = MatchFile {
        tags: tags(&setup, game.seats),
        record: game.game.record(),
    };
    if let Err(e) = history.add(file) {
        warn!("could not keep the match in the history: {e}");
    }
}

/// A new match replaces an unfinished saved one: the old one is kept, as abandoned.
fn keep_abandoned_match(mut commands: MessageReader<Command>, saved: Res<SavedMatch>, mut history: ResMut<History>) {
    if !commands.read().any(|c| *c == Command::StartMatch) || !saved.resumable() {
        return;
    }
    let Some(Ok((game, setup, _))) = saved.data.as_ref().map(|d| d.restore()) else {
        return;
    };
    let file = MatchFile {
        tags: tags(&setup, game.seats),
        record: game.game.record(),
    };
    if let Err(e) = history.add(file) {
        warn!("could not keep the abandoned match in the history: {e}");
    }
}
