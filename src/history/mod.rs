//! The matches of Solomon's Entropy kept, of both ways to play it, and the
//! computer's review of one ([`review`]).
//!
//! Every match kept, of every kind: a finished match, or one abandoned for
//! a new match, goes to `history/` in the data folder as a plain-text
//! match file (the rules crate's [`AnyMatchFile`]: tags, then every move in
//! CodeCup notation; a simultaneous match says so in its `Format` tag), one
//! file per match, written atomically. `entropy-cli show FILE` and
//! `entropy-cli review FILE` read them. A file that cannot be read (or is
//! not a regular file, such as a named pipe, which is never opened), and one
//! larger than a match file can be ([`LIMIT`], found from its size before a
//! byte of it is read), is listed as such and left where it is.
//!
//! Each game keeps its own matches here, once: a match the history already
//! holds (the same record) is not written again. The History screen lists
//! them all; a match opens in the replay of the game that plays its kind
//! ([`HistoryCommand::Replay`]), and that replay goes back to the list with
//! [`HistoryCommand::Show`].

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use entropy_rules::{AnyMatchFile, Ending, Forfeit, Outcome, Player};

use crate::app::prefs::PrefsFile;
use crate::app::storage;

pub mod cards;
pub mod kept_record;
pub mod record;
pub mod review;

pub(crate) fn plugin(app: &mut App) {
    let data = app
        .world()
        .get_resource::<crate::app::Folders>()
        .and_then(|f| f.data.clone());
    let history = History::load(data.as_ref().map(|d| d.join("history")));
    // The data folder's own trouble is reported with the saved match.
    if data.as_deref().and_then(storage::file_in_the_way).is_none()
        && let Some(notice) = history.notice.clone()
        && let Some(mut prefs) = app.world_mut().get_resource_mut::<PrefsFile>()
    {
        prefs.notices.push(notice);
    }
    app.insert_resource(history)
        .add_message::<HistoryCommand>()
        .add_plugins((review::plugin, kept_record::plugin));
}

/// What is asked of the history's screens.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum HistoryCommand {
    /// Replay this match (with the computer's review when `review`): the
    /// game that plays its kind opens it.
    Replay {
        /// The match.
        file: Box<AnyMatchFile>,
        /// Start the review at once.
        review: bool,
    },
    /// Back to the list of matches.
    Show,
}

/// A match in the history.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its file.
    pub path: PathBuf,
    /// What it holds, or why it cannot be read.
    pub file: Result<AnyMatchFile, String>,
}

impl Entry {
    /// The match of two rounds it holds, if it holds one.
    pub fn rounds(&self) -> Option<&entropy_rules::MatchFile> {
        match &self.file {
            Ok(AnyMatchFile::Rounds(file)) => Some(file),
            _ => None,
        }
    }

    /// The simultaneous match it holds, if it holds one.
    pub fn simultaneous(&self) -> Option<&entropy_rules::SimultaneousFile> {
        match &self.file {
            Ok(AnyMatchFile::Simultaneous(file)) => Some(file),
            _ => None,
        }
    }

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
        let listing = match folder.as_deref().map(storage::list) {
            Some(Ok(listing)) => Some(listing),
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

    /// Whether a readable file of the history holds the match of `file`
    /// (the same moves; the tags may differ).
    pub fn holds(&self, file: &AnyMatchFile) -> bool {
        self.entries.iter().any(|e| {
            e.file.as_ref().is_ok_and(|kept| match (kept, file) {
                (AnyMatchFile::Rounds(a), AnyMatchFile::Rounds(b)) => a.record == b.record,
                (AnyMatchFile::Simultaneous(a), AnyMatchFile::Simultaneous(b)) => a.record == b.record,
                _ => false,
            })
        })
    }

    /// Keeps `file` unless the history holds its match already; `Err` says
    /// why it could not, in words for the player.
    pub fn keep_once(&mut self, file: AnyMatchFile) -> Result<(), String> {
        if self.holds(&file) {
            return Ok(());
        }
        let folder = self.folder.clone().unwrap_or_default();
        self.add(file)
            .map_err(|e| storage::explain(&folder.join("match.txt"), &e))
    }

    /// Keeps `file`, newest first.
    pub fn add(&mut self, file: AnyMatchFile) -> std::io::Result<()> {
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
            .find(|p| !storage::exists(p))
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
            storage::remove(&entry.path)?;
        }
        self.entries.remove(index);
        Ok(())
    }
}

/// The largest match file read: the most the rules crate's reader takes
/// (1 MiB; a match file of the game is a few KB, 3.7 KB for a 7×7 match on
/// a clock). The history reads every file at launch, so even a thousand
/// files at the limit fit in memory.
pub const LIMIT: storage::Limit = storage::Limit {
    bytes: entropy_rules::MatchFile::BOUNDS.text as u64,
    what: "a match file",
};

fn read(path: &Path) -> Result<AnyMatchFile, String> {
    let bytes = storage::read_regular(path, LIMIT).map_err(|e| match e.kind() {
        std::io::ErrorKind::InvalidInput | std::io::ErrorKind::FileTooLarge => format!("it is {e}"),
        _ => e.to_string(),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| "it is not text".to_string())?;
    AnyMatchFile::parse(&text).map_err(|e| e.to_string())
}

/// The date tag of a match kept now.
pub fn date_now() -> String {
    chrono::Local::now().format("%Y-%m-%d %H:%M").to_string()
}

/// One line about a match: who played, the totals and how it ended.
pub fn summary(file: &AnyMatchFile) -> String {
    let tags = file.tags();
    let name = |p: Player| tags.players[p.index()].name.clone();
    let (totals, ending, size, time_control, flags, kind) = match file {
        AnyMatchFile::Rounds(file) => (
            file.replay().map(|g| g.totals()).unwrap_or_default(),
            file.ending(),
            file.record.size,
            file.record.time_control,
            &file.record.flags,
            "",
        ),
        AnyMatchFile::Simultaneous(file) => (
            file.replay().map(|g| g.scores()).unwrap_or_default(),
            file.ending(),
            file.record.size,
            file.record.time_control,
            &file.record.flags,
            "  ·  two boards at once",
        ),
    };
    let ending = match ending {
        Some(Ending::Played(Outcome::Win(p))) => format!("{} won", name(p)),
        Some(Ending::Played(Outcome::Draw)) => "a draw".to_string(),
        Some(Ending::Forfeit(Forfeit::TimeOut(p))) => format!("{} won on time", name(p.other())),
        Some(Ending::Forfeit(Forfeit::Resigned(p))) => format!("{} resigned", name(p)),
        Some(Ending::Abandoned) | None => "abandoned".to_string(),
    };
    let clock = time_control
        .map(|t| format!("  ·  {} min each", t.secs() / 60))
        .unwrap_or_default();
    let flags: String = flags
        .iter()
        .map(|f| format!("  ·  {} out of time", name(f.player)))
        .collect();
    format!(
        "{} {} – {} {}  ·  {}×{}{kind}{clock}  ·  {ending}{flags}",
        name(Player::One),
        totals[0],
        totals[1],
        name(Player::Two),
        size.n(),
        size.n()
    )
}
