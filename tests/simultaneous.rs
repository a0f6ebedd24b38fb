//! The simultaneous match in the game's logic (headless): two boards fed by
//! one queue of draws, a person's moves and the computer's through the same
//! intents, to the result; saved after every move and continued after the
//! game ends at any moment (the count included); kept in the history once;
//! replayed from the history step by step and reviewed board by board.

mod common;

use bevy::prelude::*;
use common::*;
use entropy::app::Folders;
use entropy::history::review::Review;
use entropy::history::{History, HistoryCommand};
use entropy::simultaneous::replay::{SimReplay, SimReplayCommand};
use entropy::simultaneous::saved::SavedSim;
use entropy::simultaneous::{SimCommand, SimMatch, SimOpponent, SimScreen, SimSetup, Simultaneous};
use entropy::table::turn::Intent;
use entropy_ai::Level;
use entropy_rules::{Action, AnyMatchFile, Outcome, Player, SimultaneousRecord, Size};
use rand::SeedableRng;
use rand::rngs::SmallRng;

fn sim_screen(app: &App) -> Option<SimScreen> {
    app.world().get_resource::<State<SimScreen>>().map(|s| *s.get())
}

#[test]
fn a_simultaneous_match_against_the_computer_is_played_to_its_result() {
    let mut app = core_app(Folders::default());
    app.insert_resource(SimSetup {
        opponent: SimOpponent::Computer(Level::Beginner),
        size: Size::Five,
    });
    send(&mut app, SimCommand::Start);
    assert!(run_until(&mut app, 50, |app| sim_screen(app) == Some(SimScreen::Playing)));
    let mut rng = SmallRng::seed_from_u64(5);
    let finished = run_until(&mut app, 20_000, |app| {
        if sim_screen(app) == Some(SimScreen::Over) {
            return true;
        }
        if !is_animating(app)
            && let Some(action) = person_action(app, &mut rng)
        {
            app.world_mut().write_message(Intent::<Simultaneous>(action));
        }
        false
    });
    assert!(finished, "the match reached its result");
    let game = &app.world().resource::<SimMatch>().game;
    assert!(game.is_over());
    // One queue of draws: both boards were fed the same counters in the same order.
    let draws = |owner: Player| -> Vec<_> { game.board(owner).turns().iter().map(|t| t.placement.colour).collect() };
    assert_eq!(draws(Player::One), draws(Player::Two));
    assert_eq!(draws(Player::One).len(), 25);
    let [one, two] = game.scores();
    let expected = match one.cmp(&two) {
        std::cmp::Ordering::Greater => Outcome::Win(Player::One),
        std::cmp::Ordering::Less => Outcome::Win(Player::Two),
        std::cmp::Ordering::Equal => Outcome::Draw,
    };
    assert_eq!(game.outcome(), Some(expected));
}

/// A game on the files of `dir`, a simultaneous match against Beginner on
/// 5×5 set up (not started).
fn launch(dir: &std::path::Path) -> App {
    let mut app = core_app(Folders::in_dir(dir));
    app.insert_resource(SimSetup {
        opponent: SimOpponent::Computer(Level::Beginner),
        size: Size::Five,
    });
    app.update();
    app
}

/// Plays the person's moves at random until `done`.
fn play_until(app: &mut App, rng: &mut SmallRng, mut done: impl FnMut(&mut App) -> bool) {
    let reached = run_until(app, 20_000, |app| {
        if app.world().get_resource::<SimMatch>().is_some() && done(app) {
            return true;
        }
        if sim_screen(app) == Some(SimScreen::Playing)
            && !is_animating(app)
            && let Some(action) = person_action(app, rng)
        {
            app.world_mut().write_message(Intent::<Simultaneous>(action));
        }
        false
    });
    assert!(reached, "the match got where it was played to");
}

fn record(app: &App) -> SimultaneousRecord {
    app.world().resource::<SimMatch>().game.record()
}

fn moves(record: &SimultaneousRecord) -> usize {
    record
        .boards
        .iter()
        .flatten()
        .map(|t| 1 + usize::from(t.reply.is_some()))
        .sum()
}

/// The simultaneous matches the history holds.
fn kept(app: &App) -> Vec<SimultaneousRecord> {
    app.world()
        .resource::<History>()
        .entries
        .iter()
        .filter_map(|e| e.simultaneous().map(|f| f.record.clone()))
        .collect()
}

#[test]
fn a_simultaneous_match_ended_at_any_moment_is_continued_or_kept_once() {
    let dir = scratch("simultaneous-saves");
    let mut rng = SmallRng::seed_from_u64(11);
    let mut app = launch(&dir);
    send(&mut app, SimCommand::Start);
    // The game ends (as a kill would: nothing more runs) after some moves,
    // then with a placement on one board only, then during the count.
    play_until(&mut app, &mut rng, |app| moves(&record(app)) >= 9);
    let left = record(&app);
    drop(app);
    let mut app = launch(&dir);
    assert!(app.world().resource::<SavedSim>().resumable(), "the match was saved");
    assert!(kept(&app).is_empty(), "an unfinished match is not in the history");
    send(&mut app, SimCommand::OpenSetup);
    assert!(run_until(&mut app, 50, |app| sim_screen(app) == Some(SimScreen::Setup)));
    send(&mut app, SimCommand::Continue);
    assert!(run_until(&mut app, 50, |app| sim_screen(app) == Some(SimScreen::Playing)));
    assert_eq!(record(&app), left, "the match goes on as it was left");
    play_until(&mut app, &mut rng, |app| {
        let boards = &record(app).boards;
        boards[0].len() != boards[1].len()
    });
    let left = record(&app);
    drop(app);
    let mut app = launch(&dir);
    send(&mut app, SimCommand::Continue);
    assert!(run_until(&mut app, 50, |app| sim_screen(app) == Some(SimScreen::Playing)));
    assert_eq!(record(&app), left, "between the two placements of a turn too");
    // To the end of the last move: the count begins; the game ends in it.
    play_until(&mut app, &mut rng, |app| {
        app.world().resource::<SimMatch>().game.is_over()
    });
    let played = record(&app);
    assert_eq!(kept(&app), vec![played.clone()], "kept the moment it is decided");
    drop(app);
    for launch_again in 0..2 {
        let app = launch(&dir);
        assert_eq!(kept(&app), vec![played.clone()], "launch {launch_again}: kept once");
        assert!(!app.world().resource::<SavedSim>().resumable(), "and its save cleared");
        let file = app.world().resource::<History>().entries[0]
            .simultaneous()
            .cloned()
            .unwrap();
        assert_eq!(file.tags.players[0].kind, "person");
        assert_eq!(file.tags.players[1].kind, "computer: beginner");
        assert!(
            file.ending()
                .is_some_and(|e| e.winner().is_some() || e.result_tag() == "1/2-1/2")
        );
    }
}

#[test]
fn a_new_simultaneous_match_keeps_the_one_left_unfinished_in_the_history() {
    let dir = scratch("simultaneous-abandoned");
    let mut rng = SmallRng::seed_from_u64(3);
    let mut app = launch(&dir);
    send(&mut app, SimCommand::Start);
    play_until(&mut app, &mut rng, |app| moves(&record(app)) >= 6);
    let left = record(&app);
    let squares = |app: &mut App| {
        app.world_mut()
            .query::<&entropy::simultaneous::boards::SimSquare>()
            .iter(app.world())
            .count()
    };
    assert_eq!(squares(&mut app), 50, "both boards on screen");
    send(&mut app, SimCommand::ToTitle);
    run_until(&mut app, 50, |app| sim_screen(app).is_none());
    app.update();
    assert_eq!(squares(&mut app), 0, "the boards leave with the match");
    assert!(
        app.world().resource::<SavedSim>().resumable(),
        "leaving keeps the match saved"
    );
    send(&mut app, SimCommand::OpenSetup);
    assert!(run_until(&mut app, 50, |app| sim_screen(app) == Some(SimScreen::Setup)));
    send(&mut app, SimCommand::Start);
    assert!(run_until(&mut app, 50, |app| sim_screen(app)
        == Some(SimScreen::Playing)
        && moves(&record(app)) == 0));
    assert_eq!(kept(&app), vec![left], "the match left is kept, as abandoned");
    let entry = &app.world().resource::<History>().entries[0];
    assert_eq!(
        entry.simultaneous().unwrap().ending(),
        Some(entropy_rules::Ending::Abandoned)
    );
}

/// The boards of the replay now.
fn shown(app: &App) -> [Vec<entropy_rules::Turn>; 2] {
    let game = &app.world().resource::<SimMatch>().game;
    Player::BOTH.map(|p| game.board(p).turns().to_vec())
}

/// The boards of `record` after its first `step` moves (placements and Order moves).
fn expected(record: &SimultaneousRecord, step: usize) -> [Vec<entropy_rules::Turn>; 2] {
    let mut game = entropy_rules::SimultaneousMatch::with_bag(record.size, &record.bag).unwrap();
    let mut made = 0;
    while let Some((player, action)) = record.next_action(&game) {
        if action == Action::Draw {
            game.draw().unwrap();
            continue;
        }
        if made == step {
            break;
        }
        game.apply(player, action).unwrap();
        made += 1;
    }
    Player::BOTH.map(|p| game.board(p).turns().to_vec())
}

#[test]
fn a_simultaneous_match_from_the_history_is_replayed_and_reviewed_board_by_board() {
    let dir = scratch("simultaneous-replay");
    let mut rng = SmallRng::seed_from_u64(8);
    let mut app = launch(&dir);
    send(&mut app, SimCommand::Start);
    play_until(&mut app, &mut rng, |app| sim_screen(app) == Some(SimScreen::Over));
    let played = record(&app);
    let total = moves(&played);
    let file = app.world().resource::<History>().entries[0].file.clone().unwrap();
    assert!(matches!(file, AnyMatchFile::Simultaneous(_)));
    send(&mut app, SimCommand::ToTitle);
    run_until(&mut app, 50, |app| sim_screen(app).is_none());

    // From the History: the replay opens at the start, both boards empty.
    send(
        &mut app,
        HistoryCommand::Replay {
            file: Box::new(file),
            review: false,
        },
    );
    assert!(run_until(&mut app, 50, |app| sim_screen(app) == Some(SimScreen::Replay)));
    assert_eq!(app.world().resource::<SimReplay>().moves.len(), total);
    assert_eq!(shown(&app), expected(&played, 0));
    let at = |app: &App| app.world().resource::<SimReplay>().step;
    // Steps forward, each played through the rules (one at a time as the
    // boards come to rest), then back, then jumps.
    for _ in 0..5 {
        send(&mut app, SimReplayCommand::Forward);
    }
    assert!(run_until(&mut app, 2000, |app| at(app) == 5 && !is_animating(app)));
    assert_eq!(shown(&app), expected(&played, 5));
    send(&mut app, SimReplayCommand::Back);
    send(&mut app, SimReplayCommand::Back);
    assert!(run_until(&mut app, 2000, |app| at(app) == 3 && !is_animating(app)));
    assert_eq!(shown(&app), expected(&played, 3));
    send(&mut app, SimReplayCommand::End);
    assert!(run_until(&mut app, 50, |app| at(app) == total));
    assert_eq!(shown(&app), played.boards);
    send(&mut app, SimReplayCommand::Goto(17));
    assert!(run_until(&mut app, 50, |app| at(app) == 17));
    assert_eq!(shown(&app), expected(&played, 17));
    // Playing by itself reaches the end and stops there.
    send(&mut app, SimReplayCommand::ToggleAutoplay);
    assert!(run_until(&mut app, 20_000, |app| at(app) == total
        && app.world().resource::<SimReplay>().autoplay.is_none()));
    assert_eq!(shown(&app), played.boards);
    assert!(
        app.world().get_resource::<SavedSim>().is_some_and(|s| !s.resumable()),
        "a replay is never saved"
    );

    // The review: every move of both boards judged.
    send(&mut app, SimReplayCommand::Review(entropy_ai::ReviewBudget::Quick));
    assert!(run_until(&mut app, 100, |app| app
        .world()
        .get_resource::<Review>()
        .is_some_and(|r| !r.working())));
    let review = app.world().resource::<Review>();
    let done = review.done.as_ref().expect("the review finished");
    assert_eq!(done.rounds.len(), 2);
    for owner in Player::BOTH {
        let board = &done.rounds[owner.index()];
        assert_eq!(board.order, owner);
        assert_eq!(
            board.moves.len(),
            moves(&SimultaneousRecord {
                boards: [played.boards[owner.index()].clone(), Vec::new()],
                ..played.clone()
            })
        );
    }
    // Back to the History: the replay and its review are gone.
    send(&mut app, SimReplayCommand::Leave);
    assert!(run_until(&mut app, 50, |app| sim_screen(app).is_none()
        && app.world().get_resource::<Review>().is_none()));
    assert_eq!(kept(&app).len(), 1, "the match is not kept again");
}

/// The person is named as a sentence names them: "Your board" over
/// their board, the other's "Beginner's board", never "You's board".
#[test]
fn the_person_s_board_is_your_board() {
    let mut app = window_app("sim-your-board");
    app.insert_resource(SimSetup {
        opponent: SimOpponent::Computer(Level::Beginner),
        size: Size::Five,
    });
    send(&mut app, SimCommand::Start);
    let titles = |app: &mut App| -> Vec<String> {
        let mut query = app
            .world_mut()
            .query_filtered::<&Text2d, With<entropy::simultaneous::boards::SimTitle>>();
        let mut titles: Vec<String> = query.iter(app.world()).map(|t| t.0.clone()).collect();
        titles.sort();
        titles
    };
    assert!(run_until(&mut app, 200, |app| titles(app).len() == 2
        && !titles(app)[0].is_empty()));
    let shown = titles(&mut app);
    assert!(shown[0].starts_with("Beginner's board"), "{shown:?}");
    assert!(shown[1].starts_with("Your board"), "{shown:?}");
    let prompt = entropy::simultaneous::panel::prompt(app.world().resource::<SimMatch>());
    assert!(!prompt.contains("You's"), "{prompt}");
}
