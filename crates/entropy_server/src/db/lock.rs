//! One server process for one SQLite file. Two processes on one file would
//! each take the other's games for stale ones, withdraw its seeks and
//! serve games that moved on without them; so a server holds an advisory
//! lock on `FILE.lock` beside its database (`flock`, through
//! [`File::try_lock`]) for as long as it runs, with its process id written
//! in it. The kernel releases the lock when the process ends, however it
//! ends (SIGKILL included): no lock is ever left behind. A second server
//! finds it held and refuses to start, naming the process that holds it.
//!
//! PostgreSQL needs none of this: several processes share one database
//! there by design (docs/online.md).

use std::fs::File;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

/// A database file's lock, held until dropped.
#[derive(Debug)]
pub struct FileLock {
    _file: File,
    pub path: PathBuf,
}

/// The lock file of the database at `database`.
pub fn lock_path(database: &Path) -> PathBuf {
    let mut name = database.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    database.with_file_name(name)
}

/// Takes the lock of the SQLite database at `database` for this process,
/// or says why it cannot: another process holds it (which one), or its
/// folder cannot be written.
pub fn take(database: &Path) -> Result<FileLock, String> {
    // The same file reached by two paths (a link, `..`) is one lock.
    let database = match std::fs::canonicalize(database) {
        Ok(path) => path,
        Err(_) => {
            let folder = database
                .parent()
                .filter(|p| !p.as_os_str().is_empty())
                .unwrap_or(Path::new("."));
            let folder = std::fs::canonicalize(folder)
                .map_err(|e| format!("the database's folder {} cannot be used: {e}", folder.display()))?;
            folder.join(database.file_name().unwrap_or_default())
        }
    };
    let path = lock_path(&database);
    let mut file = File::options()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| {
            format!(
                "the database {} cannot be written: its lock file {} cannot be made ({e})",
                database.display(),
                path.display()
            )
        })?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut said = String::new();
            let _ = file.read_to_string(&mut said);
            return Err(format!(
                "the database {} is in use by another server ({}): one SQLite file is served by one \
                 process only; stop that one first, or keep the games in PostgreSQL to run several",
                database.display(),
                holder(&said)
            ));
        }
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(format!(
                "the database's lock file {} cannot be locked: {e}",
                path.display()
            ));
        }
    }
    // Who holds it, for a second server to say (kept short: a line).
    let me = format!("{}\n", std::process::id());
    let _ = file
        .set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| file.write_all(me.as_bytes()));
    Ok(FileLock { _file: file, path })
}

/// The process a lock file names, with its program's name where the
/// system tells it: "process 1234, entropy-server".
fn holder(said: &str) -> String {
    let Ok(pid) = said.trim().parse::<u32>() else {
        return "a process that has not said its id yet".into();
    };
    match std::fs::read_to_string(format!("/proc/{pid}/comm")) {
        Ok(name) => format!("process {pid}, {}", name.trim()),
        Err(_) => format!("process {pid}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_one_file_is_refused_naming_the_holder_and_freed_with_the_first() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("server.db");
        let first = take(&db).unwrap();
        let again = take(&dir.path().join(".").join("server.db")).unwrap_err();
        assert!(again.contains("in use by another server"), "{again}");
        assert!(again.contains(&format!("process {}", std::process::id())), "{again}");
        drop(first);
        assert!(take(&db).is_ok());
    }
}
