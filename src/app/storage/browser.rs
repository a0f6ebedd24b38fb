//! The game's files in the browser: each file is a key of the page's local
//! storage, named by its path (`/entropy/data/match.ron`), holding its text.
//! One `setItem` replaces a value whole, so a closed tab leaves the old file
//! or the new one, never a mix. A full storage (the browser's quota for the
//! page) and a storage the browser refuses (a private window, site data
//! blocked) are said in the player's words; nothing saved is lost by
//! either.

use std::io;
use std::path::{Path, PathBuf};

use wasm_bindgen::JsCast;

use super::{Limit, too_large};

/// The folder of the preferences, in the page's storage.
pub fn preferences_dir() -> Option<PathBuf> {
    Some(PathBuf::from("/entropy/preferences"))
}

/// The folder of the saved match and the history, in the page's storage.
pub fn data_dir() -> Option<PathBuf> {
    Some(PathBuf::from("/entropy/data"))
}

/// What a browser that keeps no storage for the page is told.
const BLOCKED: &str = "this browser keeps nothing for this page (a private window, or site data blocked)";

fn storage() -> io::Result<web_sys::Storage> {
    match web_sys::window().map(|window| window.local_storage()) {
        Some(Ok(Some(storage))) => Ok(storage),
        _ => Err(io::Error::new(io::ErrorKind::PermissionDenied, BLOCKED)),
    }
}

fn key(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// A refusal of the browser's, as an error: its quota reached is
/// [`io::ErrorKind::QuotaExceeded`].
fn refused(error: wasm_bindgen::JsValue) -> io::Error {
    match error.dyn_ref::<web_sys::DomException>() {
        Some(e) if e.name() == "QuotaExceededError" => io::Error::new(
            io::ErrorKind::QuotaExceeded,
            "the browser's storage for this page is full",
        ),
        Some(e) => io::Error::other(format!("{}: {}", e.name(), e.message())),
        None => io::Error::other(format!("{error:?}")),
    }
}

/// Writes `contents` (text) as the file at `path`, whole.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let text = std::str::from_utf8(contents)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "the browser keeps text only"))?;
    storage()?.set_item(&key(path), text).map_err(refused)
}

/// Reads the file at `path` if it holds at most `limit` bytes.
pub fn read_regular(path: &Path, limit: Limit) -> io::Result<Vec<u8>> {
    match storage()?.get_item(&key(path)).map_err(refused)? {
        None => Err(io::Error::from(io::ErrorKind::NotFound)),
        Some(text) if text.len() as u64 > limit.bytes => Err(too_large(text.len() as u64, limit)),
        Some(text) => Ok(text.into_bytes()),
    }
}

/// Nothing stands in a folder's way in the page's storage.
pub fn file_in_the_way(_folder: &Path) -> Option<PathBuf> {
    None
}

/// Whether a file is at `path`.
pub fn exists(path: &Path) -> bool {
    storage().is_ok_and(|s| s.get_item(&key(path)).is_ok_and(|v| v.is_some()))
}

/// The paths of the files in `folder` (not in folders under it).
pub fn list(folder: &Path) -> io::Result<Vec<PathBuf>> {
    let storage = storage()?;
    let prefix = format!("{}/", key(folder).trim_end_matches('/'));
    let count = storage.length().map_err(refused)?;
    let mut found = Vec::new();
    for i in 0..count {
        if let Ok(Some(name)) = storage.key(i)
            && let Some(rest) = name.strip_prefix(&prefix)
            && !rest.contains('/')
        {
            found.push(PathBuf::from(name));
        }
    }
    Ok(found)
}

/// Removes the file at `path`.
pub fn remove(path: &Path) -> io::Result<()> {
    storage()?.remove_item(&key(path)).map_err(refused)
}

/// Moves the file at `path` to a free `path.unreadable[-n]` and returns that name.
pub fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let storage = storage()?;
    let text = storage
        .get_item(&key(path))
        .map_err(refused)?
        .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
    let aside = super::aside_name(path, exists);
    storage.set_item(&key(&aside), &text).map_err(refused)?;
    storage.remove_item(&key(path)).map_err(refused)?;
    Ok(aside)
}

/// Why writing `path` failed with `e`, in words for the player.
pub fn explain(_path: &Path, e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::QuotaExceeded => {
            "the browser's storage for this page is full (deleting matches from the History makes room)".to_string()
        }
        io::ErrorKind::PermissionDenied => BLOCKED.to_string(),
        _ => format!("the browser did not keep it ({e})"),
    }
}
