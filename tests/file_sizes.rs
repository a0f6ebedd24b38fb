//! Every file the game reads has its size checked before a byte of it is
//! read: a file far larger than its kind can be (a sparse file of 2 GB,
//! which costs no disk) where a match file of the history, the saved
//! match, the saved simultaneous match or the preferences belong is not
//! read. The game starts at once, says the file is too large, and keeps it:
//! the history lists it as it lists an unreadable file and leaves it where
//! it is; a save or the preferences are kept aside, as an unreadable one is.

mod common;

use std::fs::File;
use std::path::Path;
use std::time::{Duration, Instant};

use common::*;
use entropy::app::Folders;
use entropy::app::prefs::PrefsFile;
use entropy::history::History;
use entropy::solomon::saved::SavedMatch;
use entropy::ui::title::TitleMenu;

/// 2 GiB: larger than any file of the game may be, and more than a test
/// may take in memory.
const HUGE: u64 = 2 << 30;

/// A sparse file of `HUGE` bytes at `path`: its blocks are never written.
fn sparse(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    File::create(path).unwrap().set_len(HUGE).unwrap();
}

/// The most memory this process has held at once (its peak resident size).
fn peak_memory() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

#[test]
fn files_far_too_large_are_said_too_large_kept_and_never_read() {
    let dir = scratch("too-large");
    let (data, prefs) = (dir.join("data"), dir.join("preferences"));
    let history_file = data.join("history/2024-01-01 00.00.00.txt");
    for path in [
        history_file.clone(),
        data.join("match.ron"),
        data.join("simultaneous.ron"),
        prefs.join("preferences.ron"),
    ] {
        sparse(&path);
    }
    let started = Instant::now();
    let app = core_app(Folders::in_dir(&dir));
    let took = started.elapsed();

    // The history lists the file as too large, like an unreadable one.
    let history = app.world().resource::<History>();
    assert_eq!(history.entries.len(), 1, "the file is listed");
    let reason = history.entries[0].file.as_ref().expect_err("listed as unreadable");
    assert_eq!(
        reason, "it is too large, 2.1 GB where a match file holds at most 1 MB",
        "said too large"
    );

    // The saves and the preferences are kept aside, and the title says why.
    let saved = app.world().resource::<SavedMatch>();
    assert!(saved.data.is_none());
    let notice = saved.notice.clone().unwrap_or_default();
    assert!(
        notice.starts_with("The saved match could not be read (it is too large, 2.1 GB where a saved match holds at most 1 MB); it was kept as"),
        "{notice}"
    );
    let notices = app.world().resource::<PrefsFile>().notices.join("\n");
    for what in ["simultaneous match", "preferences"] {
        assert!(
            notices.contains(&format!("The saved {what} could not be read (it is too large, 2.1 GB")),
            "{what}: {notices}"
        );
    }
    assert!(
        app.world()
            .resource::<TitleMenu>()
            .shown()
            .iter()
            .all(|e| e.label != "Continue"),
        "no match to continue"
    );
    drop(app);

    // Every file kept whole: the history's where it was, the others aside.
    for path in [
        history_file,
        data.join("match.ron.unreadable"),
        data.join("simultaneous.ron.unreadable"),
        prefs.join("preferences.ron.unreadable"),
    ] {
        let size = std::fs::metadata(&path).map(|m| m.len()).ok();
        assert_eq!(size, Some(HUGE), "{} kept as it was", path.display());
    }

    // Not read: 8 GB would have been read (and held) otherwise. The bounds
    // separate reading from not reading; they are not measures of speed.
    assert!(took < Duration::from_secs(60), "the game started in {took:?}");
    let peak = peak_memory();
    assert!(peak < 1 << 30, "the process held {} MB at most", peak >> 20);
}

#[test]
fn a_file_at_most_its_limit_still_reads() {
    let dir = scratch("large-enough");
    let history = dir.join("data/history");
    std::fs::create_dir_all(&history).unwrap();
    // A real match file, padded with blank lines (which the reader skips)
    // to the limit: still read. One more byte, and it is too large.
    let game = entropy_rules::Match::new(entropy_rules::Size::Five, entropy_rules::Player::One, [1, 2]);
    let file = entropy_rules::MatchFile {
        tags: entropy::solomon::match_file::tags(
            &entropy::solomon::match_setup::MatchSetup::default(),
            [entropy::solomon::match_setup::Seat::Person; 2],
        ),
        record: game.record(),
    };
    let mut text = file.to_text();
    let limit = entropy::history::LIMIT.bytes as usize;
    text.push_str(&"\n".repeat(limit - text.len()));
    std::fs::write(history.join("2024-01-01 00.00.00.txt"), &text).unwrap();
    text.push('\n');
    std::fs::write(history.join("2024-01-02 00.00.00.txt"), &text).unwrap();
    let loaded = History::load(Some(history));
    let reasons: Vec<String> = loaded
        .entries
        .iter()
        .map(|e| e.file.as_ref().map_or_else(Clone::clone, |_| "read".to_string()))
        .collect();
    assert_eq!(
        reasons,
        [
            format!(
                "it is too large, {} bytes where a match file holds at most {limit} bytes",
                limit + 1
            ),
            "read".to_string()
        ],
        "one byte over the limit is too large; the limit itself reads"
    );
}
