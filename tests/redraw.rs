//! The game asks for frames only while something moves: at a person's turn,
//! in a dialog and in a menu with nothing moving no frame asks for another;
//! a move asks for frames while it moves and then stops; a running clock
//! asks for one at its next second; the living title board asks for one at
//! its next move; a search asks for none while it runs. The whole game runs
//! headless here, a fixed step a frame, and counts the frames that ask.

mod common;

use std::time::Duration;

use bevy::prelude::*;
use common::*;
use entropy::app::redraw::Redraw;
use entropy::solomon::game::SolomonCommand;
use entropy::solomon::match_setup::{ClockChoice, MatchSetup, Opponent, RoleChoice};
use entropy::ui::overlays::{Overlay, OverlayCommand};
use entropy_ai::Level;
use entropy_rules::Size;
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// Frames of 40 ms in 10 s.
const TEN_SECONDS: usize = 250;

fn redraw(app: &App) -> &Redraw {
    app.world().resource::<Redraw>()
}

/// The whole game with a match of `setup` started and settled.
fn match_app(name: &str, setup: MatchSetup) -> App {
    let mut app = window_app(name);
    *app.world_mut().resource_mut::<MatchSetup>() = setup;
    send(&mut app, SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    settle(&mut app);
    app
}

fn hot_seat_setup() -> MatchSetup {
    MatchSetup {
        size: Size::Seven,
        opponent: Opponent::Person,
        names: ["Ada".into(), "Blaise".into()],
        ..MatchSetup::default()
    }
}

/// Runs frames until one asks for no other; fails naming who kept asking.
fn come_to_rest(app: &mut App, what: &str) {
    let rested = run_until(app, 400, |app| redraw(app).last().is_none());
    assert!(rested, "{what}: frames kept asking, last by {:?}", redraw(app).last());
}

/// Runs 10 s of frames and asserts that none asked for another.
fn assert_nothing_asks(app: &mut App, what: &str) {
    come_to_rest(app, what);
    let before = redraw(app).asked();
    for _ in 0..TEN_SECONDS {
        app.update();
        assert_eq!(
            redraw(app).asked(),
            before,
            "{what}: a frame asked for another, by {:?}",
            redraw(app).last()
        );
    }
}

#[test]
fn a_persons_turn_a_dialog_and_a_menu_ask_for_no_frame_and_a_move_asks_only_while_it_moves() {
    let mut app = match_app("redraw-turn", hot_seat_setup());
    let mut rng = SmallRng::seed_from_u64(5);
    play(&mut app, &mut rng, 7);
    settle(&mut app);
    assert_nothing_asks(&mut app, "a person's turn");

    // A move: its frames are asked for while it moves, then none.
    let before = redraw(&app).asked();
    let intent = random_intent(&app, &mut rng).expect("a move to make");
    send(&mut app, intent);
    settle(&mut app);
    assert!(redraw(&app).asked() > before, "the move asked for no frame to move in");
    assert_nothing_asks(&mut app, "after a move");

    send(&mut app, OverlayCommand::Open(Overlay::Pause));
    assert_nothing_asks(&mut app, "the pause dialog");
    send(&mut app, OverlayCommand::Open(Overlay::Settings));
    assert_nothing_asks(&mut app, "the settings dialog");
    send(&mut app, OverlayCommand::CloseAll);

    send(&mut app, SolomonCommand::OpenSetup);
    wait_for(&mut app, SolomonScreen::Setup);
    assert_nothing_asks(&mut app, "the match's setup");
}

#[test]
fn a_running_clock_asks_for_a_frame_at_its_next_second_only() {
    let mut app = match_app(
        "redraw-clock",
        MatchSetup {
            clock: ClockChoice::Minutes(3),
            ..hot_seat_setup()
        },
    );
    let mut at_once = 0;
    for _ in 0..TEN_SECONDS {
        app.update();
        let clock = app.world().resource::<entropy::solomon::clock::MatchClock>().clone();
        assert!(clock.running, "the clock runs at a person's turn");
        let wanted = redraw(&app).last().expect("a running clock asks for its next second");
        if wanted.wait.is_zero() {
            at_once += 1;
        }
        assert!(wanted.wait <= Duration::from_secs(1), "asked {:?} ahead", wanted.wait);
    }
    assert!(
        at_once <= TEN_SECONDS / 20,
        "{at_once} of {TEN_SECONDS} frames asked for another at once"
    );
}

#[test]
fn the_title_asks_for_frames_at_once_only_while_a_counter_moves() {
    let mut app = window_app("redraw-title");
    wait_for(&mut app, Shown::Title);
    let (mut at_once, mut later) = (0, 0);
    for _ in 0..TEN_SECONDS {
        app.update();
        match redraw(&app).last() {
            Some(w) if w.wait.is_zero() => at_once += 1,
            Some(_) => later += 1,
            None => {}
        }
    }
    assert!(at_once > 0, "the living board never moved");
    assert!(later > at_once, "{at_once} frames asked at once, {later} for later");
}

#[test]
fn a_search_asks_for_no_frame_while_it_runs() {
    let mut app = match_app(
        "redraw-search",
        MatchSetup {
            opponent: Opponent::Computer(Level::Hard),
            role: RoleChoice::Order,
            ..hot_seat_setup()
        },
    );
    // The computer is Chaos and places first.
    let mut searched_frames = 0;
    for _ in 0..4000 {
        if !searching(&app) && searched_frames > 0 {
            break;
        }
        app.update();
        if searching(&app) {
            searched_frames += 1;
            assert!(
                redraw(&app).last().is_none_or(|w| !w.wait.is_zero()),
                "a frame asked for another while the computer searched, by {:?}",
                redraw(&app).last()
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }
    assert!(searched_frames > 0, "the computer never searched");
}
