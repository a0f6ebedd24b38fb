//! The game's files, written so that nothing is lost: the preferences, the
//! saved match and the history all go through [`write_atomically`] and
//! [`read_or_keep_aside`].
//!
//! - Writing: a temporary file beside the target, flushed to disk, then
//!   renamed over the target (and the folder flushed), so that a crash at
//!   any moment leaves either the old file or the new one, never a mix. A
//!   failed write removes its temporary file, and a target that exists but
//!   cannot be read is never written over.
//! - Reading: only regular files are opened (and without blocking, so a
//!   named pipe cannot hang the game), and only up to a limit for their
//!   kind ([`Limit`]), checked on the open file's size before a byte is
//!   read. A file that cannot be read or understood, or is too large, is
//!   renamed aside (`name.unreadable`, or `name.unreadable-2` … when that
//!   exists) and reported; it is never deleted or overwritten.
//! - Failures are said in plain words ([`explain`]) and shown to the player
//!   ([`SaveProblem`]).
//!
//! Bevy's own settings framework renames without flushing and writes over a
//! file it could not read, which is why the game keeps this small module.
//!
//! On a computer the files are on its disk ([`disk`]); in the browser each
//! file is a key of the page's local storage, named by the same path
//! (`browser`), behind the same functions.

use std::io;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(not(target_arch = "wasm32"))]
mod disk;
#[cfg(target_arch = "wasm32")]
pub use browser::{
    data_dir, exists, explain, file_in_the_way, keep_aside, list, preferences_dir, read_regular, remove,
    write_atomically,
};
#[cfg(not(target_arch = "wasm32"))]
pub(crate) use disk::open_regular;
#[cfg(not(target_arch = "wasm32"))]
pub use disk::{
    data_dir, exists, explain, file_in_the_way, keep_aside, list, preferences_dir, read_regular, remove,
    write_atomically,
};

/// The most a file of the game may hold, by kind: a file larger than its
/// kind's limit is not read at all (its size is checked on the open file
/// before anything is read), so that a huge file where a small one belongs
/// neither takes the memory it would fill nor keeps the game from starting.
/// Each limit is far above what the game writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// The most bytes.
    pub bytes: u64,
    /// What such a file is, for the player ("a saved match").
    pub what: &'static str,
}

impl Limit {
    /// A saved match (`match.ron`, `simultaneous.ron`): the setup, every
    /// move of both rounds and the clocks, about 3 KB for a 7×7 match on a
    /// clock.
    pub const SAVE: Limit = Limit {
        bytes: 1_000_000,
        what: "a saved match",
    };
    /// The preferences: a few short sections (the settings, each game's
    /// last setup with two names), a few hundred bytes.
    pub const PREFERENCES: Limit = Limit {
        bytes: 1_000_000,
        what: "a preferences file",
    };
}

/// A file of `size` bytes over `limit`, as an error ([`io::ErrorKind::FileTooLarge`])
/// that says so: "too large, 2.1 GB where a saved match holds at most 1 MB".
pub(crate) fn too_large(size: u64, limit: Limit) -> io::Error {
    let (mut size_words, mut limit_words) = (in_words(size), in_words(limit.bytes));
    if size_words == limit_words {
        // Just over: "1 MB where … at most 1 MB" would say nothing.
        (size_words, limit_words) = (format!("{size} bytes"), format!("{} bytes", limit.bytes));
    }
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!(
            "too large, {size_words} where {} holds at most {limit_words}",
            limit.what
        ),
    )
}

/// A size in words for the player: "512 bytes", "3.4 KB", "2.1 GB".
pub fn in_words(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["KB", "MB", "GB", "TB", "PB"];
    if bytes < 1000 {
        return format!("{bytes} bytes");
    }
    let mut size = bytes as f64 / 1000.0;
    let mut unit = 0;
    while size >= 999.95 && unit + 1 < UNITS.len() {
        size /= 1000.0;
        unit += 1;
    }
    let size = format!("{size:.1}");
    format!("{} {}", size.strip_suffix(".0").unwrap_or(&size), UNITS[unit])
}

/// Why a file could not be read, in words.
fn unreadable_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::PermissionDenied => "the game may not read it".to_string(),
        io::ErrorKind::InvalidInput | io::ErrorKind::FileTooLarge => format!("it is {e}"),
        _ => e.to_string(),
    }
}

/// The first of `path.unreadable`, `path.unreadable-2`, … that `taken`
/// says is free: where an unreadable file is kept aside.
fn aside_name(path: &Path, taken: impl Fn(&Path) -> bool) -> PathBuf {
    let named = |n: u32| {
        let mut name = path.as_os_str().to_owned();
        name.push(match n {
            1 => ".unreadable".to_string(),
            n => format!(".unreadable-{n}"),
        });
        PathBuf::from(name)
    };
    (1..)
        .map(named)
        .find(|candidate| !taken(candidate))
        .unwrap_or_else(|| named(1))
}

/// What reading a file found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Loaded<T> {
    /// There is no such file yet.
    Missing,
    /// The file and what it says.
    Read(T),
    /// The file could not be read or understood (a message for the player,
    /// saying where it was kept), or its folder cannot hold it.
    Unreadable(String),
}

/// Reads `path` with `parse`. A file that cannot be read, that is larger
/// than `limit` (found before reading it) or that `parse` refuses is renamed
/// aside and reported; `what` names it in the report ("match",
/// "preferences"). If even renaming fails, the file stays where it is and
/// [`write_atomically`] will not write over it.
pub fn read_or_keep_aside<T>(
    path: &Path,
    what: &str,
    limit: Limit,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Loaded<T> {
    let folder = path.parent().unwrap_or(Path::new("."));
    let text = match read_regular(path, limit) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| "it is not text".to_string()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Loaded::Missing,
        Err(e) => match file_in_the_way(folder) {
            Some(file) => {
                return Loaded::Unreadable(format!(
                    "The {what} cannot be saved: {} is a file, not a folder.",
                    file.display()
                ));
            }
            None => Err(unreadable_reason(&e)),
        },
    };
    let reason = match text.and_then(|text| parse(&text)) {
        Ok(value) => return Loaded::Read(value),
        Err(reason) => reason,
    };
    match keep_aside(path) {
        Ok(aside) => Loaded::Unreadable(format!(
            "The saved {what} could not be read ({reason}); it was kept as {}.",
            aside.display()
        )),
        Err(e) => Loaded::Unreadable(format!(
            "The saved {what} could not be read ({reason}) nor moved aside ({e}); {} is left as it is and \
             will not be written over, so the {what} cannot be saved.",
            path.display()
        )),
    }
}

/// What went wrong keeping the game's files while it runs (a save that
/// failed, a history that cannot be written), for the player: each kind of
/// problem is shown once, on screen, until dismissed; the same problem again
/// (the next move's save) is not shown again.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct SaveProblem {
    /// The problems now, by what failed ("match", "preferences", "history"), in words.
    pub problems: Vec<(&'static str, String)>,
    /// The player has read them.
    pub dismissed: bool,
}

impl SaveProblem {
    /// Reports `message` about `what`; a new message is shown (once).
    pub fn report(&mut self, what: &'static str, message: String) {
        match self.problems.iter_mut().find(|(w, _)| *w == what) {
            Some((_, old)) if *old == message => return,
            Some((_, old)) => *old = message.clone(),
            None => self.problems.push((what, message.clone())),
        }
        warn!("{message}");
        self.dismissed = false;
    }

    /// `what` works again.
    pub fn resolve(&mut self, what: &'static str) {
        if self.problems.iter().any(|(w, _)| *w == what) {
            self.problems.retain(|(w, _)| *w != what);
        }
    }

    /// What to show now: nothing once dismissed.
    pub fn lines(&self) -> Vec<&str> {
        if self.dismissed {
            return Vec::new();
        }
        self.problems.iter().map(|(_, m)| m.as_str()).collect()
    }
}
