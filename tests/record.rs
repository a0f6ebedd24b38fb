//! The Record screen with the keyboard alone and the gamepad alone: reached
//! from the title and from the History, its kind changed with left and
//! right, its buttons pressed; its record built from the history's files
//! (an unreadable one skipped and reported), and a match deleted in the
//! History taken out of it.

mod common;

use bevy::prelude::*;
use common::*;
use entropy::app::Folders;
use entropy::history::History;
use entropy::history::kept_record::PlayerRecord;
use entropy::history::record::Kind;
use entropy::solomon::game::SolomonCommand;
use entropy::solomon::screens::record::RecordView;
use entropy_rules::{AnyMatchFile, Match, MatchFile, MatchTags, Player, PlayerTags, Size};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// A history of `sevens` 7×7 matches and one 5×5 match against Hard, played
/// out at random, and a file that cannot be read.
fn history(dir: &std::path::Path, sevens: usize) {
    let folder = dir.join("data/history");
    std::fs::create_dir_all(&folder).unwrap();
    let mut rng = SmallRng::seed_from_u64(46);
    for i in 0..=sevens {
        let size = if i == sevens { Size::Five } else { Size::Seven };
        let mut game = Match::new(size, Player::One, [i as u64, 99]);
        while !game.is_over() {
            if game.round().is_finished() {
                game.start_second_round().unwrap();
            }
            let action = random_action(game.round().position(), &mut rng).unwrap_or(entropy_rules::Action::Draw);
            game.apply(action).unwrap();
        }
        let tags = MatchTags {
            date: format!("2026-01-0{} 10:00", i + 1),
            players: [
                PlayerTags {
                    name: "You".into(),
                    kind: "person".into(),
                },
                PlayerTags {
                    name: "Hard".into(),
                    kind: "computer: hard".into(),
                },
            ],
            extra: Vec::new(),
        };
        let file = AnyMatchFile::Rounds(MatchFile {
            tags,
            record: game.record(),
        });
        std::fs::write(folder.join(format!("2026-01-0{} 10.00.00.txt", i + 1)), file.to_text()).unwrap();
    }
    std::fs::write(folder.join("2026-01-09 10.00.00.txt"), "not a match").unwrap();
}

fn kind(app: &App) -> Kind {
    app.world().resource::<RecordView>().kind
}

fn matches(app: &App, kind: Kind) -> usize {
    app.world().resource::<PlayerRecord>().0.of(kind).matches.len()
}

#[test]
fn the_record_with_the_keyboard_alone() {
    let dir = scratch("record-keys");
    history(std::path::Path::new(&dir), 2);
    let mut app = core_app(Folders::in_dir(&dir));
    app.update();
    assert_eq!((matches(&app, Kind::Rounds7), matches(&app, Kind::Rounds5)), (2, 1));
    let record = &app.world().resource::<PlayerRecord>().0;
    assert_eq!(record.unreadable.len(), 1, "the bad file is skipped and reported");

    send(&mut app, SolomonCommand::OpenRecord);
    wait_for(&mut app, SolomonScreen::Record);
    assert_eq!(kind(&app), Kind::Rounds7, "opens on the kind played most");
    // The focus opens on Back; up twice reaches the kind, which left and right change.
    key(&mut app, KeyCode::ArrowUp);
    key(&mut app, KeyCode::ArrowUp);
    key(&mut app, KeyCode::ArrowRight);
    assert_eq!(kind(&app), Kind::Rounds5);
    key(&mut app, KeyCode::ArrowRight);
    assert_eq!(kind(&app), Kind::Simultaneous);
    key(&mut app, KeyCode::ArrowLeft);
    key(&mut app, KeyCode::ArrowLeft);
    assert_eq!(kind(&app), Kind::Rounds7);
    // History, then from the History back to the record (under the list: Record, Back).
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, SolomonScreen::History);
    let listed = app.world().resource::<History>().entries.len();
    assert_eq!(listed, 4);
    for _ in 0..listed {
        key(&mut app, KeyCode::ArrowDown);
    }
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, SolomonScreen::Record);
    key(&mut app, KeyCode::Escape);
    wait_for(&mut app, Shown::Title);
}

#[test]
fn the_record_with_a_gamepad_alone() {
    let dir = scratch("record-pad");
    history(std::path::Path::new(&dir), 2);
    let mut app = core_app(Folders::in_dir(&dir));
    let pad = connect_gamepad(&mut app);
    send(&mut app, SolomonCommand::OpenRecord);
    wait_for(&mut app, SolomonScreen::Record);
    button(&mut app, pad, GamepadButton::DPadUp);
    button(&mut app, pad, GamepadButton::DPadUp);
    button(&mut app, pad, GamepadButton::DPadRight);
    assert_eq!(kind(&app), Kind::Rounds5);
    // A on the kind steps it too.
    button(&mut app, pad, GamepadButton::South);
    assert_eq!(kind(&app), Kind::Simultaneous);
    button(&mut app, pad, GamepadButton::DPadDown);
    button(&mut app, pad, GamepadButton::South);
    wait_for(&mut app, SolomonScreen::History);
    button(&mut app, pad, GamepadButton::East);
    wait_for(&mut app, Shown::Title);
}

#[test]
fn a_match_deleted_in_the_history_leaves_the_record() {
    let dir = scratch("record-delete");
    history(std::path::Path::new(&dir), 3);
    let mut app = core_app(Folders::in_dir(&dir));
    app.update();
    assert_eq!(matches(&app, Kind::Rounds7), 3);
    send(&mut app, SolomonCommand::OpenHistory);
    wait_for(&mut app, SolomonScreen::History);
    // Newest first: the unreadable file, the 5×5 match, then the 7×7 ones.
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::Enter);
    // Replay, Replay with review, Delete; then Delete it.
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::ArrowDown);
    key(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(app.world().resource::<History>().entries.len(), 4);
    assert_eq!(matches(&app, Kind::Rounds7), 2, "the record follows the history");
    assert_eq!(matches(&app, Kind::Rounds5), 1);
}
