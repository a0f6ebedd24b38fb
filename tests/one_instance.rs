//! One game per data folder (`src/app/data_lock.rs`): a second game on a
//! folder another holds opens without reading or writing anything there and
//! says so; the first game's match is untouched by whatever the second does.
//! The lock goes with the process that held it, however it ends: a game
//! killed with SIGKILL leaves the folder free for the next.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;
use entropy::app::Folders;
use entropy::app::data_lock::DataLock;
use entropy::app::prefs::PrefsFile;
use entropy::history::History;
use entropy::solomon::game::{CurrentMatch, SolomonCommand};
use entropy::solomon::saved::SavedMatch;
use entropy::ui::title::TitleMenu;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Whether the title offers Continue.
fn continues(app: &bevy::prelude::App) -> bool {
    app.world()
        .resource::<TitleMenu>()
        .shown()
        .iter()
        .any(|e| e.label == "Continue")
}

/// The title's notice that another game holds `data`, if it is shown.
fn already_running(app: &bevy::prelude::App, data: &Path) -> bool {
    let notices = &app.world().resource::<PrefsFile>().notices;
    notices.first().is_some_and(|n| {
        n.starts_with("Entropy is already running with this data folder")
            && n.contains(&*data.to_string_lossy())
            && n.contains("will not save matches")
    })
}

#[test]
fn a_second_game_on_the_same_folder_says_so_and_leaves_the_first_ones_match_alone() {
    let dir = scratch("two-games");
    let data = dir.join("data");
    let mut rng = SmallRng::seed_from_u64(6);
    let mut first = hot_seat(Folders::in_dir(&dir));
    assert!(
        first.world().resource::<DataLock>().held(),
        "the first game holds the folder"
    );
    send(&mut first, SolomonCommand::StartMatch);
    wait_for(&mut first, SolomonScreen::Playing);
    play(&mut first, &mut rng, 5);
    settle(&mut first);
    let saved = std::fs::read(data.join("match.ron")).expect("the first game saved its match");

    // The second: no lock, no save read, nothing kept; said on the title.
    let mut second = hot_seat(Folders::in_dir(&dir));
    let lock = second.world().resource::<DataLock>();
    assert!(!lock.held());
    assert_eq!(lock.elsewhere.as_deref(), Some(data.as_path()));
    assert!(
        already_running(&second, &data),
        "{:?}",
        second.world().resource::<PrefsFile>().notices
    );
    assert!(!continues(&second), "the first game's match is not offered");
    assert_eq!(second.world().resource::<Folders>().data, None);
    // A whole match played in it, to its end: nothing written, nothing cleared.
    send(&mut second, SolomonCommand::StartMatch);
    wait_for(&mut second, SolomonScreen::Playing);
    play(&mut second, &mut rng, 400);
    wait_for(&mut second, SolomonScreen::MatchOver);
    settle(&mut second);
    assert_eq!(
        second.world().resource::<History>().entries.len(),
        1,
        "kept for this window only"
    );
    assert_eq!(
        std::fs::read(data.join("match.ron")).unwrap(),
        saved,
        "the first game's save untouched"
    );
    assert!(!data.join("history").exists(), "nothing in the first game's history");
    drop(second);

    // The first goes on saving, and the next launch continues its match.
    play(&mut first, &mut rng, 1);
    settle(&mut first);
    let record = first.world().resource::<CurrentMatch>().game.record();
    drop(first);
    let third = core_app(Folders::in_dir(&dir));
    assert!(
        third.world().resource::<DataLock>().held(),
        "free once the first game ended"
    );
    assert!(continues(&third));
    let again = third.world().resource::<SavedMatch>().data.clone().unwrap();
    assert_eq!(again.record, record, "the first game's match, as it left it");
}

/// The variable that makes [`helper_holding_the_data_folder`] hold a folder.
const HELPER: &str = "ENTROPY_TEST_LOCK_HELPER";

/// Not a test by itself: run by the test below in a process of its own
/// (with `ENTROPY_TEST_LOCK_HELPER` naming a folder), it starts the game's
/// logic on that folder, plays a few moves, says it is ready and waits to
/// be killed. Without the variable it does nothing.
#[test]
fn helper_holding_the_data_folder() {
    let Some(dir) = std::env::var_os(HELPER) else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    let mut app = hot_seat(Folders::in_dir(&dir));
    assert!(app.world().resource::<DataLock>().held());
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    play(&mut app, &mut SmallRng::seed_from_u64(9), 4);
    settle(&mut app);
    std::fs::write(dir.join("ready"), "").unwrap();
    loop {
        std::thread::sleep(Duration::from_secs(1));
    }
}

#[test]
fn the_lock_is_released_when_its_game_is_killed() {
    let dir = scratch("killed");
    let data = dir.join("data");
    let mut helper = spawn_alone(
        Command::new(std::env::current_exe().unwrap())
            .args(["helper_holding_the_data_folder", "--exact", "--nocapture"])
            .env(HELPER, &*dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null()),
    )
    .expect("the helper starts");
    let deadline = Instant::now() + Duration::from_secs(300);
    while !dir.join("ready").exists() {
        if let Some(status) = helper.try_wait().unwrap() {
            panic!("the helper stopped ({status})");
        }
        assert!(Instant::now() < deadline, "the helper never got ready");
        std::thread::sleep(Duration::from_millis(50));
    }

    // Held by the helper: said plainly, and its match is not offered here.
    let app = core_app(Folders::in_dir(&dir));
    assert!(!app.world().resource::<DataLock>().held());
    assert!(already_running(&app, &data));
    assert!(!continues(&app));
    drop(app);

    // SIGKILL: the process ends at once, nothing of it runs, and the kernel
    // releases its lock.
    helper.kill().unwrap();
    let status = helper.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(9), "{status}");
    let app = core_app(Folders::in_dir(&dir));
    assert!(app.world().resource::<DataLock>().held(), "the folder is free again");
    assert!(!already_running(&app, &data));
    assert!(continues(&app), "and the killed game's match continues here");
    let saved = app.world().resource::<SavedMatch>().data.clone().unwrap();
    assert!(!saved.record.rounds[0].is_empty(), "with its moves");
}
