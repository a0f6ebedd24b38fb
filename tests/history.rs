//! Every match kept, replayed move by move to the same boards and scores,
//! steps back and forward returning the same positions; an abandoned match
//! kept as such; a corrupt file listed as unreadable while the screen works.

mod common;

use bevy::prelude::*;
use common::*;
use entropy::app::Folders;
use entropy::history::History;
use entropy::solomon::game::{CurrentMatch, SolomonCommand};
use entropy::solomon::replay::{Replay, ReplayCommand, match_at};
use entropy::solomon::screens::history::HistoryView;
use entropy_rules::Ending;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Frames until the replay's move has landed.
fn settle_replay(app: &mut App) {
    for _ in 0..400 {
        app.update();
        if !is_animating(app) && !app.world().resource::<Replay>().busy() {
            return;
        }
    }
    panic!("the replay did not settle");
}

#[test]
fn a_finished_match_is_kept_and_replays_to_the_same_boards() {
    let dir = scratch("history-replay");
    let mut app = hot_seat(Folders::in_dir(&dir));
    let mut rng = SmallRng::seed_from_u64(8);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    play(&mut app, &mut rng, 400);
    wait_for(&mut app, SolomonScreen::MatchOver);
    app.update();
    let played = app.world().resource::<CurrentMatch>().game.record();
    let totals = app.world().resource::<CurrentMatch>().game.totals();

    // Kept, as a plain-text file that reads back to the same match.
    let history = app.world().resource::<History>().clone();
    assert_eq!(history.entries.len(), 1);
    let text = std::fs::read_to_string(&history.entries[0].path).unwrap();
    assert!(text.contains("[Player1 \"Ada\"]") && text.contains("Round 2"), "{text}");
    let file = history.entries[0].rounds().cloned().unwrap();
    assert_eq!(file.record, played);
    assert_eq!(file.replay().unwrap().totals(), totals);
    assert!(matches!(file.ending(), Some(Ending::Played(_))));

    // The replay, from the History screen with the keys.
    send(&mut app, SolomonCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    send(&mut app, SolomonCommand::OpenHistory);
    wait_for(&mut app, SolomonScreen::History);
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.world().resource::<HistoryView>().picked, Some(0));
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, SolomonScreen::Replay);
    settle_replay(&mut app);
    for round in 0..2 {
        let moves = entropy::solomon::replay::moves(&played.rounds[round]).len();
        for step in 1..=moves {
            send(&mut app, ReplayCommand::Forward);
            settle_replay(&mut app);
            let replay = app.world().resource::<Replay>();
            assert_eq!((replay.round, replay.step), (round, step));
            let expected = match_at(&played, round, step).unwrap();
            let shown = &app.world().resource::<CurrentMatch>().game;
            assert_eq!(
                shown.round().board(),
                expected.round().board(),
                "round {round}, move {step}"
            );
            assert_eq!(shown.round().score(), expected.round().score());
            assert_entities_match(&mut app);
            // Back and forward again: the same position.
            if step % 7 == 0 {
                send(&mut app, ReplayCommand::Back);
                settle_replay(&mut app);
                let back = match_at(&played, round, step - 1).unwrap();
                assert_eq!(
                    app.world().resource::<CurrentMatch>().round().board(),
                    back.round().board()
                );
                send(&mut app, ReplayCommand::Forward);
                settle_replay(&mut app);
                assert_eq!(
                    app.world().resource::<CurrentMatch>().round().board(),
                    expected.round().board()
                );
            }
        }
        if round == 0 {
            send(&mut app, ReplayCommand::Forward);
            settle_replay(&mut app);
        }
    }
    assert_eq!(
        app.world().resource::<CurrentMatch>().game.totals(),
        totals,
        "the replay ends on the match's scores"
    );
    send(&mut app, ReplayCommand::Start);
    settle_replay(&mut app);
    assert_eq!(app.world().resource::<CurrentMatch>().round().turns().len(), 0);
    key(&mut app, KeyCode::Escape);
    wait_for(&mut app, SolomonScreen::History);
}

#[test]
fn an_abandoned_match_is_kept_as_such_and_a_corrupt_file_is_listed() {
    let dir = scratch("history-abandoned");
    let folders = Folders::in_dir(&dir);
    let mut app = hot_seat(folders.clone());
    let mut rng = SmallRng::seed_from_u64(9);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    play(&mut app, &mut rng, 9);
    send(&mut app, SolomonCommand::ToTitle);
    wait_for(&mut app, Shown::Title);
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    app.update();
    let history = app.world().resource::<History>().clone();
    assert_eq!(history.entries.len(), 1, "the unfinished match was kept");
    let file = history.entries[0].rounds().cloned().unwrap();
    assert_eq!(file.ending(), Some(Ending::Abandoned));
    drop(app);

    // A file that is not a match: listed as unreadable, kept, and the screen works.
    let junk = dir.join("data/history/0000-01-01 00.00.00.txt");
    std::fs::write(&junk, "this is not a match\n").unwrap();
    let mut app = hot_seat(folders);
    let history = app.world().resource::<History>().clone();
    assert_eq!(history.entries.len(), 2);
    let unreadable = history.entries.iter().find(|e| e.file.is_err()).expect("listed");
    assert!(
        unreadable.file.as_ref().unwrap_err().contains("line"),
        "{:?}",
        unreadable.file
    );
    send(&mut app, SolomonCommand::OpenHistory);
    wait_for(&mut app, SolomonScreen::History);
    // The readable match (newest first) opens; the list still works around the bad file.
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::ArrowUp);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, SolomonScreen::Replay);
    assert!(junk.exists(), "the unreadable file is left alone");
}
