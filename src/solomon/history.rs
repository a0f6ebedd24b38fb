//! Every match kept: a finished match, or one abandoned for a new match,
//! goes to `history/` in the data folder as a plain-text match file (the
//! rules crate's [`MatchFile`]: tags, then every move in CodeCup notation),
//! one file per match, written atomically. `entropy-cli show FILE` and
//! `entropy-cli review FILE` read them. A file that cannot be read (or is
//! not a regular file, such as a named pipe, which is never opened) is
//! listed as such and left where it is.
//!
//! A match goes to the history the moment it is decided, before its save
//! is cleared, and once only: a match the history already holds (the same
//! record) is not written again, so a game ended at any moment shows the
//! match at the next launch either still saved or in the history, never
//! neither and never twice. If the history cannot be written, the save
//! stays and the player is told.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use entropy_rules::{MatchFile, MatchRecord, MatchTags, PlayerTags};

use crate::app::AppSet;
use crate::app::prefs::PrefsFile;
use crate::app::storage;
use crate::app::storage::SaveProblem;
use crate::solomon::game::{CurrentMatch, SolomonCommand};
use crate::solomon::match_setup::{MatchSetup, Seat};
use crate::solomon::saved::SavedMatch;

pub(crate) fn plugin(app: &mut App) {
    let data = app
        .world()
        .get_resource::<crate::app::Folders>()
        .and_then(|f| f.data.clone());
    let mut history = History::load(data.as_ref().map(|d| d.join("history")));
    let mut notices = Vec::new();
    // The data folder's own trouble is reported with the saved match.
    if data.as_deref().and_then(storage::file_in_the_way).is_none()
        && let Some(notice) = history.notice.clone()
    {
        notices.push(notice);
    }
    // A decided match still saved (the game ended between keeping it and
    // clearing its save, or the history could not take it then): kept now.
    if let Some(mut saved) = app.world_mut().get_resource_mut::<SavedMatch>()
        && saved.decided()
        && let Some(Ok((game, setup, _))) = saved.data.as_ref().map(|d| d.restore())
    {
        let cleared = keep_decided(&mut history, &game, &setup)
            .map_err(|problem| format!("{problem} It stays saved until it can be."))
            .and_then(|()| saved.store(None));
        if let Err(problem) = cleared {
            warn!("{problem}");
            notices.push(problem);
        }
    }
    if let Some(mut prefs) = app.world_mut().get_resource_mut::<PrefsFile>() {
        prefs.notices.extend(notices);
    }
    app.insert_resource(history).init_resource::<SaveProblem>().add_systems(
        Update,
        keep_abandoned_match
            .in_set(AppSet::Turn)
            .before(crate::solomon::game::handle_commands),
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
    /// Why the folder could not be read, for the player.
    pub notice: Option<String>,
}

impl History {
    /// Reads every match file in `folder` (regular files only: nothing here blocks).
    pub fn load(folder: Option<PathBuf>) -> History {
        let mut notice = None;
        let listing = match folder.as_ref().map(std::fs::read_dir) {
            Some(Ok(listing)) => Some(listing),
            Some(Err(e)) if e.kind() == std::io::ErrorKind::NotFound => None,
            Some(Err(e)) => {
                let folder = folder.as_deref().unwrap_or(Path::new("history"));
                let reason = match storage::file_in_the_way(folder) {
                    Some(file) => format!("{} is a file, not a folder", file.display()),
                    None => format!("{} could not be read ({e})", folder.display()),
                };
                notice = Some(format!("The history cannot be kept: {reason}."));
                None
            }
            None => None,
        };
        let mut entries: Vec<Entry> = listing
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
        History {
            folder,
            entries,
            notice,
        }
    }

    /// Whether a readable file of the history holds the match of `record`.
    pub fn holds(&self, record: &MatchRecord) -> bool {
        self.entries
            .iter()
            .any(|e| e.file.as_ref().is_ok_and(|f| f.record == *record))
    }

    /// Keeps `file` unless the history holds its match already; `Err` says
    /// why it could not, in words for the player.
    pub fn keep_once(&mut self, file: MatchFile) -> Result<(), String> {
        if self.holds(&file.record) {
            return Ok(());
        }
        let folder = self.folder.clone().unwrap_or_default();
        self.add(file)
            .map_err(|e| storage::explain(&folder.join("match.txt"), &e))
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
    let bytes = storage::read_regular(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidInput => format!("it is {e}"),
        _ => e.to_string(),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| "it is not text".to_string())?;
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

/// Keeps the decided match `game` in the history, once.
pub fn keep_decided(history: &mut History, game: &CurrentMatch, setup: &MatchSetup) -> Result<(), String> {
    let file = MatchFile {
        tags: tags(setup, game.seats),
        record: game.game.record(),
    };
    history
        .keep_once(file)
        .map_err(|reason| format!("The finished match cannot be kept in the history: {reason}."))
}

/// A new match replaces an unfinished saved one: the old one is kept, as
/// abandoned, and only then is its save cleared. If the history cannot take
/// it, it stays saved and the new match is not saved over it.
fn keep_abandoned_match(
    mut commands: MessageReader<SolomonCommand>,
    mut saved: ResMut<SavedMatch>,
    mut history: ResMut<History>,
    mut problem: ResMut<SaveProblem>,
) {
    if !commands.read().any(|c| *c == SolomonCommand::StartMatch) || !saved.resumable() {
        return;
    }
    let Some(Ok((game, setup, _))) = saved.data.as_ref().map(|d| d.restore()) else {
        return;
    };
    let file = MatchFile {
        tags: tags(&setup, game.seats),
        record: game.game.record(),
    };
    match history.keep_once(file) {
        Ok(()) => {
            saved.held = false;
            problem.resolve("history");
            if let Err(e) = saved.store(None) {
                problem.report("match", e);
            }
        }
        Err(reason) => {
            saved.held = true;
            problem.report(
                "history",
                format!(
                    "The match you left cannot be kept in the history: {reason}. It stays saved: Continue it \
                     from the title. This new match is not saved."
                ),
            );
        }
    }
}
