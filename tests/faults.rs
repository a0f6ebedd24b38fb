//! Hostile and unlucky use: the game ended at every moment of a match, a
//! history that cannot be written, folders that are files, a full or
//! read-only disk, named pipes and unreadable files where the game's files
//! should be, a clock no game writes, no display. Nothing is lost, nothing
//! is kept twice, nothing hangs, and the player is told in plain words.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::time::Duration;

use bevy::prelude::*;
use common::*;
use entropy::app::Folders;
use entropy::app::prefs::{PrefsFile, Settings};
use entropy::app::storage::{Loaded, SaveProblem};
use entropy::history::History;
use entropy::solomon::game::{CurrentMatch, SolomonCommand};
use entropy::solomon::match_setup::{ClockChoice, MatchSetup, Seat};
use entropy::solomon::phase::TurnPhase;
use entropy::solomon::saved::{SaveData, SavedMatch};
use entropy_rules::{Ending, MatchRecord, Size};
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn record(app: &App) -> MatchRecord {
    app.world().resource::<CurrentMatch>().game.record()
}

fn problems(app: &App) -> Vec<String> {
    app.world()
        .resource::<SaveProblem>()
        .lines()
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// How often the history holds the match of `record`.
fn kept(history: &History, record: &MatchRecord) -> usize {
    history
        .entries
        .iter()
        .filter(|e| e.rounds().is_some_and(|f| f.record == *record))
        .count()
}

/// Whether the save continues the match of `record` as it was.
fn continuing(saved: &SavedMatch, record: &MatchRecord) -> bool {
    saved.resumable() && saved.data.as_ref().is_some_and(|d| d.record == *record)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn mkfifo(path: &Path) {
    let status = run_alone(Process::new("mkfifo").arg(path)).expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// Runs `f` on a thread of its own and fails if it has not returned within
/// a minute: what it does must never block (a named pipe opened for reading
/// waits for a writer forever).
fn without_blocking<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{what} blocked"))
}

/// The game is ended between any two frames of a whole match — every move,
/// every phase, every beat of both counts, the round's end and the match's
/// end — and launched again on the files it left, twice: the match is
/// either there to continue, exactly as it was, or in the history, never
/// neither and never twice.
#[test]
fn a_match_is_never_lost_nor_kept_twice_whenever_the_game_ends() {
    let dir = scratch("never-lost");
    let live = dir.join("live");
    let mut app = hot_seat(Folders::in_dir(&live));
    let mut rng = SmallRng::seed_from_u64(41);
    send(&mut app, SolomonCommand::StartMatch);
    let mut last = None;
    let mut after_the_end = 0;
    let (mut checks, mut count_beats, mut continued) = (0, 0, false);
    for frame in 0..20_000 {
        // A person's move whenever the board is still and a person is to move.
        let still = !is_animating(&mut app);
        match (screen(&app), app.world().get_resource::<CurrentMatch>()) {
            (Shown::Solomon(SolomonScreen::Playing), Some(game))
                if still && phase(&app) == Some(TurnPhase::of(game.round().phase())) && game.person_to_move() =>
            {
                if let Some(intent) = random_intent(&app, &mut rng) {
                    send(&mut app, intent);
                }
            }
            (Shown::Solomon(SolomonScreen::RoundOver), _) => send(&mut app, SolomonCommand::NextRound),
            _ => {}
        }
        app.update();
        let Some(game) = app.world().get_resource::<CurrentMatch>() else {
            continue;
        };
        let count = app
            .world()
            .get_resource::<entropy::solomon::count::ScoreCount>()
            .map(|c| c.shown);
        let state = (
            screen(&app),
            phase(&app),
            game.game.round_index(),
            game.round().turns().len(),
            count,
        );
        // Every frame from the last move on; elsewhere at every change.
        let decided = game.game.is_over();
        if !decided && last.as_ref() == Some(&state) {
            continue;
        }
        if count.is_some() && last.as_ref().map(|s| s.4) != Some(count) {
            count_beats += 1;
        }
        last = Some(state);
        let played = record(&app);
        let copy = dir.join("copy");
        let _ = std::fs::remove_dir_all(&copy);
        copy_dir(&live, &copy);
        for launch in 1..=2 {
            let mut again = core_app(Folders::in_dir(&copy));
            let saved = again.world().resource::<SavedMatch>();
            let history = again.world().resource::<History>();
            let (on, times) = (continuing(saved, &played), kept(history, &played));
            assert_eq!(
                usize::from(on) + times,
                1,
                "frame {frame}, {state:?}, launch {launch}: continued {on}, kept {times} times"
            );
            assert_eq!(history.entries.len(), times, "frame {frame}: nothing else kept");
            // Once, mid-count of round 1: the continued match counts on to the round's end.
            if on && !continued && state.0 == SolomonScreen::Playing && count.is_some_and(|c| c > 1) {
                continued = true;
                send(&mut again, SolomonCommand::Continue);
                wait_for(&mut again, SolomonScreen::RoundOver);
                assert_eq!(record(&again), played, "the same match, to the end of its round");
            }
        }
        checks += 1;
        if screen(&app) == SolomonScreen::MatchOver {
            after_the_end += 1;
            if after_the_end > 8 {
                break;
            }
        }
    }
    assert_eq!(
        screen(&app),
        SolomonScreen::MatchOver,
        "the match was played to its end"
    );
    assert!(continued, "a match was continued from its count");
    assert!(count_beats > 10, "the counts' beats were visited ({count_beats})");
    assert!(checks > 150, "{checks} moments checked");
}

/// A decided match whose save was not cleared (the game ended between
/// keeping it and clearing its save, or the history could not take it):
/// the next launch keeps it once and clears the save.
#[test]
fn a_decided_match_left_in_its_save_goes_to_the_history_once() {
    let dir = scratch("decided-save");
    let data = dir.join("data");
    // The history cannot be written: a file where its folder should be.
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("history"), "in the way").unwrap();
    let mut app = hot_seat(Folders::in_dir(&dir));
    let mut rng = SmallRng::seed_from_u64(3);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    play(&mut app, &mut rng, 400);
    wait_for(&mut app, SolomonScreen::MatchOver);
    let played = record(&app);
    let told = problems(&app).join("\n");
    assert!(
        told.contains("The finished match cannot be kept in the history")
            && told.contains(&format!("{} is a file, not a folder", data.join("history").display()))
            && told.contains("It stays saved"),
        "{told}"
    );
    let saved = std::fs::read_to_string(data.join("match.ron")).expect("the decided match stays saved");
    drop(app);

    // Launched again, the history still blocked: still saved, and said on the title.
    let app = hot_seat(Folders::in_dir(&dir));
    assert!(app.world().resource::<SavedMatch>().decided());
    let notices = app.world().resource::<PrefsFile>().notices.join("\n");
    assert!(notices.contains("cannot be kept in the history"), "{notices}");
    drop(app);

    // The way cleared: kept at launch, once, and the save cleared.
    std::fs::remove_file(data.join("history")).unwrap();
    for launch in 0..2 {
        let app = hot_seat(Folders::in_dir(&dir));
        assert_eq!(kept(app.world().resource::<History>(), &played), 1, "launch {launch}");
        assert_eq!(app.world().resource::<History>().entries.len(), 1);
        assert!(!data.join("match.ron").exists(), "launch {launch}: the save is cleared");
        let file = app.world().resource::<History>().entries[0].rounds().cloned().unwrap();
        assert!(matches!(file.ending(), Some(Ending::Played(_))));
    }
    // Both at once (the game ended between the two writes): still once.
    std::fs::write(data.join("match.ron"), &saved).unwrap();
    let app = hot_seat(Folders::in_dir(&dir));
    assert_eq!(app.world().resource::<History>().entries.len(), 1, "not kept twice");
    assert!(!data.join("match.ron").exists());
    assert!(!app.world().resource::<SavedMatch>().resumable());
}

/// Starting a new match over a saved one whose history copy cannot be
/// written: the player is told, the old match stays saved (not cleared, not
/// overwritten by the new one) and continues at the next launch.
#[test]
fn an_abandoned_match_stays_saved_when_the_history_cannot_take_it() {
    let dir = scratch("abandoned-blocked");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("history"), "in the way").unwrap();
    let mut app = hot_seat(Folders::in_dir(&dir));
    let mut rng = SmallRng::seed_from_u64(11);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    play(&mut app, &mut rng, 9);
    settle(&mut app);
    let left = record(&app);
    send(&mut app, SolomonCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    play(&mut app, &mut rng, 6);
    settle(&mut app);
    let told = problems(&app).join("\n");
    assert!(
        told.contains("The match you left cannot be kept in the history")
            && told.contains("is a file, not a folder")
            && told.contains("This new match is not saved"),
        "{told}"
    );
    let Loaded::Read(on_disk) = entropy::solomon::saved::load(&data.join("match.ron")) else {
        panic!("the match left is still saved")
    };
    assert_eq!(on_disk.record, left, "the save is the match left, not the new one");
    drop(app);

    let mut app = hot_seat(Folders::in_dir(&dir));
    assert!(continuing(app.world().resource::<SavedMatch>(), &left));
    send(&mut app, SolomonCommand::Continue);
    wait_for(&mut app, SolomonScreen::Playing);
    assert_eq!(record(&app), left);
    // With the history writable again, a new match keeps it, as abandoned.
    std::fs::remove_file(data.join("history")).unwrap();
    send(&mut app, SolomonCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    settle(&mut app);
    let history = app.world().resource::<History>();
    assert_eq!(kept(history, &left), 1);
    assert_eq!(history.entries[0].rounds().unwrap().ending(), Some(Ending::Abandoned));
    assert!(problems(&app).is_empty(), "{:?}", problems(&app));
    let Loaded::Read(on_disk) = entropy::solomon::saved::load(&data.join("match.ron")) else {
        panic!("the new match is saved")
    };
    assert_eq!(on_disk.record, record(&app));
}

/// Data and preference folders that are files (or lie under one): the title
/// says so in plain words, a failing save is shown once — not at every
/// move — and nothing is left behind.
#[test]
fn failed_saves_are_shown_once_in_plain_words() {
    let dir = scratch("folder-is-file");
    let file = dir.join("a file");
    std::fs::write(&file, "in the way").unwrap();
    for data in [file.clone(), file.join("below")] {
        let folders = Folders {
            preferences: Some(dir.join("prefs")),
            data: Some(data.clone()),
        };
        let mut app = hot_seat(folders);
        let said = format!("The match cannot be saved: {} is a file, not a folder.", file.display());
        assert_eq!(
            app.world().resource::<SavedMatch>().notice.as_deref(),
            Some(said.as_str()),
            "{}: the title says it",
            data.display()
        );
        assert!(problems(&app).is_empty(), "nothing failed yet");
        send(&mut app, SolomonCommand::StartMatch);
        wait_for(&mut app, SolomonScreen::Playing);
        settle(&mut app);
        assert_eq!(problems(&app), [said.as_str()], "shown as soon as a save fails");
        app.world_mut().resource_mut::<SaveProblem>().dismissed = true;
        let mut rng = SmallRng::seed_from_u64(2);
        play(&mut app, &mut rng, 8);
        assert!(problems(&app).is_empty(), "not shown again at every move");
    }
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert!(names.iter().all(|n| !n.to_string_lossy().contains(".new")), "{names:?}");

    // The preferences' folder is a file: said at launch, and when a setting changes.
    let folders = Folders {
        preferences: Some(file.clone()),
        data: Some(dir.join("data")),
    };
    let mut app = core_app(folders);
    let notices = app.world().resource::<PrefsFile>().notices.clone();
    assert_eq!(
        notices,
        [format!(
            "The preferences cannot be saved: {} is a file, not a folder.",
            file.display()
        )]
    );
    app.world_mut().resource_mut::<Settings>().master_volume = 12;
    app.update();
    assert_eq!(
        problems(&app),
        [format!(
            "The preferences cannot be saved: {} is a file, not a folder.",
            file.display()
        )]
    );
}

/// A tmpfs of its own, unmounted when dropped.
struct Mounted(PathBuf);

impl Mounted {
    fn new(at: &Path, options: &str) -> Option<Mounted> {
        std::fs::create_dir_all(at).unwrap();
        let ok = run_alone(
            Process::new("mount")
                .args(["-t", "tmpfs", "-o", options, "tmpfs"])
                .arg(at)
                .stderr(std::process::Stdio::null()),
        )
        .is_ok_and(|s| s.success());
        ok.then(|| Mounted(at.to_path_buf()))
    }

    fn remount(&self, options: &str) {
        let status = run_alone(
            Process::new("mount")
                .args(["-o", &format!("remount,{options}")])
                .arg(&self.0),
        )
        .unwrap();
        assert!(status.success(), "remount {options}");
    }
}

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = run_alone(Process::new("umount").arg(&self.0));
    }
}

/// The data folder on a full disk, then on a read-only one (a small tmpfs:
/// permissions would not stop the root user the tests run as): each is
/// said once, in plain words, and no temporary file is left behind.
#[test]
fn a_full_or_read_only_disk_is_said_and_leaves_no_temporary() {
    let dir = scratch("disk");
    let Some(disk) = Mounted::new(&dir.join("disk"), "size=64k") else {
        eprintln!("skipped: a tmpfs cannot be mounted here (the test needs root)");
        return;
    };
    let data = disk.0.join("data");
    let mut app = hot_seat(Folders {
        preferences: Some(dir.join("prefs")),
        data: Some(data.clone()),
    });
    let mut rng = SmallRng::seed_from_u64(5);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    play(&mut app, &mut rng, 3);
    settle(&mut app);
    assert!(problems(&app).is_empty(), "{:?}", problems(&app));
    let saved_before = std::fs::read(data.join("match.ron")).unwrap();

    // Full.
    let filler = disk.0.join("filler");
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&filler).unwrap();
        while f.write_all(&[7; 4096]).is_ok() {}
    }
    play(&mut app, &mut rng, 1);
    settle(&mut app);
    let full = format!(
        "The match cannot be saved: the disk holding {} is full.",
        data.display()
    );
    assert_eq!(problems(&app), [full]);
    let leftovers = |data: &Path| -> Vec<String> {
        std::fs::read_dir(data)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            // The save and the data folder's lock (an empty file, made at launch).
            .filter(|n| n != "match.ron" && n != entropy::app::data_lock::FILE)
            .collect()
    };
    assert_eq!(leftovers(&data), Vec::<String>::new(), "no temporary left");
    assert_eq!(
        std::fs::read(data.join("match.ron")).unwrap(),
        saved_before,
        "the last good save is whole"
    );
    app.world_mut().resource_mut::<SaveProblem>().dismissed = true;
    play(&mut app, &mut rng, 4);
    assert!(problems(&app).is_empty(), "said once");

    // Room again: saved, and the problem is gone.
    std::fs::remove_file(&filler).unwrap();
    play(&mut app, &mut rng, 1);
    settle(&mut app);
    assert!(app.world().resource::<SaveProblem>().problems.is_empty());
    assert_eq!(
        entropy::solomon::saved::load(&data.join("match.ron")),
        Loaded::Read(SaveData::of(
            app.world().resource::<CurrentMatch>(),
            app.world().resource::<MatchSetup>(),
            None
        ))
    );

    // Read-only.
    disk.remount("ro");
    play(&mut app, &mut rng, 1);
    settle(&mut app);
    assert_eq!(
        problems(&app),
        [format!(
            "The match cannot be saved: {} is on a read-only disk.",
            data.display()
        )]
    );
    assert_eq!(leftovers(&data), Vec::<String>::new());
    drop(app);
    drop(disk);
}

/// A named pipe, a folder, a file that gives a read error and one that is
/// not text among the history's files: the history loads without blocking,
/// lists them as unreadable, and the readable match still opens.
#[test]
fn the_history_lists_what_it_can_past_pipes_and_unreadable_files() {
    let dir = scratch("history-pipes");
    let history = dir.join("data/history");
    std::fs::create_dir_all(&history).unwrap();
    let game = entropy_rules::Match::new(Size::Five, entropy_rules::Player::One, [1, 2]);
    let good = entropy_rules::MatchFile {
        tags: entropy::solomon::match_file::tags(&MatchSetup::default(), [Seat::Person; 2]),
        record: game.record(),
    };
    std::fs::write(history.join("2001-01-01 00.00.00.txt"), good.to_text()).unwrap();
    mkfifo(&history.join("2002-01-01 00.00.00.txt"));
    std::fs::create_dir_all(history.join("2003-01-01 00.00.00.txt")).unwrap();
    // Reading /proc/self/mem from its start fails: a file that opens but cannot be read.
    std::os::unix::fs::symlink("/proc/self/mem", history.join("2004-01-01 00.00.00.txt")).unwrap();
    std::fs::write(history.join("2005-01-01 00.00.00.txt"), [0xff, 0xfe, 0x00, 0x80]).unwrap();

    let folder = history.clone();
    let loaded = without_blocking("loading the history", move || History::load(Some(folder)));
    assert_eq!(loaded.entries.len(), 5);
    let reasons: Vec<String> = loaded
        .entries
        .iter()
        .map(|e| e.file.as_ref().map_or_else(|e| e.clone(), |_| "ok".to_string()))
        .collect();
    assert_eq!(reasons[4], "ok", "{reasons:?}");
    assert!(reasons[0].contains("not text"), "{reasons:?}");
    assert!(reasons[1].contains("Input/output error"), "{reasons:?}");
    assert!(reasons[2].contains("folder"), "{reasons:?}");
    assert!(reasons[3].contains("named pipe"), "{reasons:?}");

    let listed = without_blocking("launching", {
        let dir = dir.to_path_buf();
        move || {
            let mut app = core_app(Folders::in_dir(&dir));
            app.update();
            app.world().resource::<History>().entries.len()
        }
    });
    assert_eq!(listed, 5);
    // The History screen works around them: the readable match (the last) opens.
    let mut app = hot_seat(Folders::in_dir(&dir));
    send(&mut app, SolomonCommand::OpenHistory);
    wait_for(&mut app, SolomonScreen::History);
    for _ in 0..4 {
        key(&mut app, KeyCode::ArrowDown);
    }
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, SolomonScreen::Replay);
    for name in [
        "2002-01-01 00.00.00.txt",
        "2003-01-01 00.00.00.txt",
        "2004-01-01 00.00.00.txt",
    ] {
        assert!(
            std::fs::symlink_metadata(history.join(name)).is_ok(),
            "{name} left alone"
        );
    }
}

/// The ways a file can be unreadable to root: a folder, a named pipe, a
/// file that gives a read error, bytes that are not text.
fn spoil(path: &Path, how: &str) {
    let _ = std::fs::remove_file(path);
    match how {
        "folder" => std::fs::create_dir_all(path.join("inside")).unwrap(),
        "pipe" => mkfifo(path),
        "read error" => std::os::unix::fs::symlink("/proc/self/mem", path).unwrap(),
        _ => std::fs::write(path, [0xff, 0xfe, 0x00, 0x80]).unwrap(),
    }
}

/// What `spoil` made is still what it was.
fn still_spoiled(path: &Path, how: &str) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return false;
    };
    match how {
        "folder" => path.join("inside").is_dir(),
        "pipe" => meta.file_type().is_fifo(),
        "read error" => meta.file_type().is_symlink(),
        _ => std::fs::read(path).is_ok_and(|b| b == [0xff, 0xfe, 0x00, 0x80]),
    }
}

/// A saved match and preferences the game cannot read are kept aside — the
/// launch does not block on a pipe — and the next saves write new files,
/// never over them.
#[test]
fn unreadable_saves_and_preferences_are_kept_aside_never_overwritten() {
    let dir = scratch("unreadable");
    for how in ["folder", "pipe", "read error", "not text"] {
        let case = dir.join(how.replace(' ', "-"));
        let (data, prefs) = (case.join("data"), case.join("preferences"));
        std::fs::create_dir_all(&data).unwrap();
        std::fs::create_dir_all(&prefs).unwrap();
        spoil(&data.join("match.ron"), how);
        spoil(&prefs.join("preferences.ron"), how);
        let path = data.join("match.ron");
        without_blocking("reading the save", move || entropy::solomon::saved::load(&path));
        let prefs_path = prefs.join("preferences.ron");
        let prefs_read = without_blocking("reading the preferences", move || {
            matches!(entropy::app::prefs::load(&prefs_path), Loaded::Unreadable(_))
        });
        assert!(prefs_read, "{how}: the preferences are unreadable");
        // Read above: both were moved aside already. Spoil them again for the game's own launch.
        for (folder, name) in [(&data, "match.ron"), (&prefs, "preferences.ron")] {
            let aside = folder.join(format!("{name}.unreadable"));
            assert!(still_spoiled(&aside, how), "{how}: {name} kept aside as it was");
            std::fs::rename(&aside, folder.join(name)).unwrap();
        }
        let mut app = hot_seat(Folders::in_dir(&case));
        let notice = app.world().resource::<SavedMatch>().notice.clone().unwrap_or_default();
        assert!(
            notice.starts_with("The saved match could not be read") && notice.contains("kept as"),
            "{how}: {notice}"
        );
        let notices = app.world().resource::<PrefsFile>().notices.join("\n");
        assert!(
            notices.contains("The saved preferences could not be read") && notices.contains("kept as"),
            "{how}: {notices}"
        );
        send(&mut app, SolomonCommand::StartMatch);
        wait_for(&mut app, SolomonScreen::Playing);
        settle(&mut app);
        app.world_mut().resource_mut::<Settings>().master_volume = 33;
        app.update();
        assert!(problems(&app).is_empty(), "{how}: {:?}", problems(&app));
        for (folder, name) in [(&data, "match.ron"), (&prefs, "preferences.ron")] {
            assert!(
                std::fs::symlink_metadata(folder.join(name)).is_ok_and(|m| m.is_file()),
                "{how}: a new {name}"
            );
            assert!(
                still_spoiled(&folder.join(format!("{name}.unreadable")), how),
                "{how}: the old {name} untouched"
            );
        }
    }
}

/// A save whose clock shows more time than its setting gives is refused
/// like a corrupt one: kept aside and reported, no Continue.
#[test]
fn a_clock_beyond_its_setting_is_refused_like_a_corrupt_save() {
    let dir = scratch("huge-clock");
    let folders = Folders::in_dir(&dir);
    let mut app = hot_seat(folders.clone());
    app.world_mut().resource_mut::<MatchSetup>().clock = ClockChoice::Minutes(5);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    let mut rng = SmallRng::seed_from_u64(1);
    play(&mut app, &mut rng, 2);
    settle(&mut app);
    let good = app.world().resource::<SavedMatch>().data.clone().unwrap();
    drop(app);
    let path = dir.join("data/match.ron");
    for (i, (clock, setting)) in [
        ([18_446_744_073_709_551, 1000], 5),
        ([1000, 5 * 60_000 + 1], 5),
        ([16 * 60_000, 1000], 0),
    ]
    .into_iter()
    .enumerate()
    {
        let mut data = good.clone();
        data.clock_ms = Some(clock);
        data.setup.clock_minutes = setting;
        std::fs::write(&path, ron::ser::to_string(&data).unwrap()).unwrap();
        let app = core_app(folders.clone());
        let saved = app.world().resource::<SavedMatch>();
        let notice = saved.notice.clone().unwrap_or_default();
        assert!(notice.contains("clock") && notice.contains("kept as"), "{i}: {notice}");
        assert!(!saved.resumable(), "{i}: no Continue");
        assert!(!path.exists(), "{i}: kept aside");
    }
    // Exactly the setting is fine.
    let mut data = good.clone();
    data.clock_ms = Some([5 * 60_000, 5 * 60_000]);
    std::fs::write(&path, ron::ser::to_string(&data).unwrap()).unwrap();
    let app = core_app(folders);
    assert!(app.world().resource::<SavedMatch>().resumable());
}

/// As the game exits (the window closed, Ctrl+C, SIGTERM: Bevy's AppExit),
/// the match is saved with its clocks to the moment, not as of the last move.
#[test]
fn the_match_is_saved_with_its_clocks_as_the_game_exits() {
    let dir = scratch("exit-clock");
    let mut app = hot_seat(Folders::in_dir(&dir));
    app.world_mut().resource_mut::<MatchSetup>().clock = ClockChoice::Minutes(5);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    let mut rng = SmallRng::seed_from_u64(9);
    play(&mut app, &mut rng, 3);
    settle(&mut app);
    // Two seconds of thought (fewer than the five between a running clock's saves).
    for _ in 0..50 {
        app.update();
    }
    send(&mut app, AppExit::Success);
    app.update();
    let left = app.world().resource::<entropy::solomon::match_clock::MatchClock>().left;
    let Loaded::Read(saved) = entropy::solomon::saved::load(&dir.join("data/match.ron")) else {
        panic!("saved")
    };
    assert_eq!(saved.clock_ms, Some(left.map(|d| d.as_millis() as u64)));
    assert_eq!(saved.record, record(&app));
}

/// Without a display the game says what it needs, in a sentence, and exits
/// with an error, without a panic or a backtrace; a display that cannot be
/// opened is said the same way.
#[test]
fn without_a_display_the_game_says_so_and_exits() {
    let dir = scratch("no-display");
    let run = |display: Option<&str>| {
        let mut game = Process::new(env!("CARGO_BIN_EXE_entropy"));
        game.env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env("ENTROPY_PREFS_DIR", dir.join("prefs"))
            .env("ENTROPY_DATA_DIR", dir.join("data"))
            .env("RUST_BACKTRACE", "1");
        if let Some(display) = display {
            game.env("DISPLAY", display);
        }
        let out = spawn_alone(
            game.stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped()),
        )
        .and_then(|child| child.wait_with_output())
        .expect("the game runs");
        (out.status, String::from_utf8_lossy(&out.stderr).into_owned())
    };
    let (status, said) = run(None);
    assert_eq!(status.code(), Some(1), "{said}");
    assert!(
        said.contains("Entropy needs a graphical display") && said.contains("DISPLAY and WAYLAND_DISPLAY are unset"),
        "{said}"
    );
    assert!(!said.contains("panicked") && !said.contains("backtrace"), "{said}");
    // A display named but not there (no X server listens on this one).
    let display = (7000..7100)
        .find(|n| !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists())
        .unwrap();
    let (status, said) = run(Some(&format!(":{display}")));
    assert_eq!(status.code(), Some(1), "{said}");
    assert!(
        said.contains("Entropy needs a graphical display") && said.contains("could not be opened"),
        "{said}"
    );
    assert!(!said.contains("panicked"), "{said}");
}

/// Replaying a kept match, to its very end, while another match is saved:
/// the save is the match left, untouched (the replay is not a match to save).
#[test]
fn a_replay_leaves_the_saved_match_alone() {
    let dir = scratch("replay-save");
    let folders = Folders::in_dir(&dir);
    let mut app = hot_seat(folders.clone());
    let mut rng = SmallRng::seed_from_u64(23);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    play(&mut app, &mut rng, 400);
    wait_for(&mut app, SolomonScreen::MatchOver);
    send(&mut app, SolomonCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    play(&mut app, &mut rng, 5);
    settle(&mut app);
    let left = record(&app);
    send(&mut app, SolomonCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    let on_disk = || match entropy::solomon::saved::load(&dir.join("data/match.ron")) {
        Loaded::Read(data) => Some(data.record),
        _ => None,
    };
    assert_eq!(on_disk(), Some(left.clone()));
    send(&mut app, SolomonCommand::OpenHistory);
    wait_for(&mut app, SolomonScreen::History);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, SolomonScreen::Replay);
    for command in [
        entropy::solomon::replay::ReplayCommand::Forward,
        entropy::solomon::replay::ReplayCommand::Forward,
        entropy::solomon::replay::ReplayCommand::End,
    ] {
        send(&mut app, command);
        for _ in 0..30 {
            app.update();
        }
        assert_eq!(on_disk(), Some(left.clone()), "after {command:?}");
    }
    key(&mut app, KeyCode::Escape);
    wait_for(&mut app, SolomonScreen::History);
    send(&mut app, SolomonCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    assert!(continuing(app.world().resource::<SavedMatch>(), &left));
    assert_eq!(app.world().resource::<History>().entries.len(), 1, "kept once");
}
