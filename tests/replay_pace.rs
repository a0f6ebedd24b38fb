//! The replays at a key-repeat's pace: → (and ←) pressed every other
//! frame, far faster than a move animates. Each press is one move of the
//! record, whatever the pace; after every frame the board (the match's
//! record), the counter the panel draws, the row the list highlights and
//! the review's best-move mark agree; once the board comes to rest, N
//! presses stand at the N-th move (or the end).

mod common;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use common::*;
use entropy::history::HistoryCommand;
use entropy::history::review::Review;
use entropy::simultaneous::SimMatch;
use entropy::simultaneous::SimScreen;
use entropy::simultaneous::replay::SimReplay;
use entropy::solomon::game::CurrentMatch;
use entropy::solomon::replay::{Replay, match_at, moves};
use entropy::solomon::world::marks::Suggested;
use entropy::ui::theme::controls::{self, Record};
use entropy_rules::{
    Action, AnyMatchFile, Match, MatchFile, MatchTags, Phase, Player, PlayerTags, SimultaneousFile, SimultaneousMatch,
    SimultaneousStep, Size,
};
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn tags() -> MatchTags {
    MatchTags {
        date: "2026-01-01 12:00".into(),
        players: ["Ada", "Blaise"].map(|name| PlayerTags {
            name: name.into(),
            kind: "person".into(),
        }),
        extra: Vec::new(),
    }
}

/// A finished match of two rounds on the 5×5 board, played at random.
fn solomon_match(seed: u64) -> MatchFile {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Match::new(Size::Five, Player::One, [seed, seed + 1]);
    while !game.is_over() {
        let action = match game.round().phase() {
            Phase::Finished => {
                game.start_second_round().unwrap();
                continue;
            }
            Phase::ChaosDraw => Action::Draw,
            _ => random_action(game.round().position(), &mut rng).expect("a move to play"),
        };
        game.apply(action).unwrap();
    }
    MatchFile {
        tags: tags(),
        record: game.record(),
    }
}

/// A finished simultaneous match on the 5×5 board, played at random.
fn simultaneous_match(seed: u64) -> SimultaneousFile {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = SimultaneousMatch::new(Size::Five, seed);
    loop {
        match game.step() {
            SimultaneousStep::Over => break,
            SimultaneousStep::Draw => {
                game.draw().unwrap();
            }
            _ => {
                for pending in game.pending() {
                    let action = random_action(game.board(pending.board).position(), &mut rng).expect("a move to play");
                    game.apply(pending.player, action).unwrap();
                }
            }
        }
    }
    SimultaneousFile {
        tags: tags(),
        record: game.record(),
    }
}

/// What a frame of the replay shows, checked as it is drawn.
type Check = fn(&mut App, &Record);

/// One frame, then `check` on what it left and drew.
fn frame(app: &mut App, check: Check) {
    let (drawn, _) = next_drawn(app);
    check(app, &drawn);
}

/// → or ← pressed in one frame and let go in the next, each frame checked.
fn press(app: &mut App, key: KeyCode, check: Check) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        send(
            app,
            KeyboardInput {
                key_code: key,
                logical_key: Key::Unidentified(NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window: Entity::PLACEHOLDER,
            },
        );
        frame(app, check);
    }
}

/// Frames, each checked, until the board is still and no step waits; the
/// number of frames it took.
fn come_to_rest(app: &mut App, busy: fn(&App) -> bool, check: Check) -> usize {
    for frames in 0..6000 {
        if !is_animating(app) && !busy(app) {
            return frames;
        }
        frame(app, check);
    }
    panic!("the replay never came to rest");
}

/// What the steps card's counter says.
fn counter(drawn: &Record) -> &str {
    drawn
        .values
        .iter()
        .rev()
        .find(|v| v.label == "Steps")
        .map(|v| v.value.as_str())
        .expect("the replay's counter drawn")
}

/// The rows of the move list drawn highlighted (the next move's).
fn highlighted(drawn: &Record) -> Vec<&str> {
    drawn
        .controls
        .iter()
        .filter(|c| c.main && c.label.starts_with("move "))
        .map(|c| c.label.as_str())
        .collect()
}

/// The row the list highlights when `played` of `total` moves are played.
fn row(played: usize, total: usize) -> Vec<String> {
    (played < total)
        .then(|| format!("move {}", played + 1))
        .into_iter()
        .collect()
}

/// Solomon's replay: the board's round and moves, the replay's place, the
/// counter, the highlighted row and the review's mark are one.
fn solomon_agrees(app: &mut App, drawn: &Record) {
    let game = &app.world().resource::<CurrentMatch>().game;
    let (round, played) = (game.round_index(), game.round().moves());
    let replay = app.world().resource::<Replay>();
    let total = moves(&replay.file.record.rounds[round]).len();
    let counter = counter(drawn);
    assert!(
        counter.starts_with(&format!("Round {} · move {played} of {total}", round + 1)),
        "the counter says {counter:?} over a board of {played} moves of round {}",
        round + 1
    );
    assert_eq!(
        (replay.round, replay.step),
        (round, played),
        "the replay's place is the board's"
    );
    assert_eq!(
        highlighted(drawn),
        row(played, total),
        "the list's row follows the board"
    );
    let review = app
        .world()
        .resource::<Review>()
        .done
        .as_ref()
        .expect("the review is done");
    let best = review.rounds[round].moves.get(played).map(|m| m.best);
    assert_eq!(
        app.world().resource::<Suggested>().0,
        best,
        "the best move marked is the review's for the move to come"
    );
}

/// Where `presses` presses of → from the start of the match stand: round
/// 1's moves, one press into round 2, its moves, then the end.
fn after_presses(record: &entropy_rules::MatchRecord, presses: usize) -> (usize, usize) {
    let first = moves(&record.rounds[0]).len();
    let second = moves(&record.rounds[1]).len();
    if presses <= first {
        (0, presses)
    } else {
        (1, (presses - first - 1).min(second))
    }
}

fn solomon_busy(app: &App) -> bool {
    app.world().resource::<Replay>().busy()
}

#[test]
fn the_replay_at_a_key_repeats_pace_keeps_the_counter_the_list_and_the_mark_on_the_board() {
    let file = solomon_match(43);
    let record = file.record.clone();
    let mut app = window_app("replay-pace");
    controls::record();
    send(
        &mut app,
        HistoryCommand::Replay {
            file: Box::new(AnyMatchFile::Rounds(file)),
            review: true,
        },
    );
    wait_for(&mut app, SolomonScreen::Replay);
    assert!(
        run_until(&mut app, 100, |app| app
            .world()
            .get_resource::<Review>()
            .is_some_and(|r| r.done.is_some())),
        "the review did not finish"
    );
    frame(&mut app, solomon_agrees);

    // Bursts of presses, each followed by the board coming to rest: into
    // round 1, across into round 2, past the end; then back.
    let mut pressed = 0;
    for (burst, key) in [
        (30, KeyCode::ArrowRight),
        (30, KeyCode::ArrowRight),
        (12, KeyCode::ArrowLeft),
        (40, KeyCode::ArrowRight),
        (60, KeyCode::ArrowRight),
        (15, KeyCode::ArrowLeft),
    ] {
        for _ in 0..burst {
            press(&mut app, key, solomon_agrees);
        }
        let last = moves(&record.rounds[0]).len() + 1 + moves(&record.rounds[1]).len();
        pressed = if key == KeyCode::ArrowRight {
            (pressed + burst).min(last)
        } else {
            pressed - burst
        };
        let frames = come_to_rest(&mut app, solomon_busy, solomon_agrees);
        let (round, step) = after_presses(&record, pressed);
        let replay = app.world().resource::<Replay>();
        assert_eq!(
            (replay.round, replay.step),
            (round, step),
            "{pressed} presses from the start"
        );
        let expected = match_at(&record, round, step).unwrap();
        let shown = &app.world().resource::<CurrentMatch>().game;
        // (A move taken back may leave its draw in Chaos's hand: the turns are compared.)
        assert_eq!(
            shown.round().turns(),
            expected.round().turns(),
            "the board at {pressed} presses"
        );
        assert_entities_match(&mut app);
        println!(
            "{burst} presses of {key:?}: at round {}, move {step} after {frames} frames to rest",
            round + 1
        );
    }
}

/// The simultaneous replay: the moves on both boards, the replay's place,
/// the counter and the highlighted row are one.
fn simultaneous_agrees(app: &mut App, drawn: &Record) {
    let game = &app.world().resource::<SimMatch>().game;
    let played: usize = Player::BOTH.iter().map(|&p| game.board(p).moves()).sum();
    let replay = app.world().resource::<SimReplay>();
    let total = replay.moves.len();
    let counter = counter(drawn);
    assert_eq!(
        counter,
        format!("Move {played} of {total}"),
        "the counter over a board of {played} moves"
    );
    assert_eq!(replay.step, played, "the replay's place is the boards'");
    assert_eq!(
        highlighted(drawn),
        row(played, total),
        "the list's row follows the boards"
    );
}

fn simultaneous_busy(app: &App) -> bool {
    app.world().resource::<SimReplay>().busy()
}

#[test]
fn the_simultaneous_replay_at_a_key_repeats_pace_keeps_the_counter_and_the_list_on_the_boards() {
    let file = simultaneous_match(43);
    let mut app = window_app("replay-pace-simultaneous");
    controls::record();
    send(
        &mut app,
        HistoryCommand::Replay {
            file: Box::new(AnyMatchFile::Simultaneous(file)),
            review: false,
        },
    );
    wait_for(&mut app, SimScreen::Replay);
    frame(&mut app, simultaneous_agrees);
    let total = app.world().resource::<SimReplay>().moves.len();
    let mut pressed = 0usize;
    for (burst, key) in [
        (30, KeyCode::ArrowRight),
        (10, KeyCode::ArrowLeft),
        (total, KeyCode::ArrowRight),
        (7, KeyCode::ArrowLeft),
    ] {
        for _ in 0..burst {
            press(&mut app, key, simultaneous_agrees);
        }
        pressed = if key == KeyCode::ArrowRight {
            (pressed + burst).min(total)
        } else {
            pressed - burst
        };
        let frames = come_to_rest(&mut app, simultaneous_busy, simultaneous_agrees);
        assert_eq!(
            app.world().resource::<SimReplay>().step,
            pressed,
            "{pressed} presses from the start"
        );
        let expected = app.world().resource::<SimReplay>().at(pressed).unwrap().game;
        let shown = &app.world().resource::<SimMatch>().game;
        // (A move taken back may leave its draw drawn: the turns are compared.)
        for p in Player::BOTH {
            assert_eq!(shown.board(p).turns(), expected.board(p).turns(), "{pressed} presses");
        }
        println!("{burst} presses of {key:?}: at move {pressed} after {frames} frames to rest");
    }
}
