//! One game per data folder. Two games started on the same data folder
//! would each save over the other's match, and the one whose match ended
//! would clear a save that by then held the other's: a match lost, or one
//! match continued in both and kept twice. So a game holds an advisory lock
//! on `entropy.lock` in its data folder for as long as it runs (`flock` on
//! Unix, `LockFileEx` on Windows, through [`File::try_lock`]). The kernel
//! releases it when the process ends, however it ends (SIGKILL and a crash
//! included), so a lock is never left behind; the file itself stays, empty.
//!
//! A second game on a held folder opens all the same, as if it had no data
//! folder: it reads no saved match and no history and writes none, so it
//! cannot touch the first game's files, and it says so plainly, on the
//! title ("Entropy is already running with this data folder …: this window
//! will not save matches or keep them in the history") and in its window's
//! title. A player who starts the game twice by mistake sees at once why
//! the second has no match to continue, and can still play in it or close
//! it; refusing to start would say so only on a terminal a player started
//! from a desktop never sees. The preferences are not locked: each game
//! writes them whole, so two games lose nothing but each other's last
//! change of a setting.
//!
//! Where no lock can be had (no data folder, a folder that cannot be made,
//! a file system without locks) the game goes on as it would without one.
//!
//! In the browser the tabs of one site share its storage, so a tab holds
//! the browser's lock named [`FILE`] instead (the Web Locks API, which
//! lets it go when the tab closes or crashes); the page asks for it before
//! the game starts ([`take_in_the_browser`]), and a second tab says so as
//! a second window does.

#[cfg(not(target_arch = "wasm32"))]
use std::fs::File;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::app::Folders;
use crate::app::prefs::PrefsFile;

pub(crate) fn plugin(app: &mut App) {
    let data = app.world().get_resource::<Folders>().and_then(|f| f.data.clone());
    let lock = match data.as_deref().map(take) {
        Some(Taken::Held(file)) => DataLock {
            file: Some(file),
            elsewhere: None,
        },
        Some(Taken::Elsewhere) => {
            let folder = data.unwrap_or_default();
            let notice = already_running(&folder);
            warn!("{notice}");
            if let Some(mut folders) = app.world_mut().get_resource_mut::<Folders>() {
                folders.data = None;
            }
            if let Some(mut prefs) = app.world_mut().get_resource_mut::<PrefsFile>() {
                prefs.notices.insert(0, notice);
            }
            app.add_systems(Startup, say_so_in_the_window_title);
            DataLock {
                file: None,
                elsewhere: Some(folder),
            }
        }
        Some(Taken::Unavailable(why)) => {
            info!("the data folder is not locked against a second game ({why})");
            DataLock::default()
        }
        None => DataLock::default(),
    };
    app.insert_resource(lock);
}

/// The lock file's name in the data folder.
pub const FILE: &str = "entropy.lock";

/// The data folder's lock, held for the app's life (dropping it, or the
/// process ending, releases it).
#[derive(Resource, Debug, Default)]
pub struct DataLock {
    /// The open lock file (in the browser, the lock itself), while this
    /// game holds the lock.
    file: Option<Holder>,
    /// The data folder another game holds: this one keeps nothing in it.
    pub elsewhere: Option<PathBuf>,
}

impl DataLock {
    /// Whether this game holds its data folder's lock.
    pub fn held(&self) -> bool {
        self.file.is_some()
    }
}

/// What holds the lock: the open lock file, or in the browser nothing (the
/// page holds it until it closes).
#[cfg(not(target_arch = "wasm32"))]
type Holder = File;
#[cfg(target_arch = "wasm32")]
type Holder = ();

/// What trying the lock found.
#[derive(Debug)]
pub enum Taken {
    /// The lock is this game's (until the file is dropped).
    Held(Holder),
    /// Another game holds it.
    Elsewhere,
    /// No lock could be had, and why (no folder, no file, no locks).
    Unavailable(String),
}

/// Tries to lock the data folder `data` (making it if need be), without waiting.
#[cfg(not(target_arch = "wasm32"))]
pub fn take(data: &Path) -> Taken {
    if let Err(e) = std::fs::create_dir_all(data) {
        return Taken::Unavailable(format!("{} cannot be made: {e}", data.display()));
    }
    let path = data.join(FILE);
    let file = match open(&path) {
        Ok(file) => file,
        Err(e) => return Taken::Unavailable(format!("{} cannot be opened: {e}", path.display())),
    };
    match file.try_lock() {
        Ok(()) => Taken::Held(file),
        Err(std::fs::TryLockError::WouldBlock) => Taken::Elsewhere,
        Err(std::fs::TryLockError::Error(e)) => Taken::Unavailable(format!("{} cannot be locked: {e}", path.display())),
    }
}

/// What the page found when it asked for the browser's lock
/// ([`take_in_the_browser`]).
#[cfg(target_arch = "wasm32")]
static BROWSER_LOCK: std::sync::OnceLock<Answer> = std::sync::OnceLock::new();

#[cfg(target_arch = "wasm32")]
#[derive(Debug, Clone, Copy)]
enum Answer {
    Held,
    Elsewhere,
    NoLocks,
}

/// The tab's lock, as the page found it before the game started.
#[cfg(target_arch = "wasm32")]
pub fn take(_data: &Path) -> Taken {
    match BROWSER_LOCK.get() {
        Some(Answer::Held) => Taken::Held(()),
        Some(Answer::Elsewhere) => Taken::Elsewhere,
        Some(Answer::NoLocks) | None => Taken::Unavailable("this browser has no Web Locks".into()),
    }
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(inline_js = r#"
export function take_lock(name) {
    if (!navigator.locks) return Promise.resolve(2);
    return new Promise((answer) => {
        navigator.locks
            .request(name, { ifAvailable: true }, (lock) => {
                if (!lock) { answer(1); return; }
                answer(0);
                // Held for as long as the page lives.
                return new Promise(() => {});
            })
            .catch(() => answer(2));
    });
}
"#)]
extern "C" {
    fn take_lock(name: &str) -> js_sys::Promise;
}

/// Asks the browser for this site's lock, before the game starts: held, or
/// another tab holds it.
#[cfg(target_arch = "wasm32")]
pub async fn take_in_the_browser() {
    let answer = wasm_bindgen_futures::JsFuture::from(take_lock(FILE)).await;
    let answer = match answer.ok().and_then(|a| a.as_f64()) {
        Some(0.0) => Answer::Held,
        Some(1.0) => Answer::Elsewhere,
        _ => Answer::NoLocks,
    };
    let _ = BROWSER_LOCK.set(answer);
}

/// Opens (or makes) the lock file, for reading only: a lock needs no more,
/// and a file held open for writing would keep the data folder's disk from
/// being made read-only while the game runs. Never a named pipe or anything
/// else that is not a regular file ([`crate::app::storage::open_regular`]).
#[cfg(not(target_arch = "wasm32"))]
fn open(path: &Path) -> std::io::Result<File> {
    // Made if missing (an empty file), and closed at once.
    let _ = File::options().write(true).create(true).truncate(false).open(path);
    crate::app::storage::open_regular(path).map(|(file, _)| file)
}

/// What the title says in a game whose data folder another game holds.
#[cfg(target_arch = "wasm32")]
pub fn already_running(_data: &Path) -> String {
    "Entropy is already open in another tab of this browser: this tab will not save matches or keep them in the \
     history. Close it and play in the other tab to keep your matches."
        .to_string()
}

/// What the title says in a game whose data folder another game holds.
#[cfg(not(target_arch = "wasm32"))]
pub fn already_running(data: &Path) -> String {
    format!(
        "Entropy is already running with this data folder ({}): this window will not save matches or keep them \
         in the history. Close it and play in the other window to keep your matches.",
        data.display()
    )
}

/// The window's title says it too, for as long as the window is open.
fn say_so_in_the_window_title(mut windows: Query<&mut Window, With<PrimaryWindow>>) {
    for mut window in &mut windows {
        window.title.push_str(" (already running: not saving)");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_the_same_folder_is_refused_until_the_first_is_dropped() {
        let dir = std::env::temp_dir().join(format!("entropy-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let data = dir.join("data");
        let Taken::Held(first) = take(&data) else {
            panic!("the first lock is had")
        };
        assert!(matches!(take(&data), Taken::Elsewhere), "the second is refused");
        drop(first);
        assert!(matches!(take(&data), Taken::Held(_)), "released when dropped");
        // A file where the folder should be: no lock, and no error either.
        std::fs::write(dir.join("file"), "in the way").unwrap();
        assert!(matches!(take(&dir.join("file")), Taken::Unavailable(_)));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
