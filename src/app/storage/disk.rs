//! The game's files on the computer's disk: written by a temporary file
//! renamed over the target, read only from regular files, kept aside when
//! unreadable (the module above says how and why).

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use super::{Limit, too_large};

/// The folder for preferences: `ENTROPY_PREFS_DIR`, else the platform's
/// (on Linux `~/.config/entropy`).
pub fn preferences_dir() -> Option<PathBuf> {
    folder(std::env::var_os("ENTROPY_PREFS_DIR"), |dirs| {
        dirs.config_dir().to_path_buf()
    })
}

/// The folder for the saved match and the history: `ENTROPY_DATA_DIR`,
/// else the platform's (on Linux `~/.local/share/entropy`).
pub fn data_dir() -> Option<PathBuf> {
    folder(std::env::var_os("ENTROPY_DATA_DIR"), |dirs| {
        dirs.data_dir().to_path_buf()
    })
}

/// The folder a variable names; an unset or empty variable means the platform's.
fn folder(
    variable: Option<std::ffi::OsString>,
    platform: impl Fn(&directories::ProjectDirs) -> PathBuf,
) -> Option<PathBuf> {
    match variable.filter(|dir| !dir.is_empty()) {
        Some(dir) => Some(PathBuf::from(dir)),
        None => directories::ProjectDirs::from("", "", "entropy").map(|d| platform(&d)),
    }
}

/// Writes `contents` to `path` so that a crash leaves the old file or the new one whole.
///
/// A failure leaves no temporary file behind. A `path` that exists but cannot
/// be read (not a regular file, or not readable) is not written over.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let folder = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(folder)?;
    match fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {
            return Err(io::Error::other(format!(
                "{} is {}, and is not written over",
                path.display(),
                kind_of(&meta)
            )));
        }
        Ok(_) => {
            if let Err(e) = open_regular(path) {
                return Err(io::Error::other(format!(
                    "{} cannot be read ({e}), and is not written over",
                    path.display()
                )));
            }
        }
        Err(_) => {}
    }
    let name = path
        .file_name()
        .map_or("file".into(), |n| n.to_string_lossy().into_owned());
    let temp = folder.join(format!(".{name}.new"));
    // A temporary left by a crash (or anything else by that name) goes first:
    // the new one is created afresh, never opened through whatever was there.
    let _ = fs::remove_file(&temp);
    let written = File::options()
        .write(true)
        .create_new(true)
        .open(&temp)
        .and_then(|mut file| {
            file.write_all(contents)?;
            file.sync_all()
        })
        .and_then(|()| fs::rename(&temp, path));
    if let Err(e) = written {
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    // The rename itself reaches the disk with the folder (on Unix).
    #[cfg(unix)]
    File::open(folder)?.sync_all()?;
    Ok(())
}

/// What a file that is not a regular file is, in words.
fn kind_of(meta: &fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return "a named pipe, not a file";
        }
        if kind.is_socket() {
            return "a socket, not a file";
        }
        if kind.is_block_device() || kind.is_char_device() {
            return "a device, not a file";
        }
    }
    if meta.is_dir() {
        "a folder, not a file"
    } else {
        "not a regular file"
    }
}

/// Opens `path` for reading if it is a regular file, without blocking on a
/// named pipe that takes its place meanwhile; with the open file's size.
pub(crate) fn open_regular(path: &Path) -> io::Result<(File, u64)> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, kind_of(&meta)));
    }
    let mut options = File::options();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // O_NONBLOCK: opening a named pipe returns at once.
        options.custom_flags(0o4000);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        return Err(io::Error::new(io::ErrorKind::InvalidInput, kind_of(&meta)));
    }
    Ok((file, meta.len()))
}

/// Reads the whole of `path` if it is a regular file of at most `limit`
/// bytes; anything else (a folder, a named pipe, a device) is an error,
/// found without blocking, and so is a larger file
/// ([`io::ErrorKind::FileTooLarge`]), found before reading it. At most one
/// byte more than the limit is ever read, even from a file that grows
/// meanwhile.
pub fn read_regular(path: &Path, limit: Limit) -> io::Result<Vec<u8>> {
    let (file, size) = open_regular(path)?;
    if size > limit.bytes {
        return Err(too_large(size, limit));
    }
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(limit.bytes + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit.bytes {
        // It grew while it was read: how large it is now.
        let now = fs::metadata(path).map_or(bytes.len() as u64, |m| m.len());
        return Err(too_large(now.max(bytes.len() as u64), limit));
    }
    Ok(bytes)
}

/// The first part of `folder` (itself or a folder above it) that is a file
/// where a folder should be.
pub fn file_in_the_way(folder: &Path) -> Option<PathBuf> {
    folder
        .ancestors()
        .filter(|a| !a.as_os_str().is_empty())
        .find(|a| fs::metadata(a).is_ok_and(|m| !m.is_dir()))
        .map(Path::to_path_buf)
}

/// Why writing `path` failed with `e`, in words for the player ("/x/y is a
/// file, not a folder").
pub fn explain(path: &Path, e: &io::Error) -> String {
    let folder = path.parent().unwrap_or(Path::new("."));
    if let Some(file) = file_in_the_way(folder) {
        return format!("{} is a file, not a folder", file.display());
    }
    // The errors of `write_atomically` itself already name the file.
    if e.kind() == io::ErrorKind::Other && e.to_string().contains(&*path.to_string_lossy()) {
        return e.to_string();
    }
    match e.kind() {
        io::ErrorKind::PermissionDenied => format!("{} may not be written to (permission denied)", folder.display()),
        io::ErrorKind::ReadOnlyFilesystem => format!("{} is on a read-only disk", folder.display()),
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => {
            format!("the disk holding {} is full", folder.display())
        }
        io::ErrorKind::NotADirectory => format!("a part of {} is a file, not a folder", folder.display()),
        io::ErrorKind::IsADirectory => format!("{} is a folder, not a file", path.display()),
        _ => format!("{} could not be written ({e})", path.display()),
    }
}

/// Renames `path` to a free `path.unreadable[-n]` and returns that name.
pub fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let aside = super::aside_name(path, exists);
    fs::rename(path, &aside)?;
    Ok(aside)
}

/// Whether a file (or anything) is at `path`.
pub fn exists(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok()
}

/// The paths of the files in `folder` (none when it does not exist).
pub fn list(folder: &Path) -> io::Result<Vec<PathBuf>> {
    match fs::read_dir(folder) {
        Ok(listing) => Ok(listing.flatten().map(|e| e.path()).collect()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(e),
    }
}

/// Removes the file at `path`; one already gone is no error.
pub fn remove(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::storage::{Loaded, SaveProblem, in_words, read_or_keep_aside};

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
        assert_eq!(read_or_keep_aside(&path, "save", Limit::SAVE, refuse), Loaded::Missing);
        for (i, bad) in ["broken once", "broken twice"].into_iter().enumerate() {
            fs::write(&path, bad).unwrap();
            let Loaded::Unreadable(notice) = read_or_keep_aside(&path, "match", Limit::SAVE, refuse) else {
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
        let read = read_or_keep_aside(&path, "save", Limit::SAVE, |t| Ok(t.to_string()));
        assert_eq!(read, Loaded::Read("fine".to_string()));
        let _ = fs::remove_dir_all(&dir);
    }

    fn mkfifo(path: &Path) {
        let status = std::process::Command::new("mkfifo")
            .arg(path)
            .status()
            .expect("mkfifo runs");
        assert!(status.success(), "mkfifo {}", path.display());
    }

    #[test]
    fn a_file_that_is_not_a_regular_file_is_kept_aside_without_blocking() {
        let dir = scratch("special");
        let fifo = dir.join("pipe.ron");
        mkfifo(&fifo);
        let folder = dir.join("folder.ron");
        fs::create_dir_all(folder.join("inside")).unwrap();
        for (path, kind) in [(&fifo, "named pipe"), (&folder, "folder")] {
            let Loaded::Unreadable(notice) = read_or_keep_aside(path, "match", Limit::SAVE, |t| Ok(t.to_string()))
            else {
                panic!("{kind}: unreadable")
            };
            assert!(notice.contains(kind) && notice.contains("kept as"), "{notice}");
            assert!(!path.exists(), "{kind}: moved aside");
        }
        assert!(dir.join("folder.ron.unreadable/inside").is_dir(), "kept whole");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_that_cannot_be_moved_aside_is_left_and_never_written_over() {
        let dir = scratch("stuck");
        // A name so long that `.unreadable` cannot be added: the rename fails.
        let path = dir.join("m".repeat(250));
        fs::create_dir_all(path.join("inside")).unwrap();
        let Loaded::Unreadable(notice) = read_or_keep_aside(&path, "match", Limit::SAVE, |t| Ok(t.to_string())) else {
            panic!("unreadable")
        };
        assert!(
            notice.contains("nor moved aside") && notice.contains("will not be written over"),
            "{notice}"
        );
        assert!(path.join("inside").is_dir(), "left as it was");
        let refused = write_atomically(&path, b"new").unwrap_err();
        assert!(explain(&path, &refused).contains("not written over"), "{refused}");
        assert!(path.join("inside").is_dir(), "still there");
        // Nor is a named pipe written over, and writing next to one does not block.
        let fifo = dir.join("pipe.ron");
        mkfifo(&fifo);
        assert!(write_atomically(&fifo, b"new").is_err());
        assert!(fs::metadata(&fifo).is_ok_and(|m| !m.is_file()));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_stale_temporary_is_replaced_and_a_failed_write_leaves_none() {
        let dir = scratch("temporary");
        let path = dir.join("a.ron");
        // Left by a crash: an old temporary, even a named pipe, is no obstacle.
        mkfifo(&dir.join(".a.ron.new"));
        write_atomically(&path, b"first").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "first");
        assert!(!dir.join(".a.ron.new").exists());
        // A folder where a folder's file should be: the write fails, in plain words.
        let blocked = dir.join("a.ron/b.ron");
        let error = write_atomically(&blocked, b"x").unwrap_err();
        assert_eq!(
            explain(&blocked, &error),
            format!("{} is a file, not a folder", path.display())
        );
        let names: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("a.ron")]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_over_its_limit_is_not_read_and_is_kept_aside_as_too_large() {
        let dir = scratch("large");
        let path = dir.join("match.ron");
        let limit = Limit {
            bytes: 10,
            what: "a test file",
        };
        fs::write(&path, b"0123456789").unwrap();
        assert_eq!(
            read_regular(&path, limit).unwrap(),
            b"0123456789",
            "the limit itself reads"
        );
        // A sparse file of 2 GB: no disk, and not a byte of it is read.
        File::create(&path).unwrap().set_len(2 << 30).unwrap();
        let error = read_regular(&path, limit).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(
            error.to_string(),
            "too large, 2.1 GB where a test file holds at most 10 bytes"
        );
        let parse = |_: &str| -> Result<(), String> { panic!("a file too large is never parsed") };
        let Loaded::Unreadable(notice) = read_or_keep_aside(&path, "match", limit, parse) else {
            panic!("too large: unreadable")
        };
        assert!(
            notice.contains("it is too large, 2.1 GB") && notice.contains("kept as"),
            "{notice}"
        );
        assert_eq!(
            fs::metadata(dir.join("match.ron.unreadable")).unwrap().len(),
            2 << 30,
            "kept whole"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn sizes_in_words() {
        let words: Vec<String> = [0, 999, 1000, 3400, 999_949, 999_950, 1_000_000, 2 << 30]
            .into_iter()
            .map(in_words)
            .collect();
        assert_eq!(
            words,
            [
                "0 bytes",
                "999 bytes",
                "1 KB",
                "3.4 KB",
                "999.9 KB",
                "1 MB",
                "1 MB",
                "2.1 GB"
            ]
        );
    }

    #[test]
    fn an_empty_folder_variable_means_the_platforms_folder() {
        let platform = |d: &directories::ProjectDirs| d.data_dir().to_path_buf();
        let default = folder(None, platform);
        assert_eq!(folder(Some("".into()), platform), default);
        assert_eq!(folder(Some("/x".into()), platform), Some(PathBuf::from("/x")));
    }

    #[test]
    fn problems_are_shown_once_until_they_change() {
        let mut problem = SaveProblem::default();
        problem.report("match", "full".into());
        assert_eq!(problem.lines(), ["full"]);
        problem.dismissed = true;
        problem.report("match", "full".into());
        assert!(problem.lines().is_empty(), "the same problem again is not shown again");
        problem.report("match", "read-only".into());
        assert_eq!(problem.lines(), ["read-only"]);
        problem.resolve("match");
        assert!(problem.lines().is_empty());
    }
}
