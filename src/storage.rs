//! The game's files, written so that nothing is lost: the preferences, the
//! saved match and the history all go through [`write_atomically`] and
//! [`read_or_keep_aside`].
//!
//! - Writing: a temporary file beside the target, flushed to disk, then
//!   renamed over the target (and the folder flushed), so that a crash at
//!   any moment leaves either the old file or the new one, never a mix.
//! - Reading: a file that cannot be understood is renamed aside
//!   (`name.unreadable`, or `name.unreadable-2` … when that exists) and
//!   reported; it is never deleted or overwritten.
//!
//! Bevy's own settings framework renames without flushing and writes over a
//! file it could not read, which is why the game keeps this small module.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The folder for preferences: `ENTROPY_PREFS_DIR`, else the platform's
/// (on Linux `~/.config/entropy`).
pub fn preferences_dir() -> Option<PathBuf> {
    folder("ENTROPY_PREFS_DIR", |dirs| dirs.config_dir().to_path_buf())
}

/// The folder for the saved match and the history: `ENTROPY_DATA_DIR`,
/// else the platform's (on Linux `~/.local/share/entropy`).
pub fn data_dir() -> Option<PathBuf> {
    folder("ENTROPY_DATA_DIR", |dirs| dirs.data_dir().to_path_buf())
}

fn folder(variable: &str, platform: impl Fn(&directories::ProjectDirs) -> PathBuf) -> Option<PathBuf> {
    match std::env::var_os(variable) {
        Some(dir) => Some(PathBuf::from(dir)),
        None => directories::ProjectDirs::from("", "", "entropy").map(|d| platform(&d)),
    }
}

/// Writes `contents` to `path` so that a crash leaves the old file or the new one whole.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let folder = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(folder)?;
    let name = path
        .file_name()
        .map_or("file".into(), |n| n.to_string_lossy().into_owned());
    let temp = folder.join(format!(".{name}.new"));
    {
        let mut file = File::create(&temp)?;
        file.write_all(contents)?;
        file.sync_all()?;
    }
    fs::rename(&temp, path)?;
    // The rename itself reaches the disk with the folder (on Unix).
    #[cfg(unix)]
    File::open(folder)?.sync_all()?;
    Ok(())
}

/// What reading a file found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Loaded<T> {
    /// There is no such file yet.
    Missing,
    /// The file and what it says.
    Read(T),
    /// The file could not be understood: a message for the player, saying
    /// where it was kept.
    Unreadable(String),
}

/// Reads `path` with `parse`. A file `parse` refuses is renamed aside and
/// reported; `what` names it in the report ("saved preferences").
pub fn read_or_keep_aside<T>(path: &Path, what: &str, parse: impl FnOnce(&str) -> Result<T, String>) -> Loaded<T> {
    let text = match fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| "it is not text".to_string()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Loaded::Missing,
        Err(e) => return Loaded::Unreadable(format!("The {what} could not be read ({e}); they were left in place.")),
    };
    let reason = match text.and_then(|text| parse(&text)) {
        Ok(value) => return Loaded::Read(value),
        Err(reason) => reason,
    };
    let kept = match keep_aside(path) {
        Ok(aside) => format!("kept as {}", aside.display()),
        Err(e) => format!("left in place ({e})"),
    };
    Loaded::Unreadable(format!("The {what} could not be read ({reason}); {kept}."))
}

/// Renames `path` to a free `path.unreadable[-n]` and returns that name.
pub fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .map_or("file".into(), |n| n.to_string_lossy().into_owned());
    let folder = path.parent().unwrap_or(Path::new("."));
    let aside = (1..)
        .map(|n| match n {
            1 => folder.join(format!("{name}.unreadable")),
            n => folder.join(format!("{name}.unreadable-{n}")),
        })
        .find(|candidate| !candidate.exists())
        .unwrap_or_else(|| folder.join(format!("{name}.unreadable")));
    fs::rename(path, &aside)?;
    Ok(aside)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("entropy-storage-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_write_replaces_the_file_whole_and_leaves_no_temporary() {
        let dir = scratch("write");
        let path = dir.join("a.ron");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second");
        let names: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("a.ron")]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn unreadable_files_are_kept_aside_each_under_its_own_name() {
        let dir = scratch("aside");
        let path = dir.join("save.ron");
        let refuse = |_: &str| -> Result<(), String> { Err("no".into()) };
        assert_eq!(read_or_keep_aside(&path, "save", refuse), Loaded::Missing);
        for (i, bad) in ["broken once", "broken twice"].into_iter().enumerate() {
            fs::write(&path, bad).unwrap();
            let Loaded::Unreadable(notice) = read_or_keep_aside(&path, "saved match", refuse) else {
                panic!("a refused file is unreadable")
            };
            assert!(notice.contains("saved match") && notice.contains("kept as"), "{notice}");
            let aside = if i == 0 {
                "save.ron.unreadable"
            } else {
                "save.ron.unreadable-2"
            };
            assert_eq!(fs::read_to_string(dir.join(aside)).unwrap(), bad, "kept as it was");
            assert!(!path.exists());
        }
        fs::write(&path, "fine").unwrap();
        let read = read_or_keep_aside(&path, "save", |t| Ok(t.to_string()));
        assert_eq!(read, Loaded::Read("fine".to_string()));
        let _ = fs::remove_dir_all(&dir);
    }
}
