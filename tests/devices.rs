//! Whole matches from the title screen to the match's end with the keyboard
//! alone and with a gamepad alone, through Bevy's input messages (key and
//! gamepad button events, as the window system sends them), never intents.

mod common;

use bevy::prelude::*;
use common::*;
use entropy::app::Folders;
use entropy::solomon::game::CurrentMatch;
use entropy::solomon::input::BoardCursor;
use entropy::ui::overlays::{Overlay, Overlays};
use entropy_rules::{Cell, MoveList, OrderMove, Phase, Size};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// One device's way of pressing things.
trait Device {
    fn press(&mut self, app: &mut App, what: Press);
}

#[derive(Clone, Copy, Debug)]
enum Press {
    Towards(KeyCode),
    Confirm,
    Back,
    Pass,
    Pause,
}

struct Keyboard;

impl Device for Keyboard {
    fn press(&mut self, app: &mut App, what: Press) {
        let code = match what {
            Press::Towards(arrow) => arrow,
            Press::Confirm => KeyCode::Enter,
            Press::Back | Press::Pause => KeyCode::Escape,
            Press::Pass => KeyCode::KeyP,
        };
        key(app, code);
    }
}

struct Pad(Entity);

impl Device for Pad {
    fn press(&mut self, app: &mut App, what: Press) {
        let b = match what {
            Press::Towards(KeyCode::ArrowUp) => GamepadButton::DPadUp,
            Press::Towards(KeyCode::ArrowDown) => GamepadButton::DPadDown,
            Press::Towards(KeyCode::ArrowLeft) => GamepadButton::DPadLeft,
            Press::Towards(_) => GamepadButton::DPadRight,
            Press::Confirm => GamepadButton::South,
            Press::Back => GamepadButton::East,
            Press::Pass => GamepadButton::North,
            Press::Pause => GamepadButton::Start,
        };
        button(app, self.0, b);
    }
}

fn cursor(app: &App) -> Cell {
    app.world().resource::<BoardCursor>().at
}

/// Moves the board cursor to `to` and confirms there.
fn act_on(app: &mut App, device: &mut dyn Device, to: Cell) {
    for arrow in arrows(cursor(app), to) {
        device.press(app, Press::Towards(arrow));
    }
    assert_eq!(cursor(app), to, "the cursor follows the directions");
    device.press(app, Press::Confirm);
}

/// Plays the round on screen to its end, every move with `device`.
fn play_round(app: &mut App, device: &mut dyn Device, rng: &mut SmallRng) {
    loop {
        settle(app);
        let position = *app.world().resource::<CurrentMatch>().round().position();
        let before = app.world().resource::<CurrentMatch>().round().turns().to_vec();
        match position.phase() {
            Phase::ChaosPlace(colour) => {
                let vacant = position.placements();
                let cell = vacant.nth(rng.random_range(0..vacant.len())).unwrap();
                act_on(app, device, cell);
                settle(app);
                let turns = app.world().resource::<CurrentMatch>().round().turns().to_vec();
                assert_eq!(turns.len(), before.len() + 1, "the placement went in");
                assert_eq!(
                    (
                        turns.last().unwrap().placement.cell,
                        turns.last().unwrap().placement.colour
                    ),
                    (cell, colour)
                );
            }
            Phase::OrderMove => {
                let mut moves = MoveList::new();
                position.order_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                match mv {
                    OrderMove::Pass => device.press(app, Press::Pass),
                    OrderMove::Slide(slide) => {
                        act_on(app, device, slide.from);
                        act_on(app, device, slide.to);
                    }
                }
                settle(app);
                let turns = app.world().resource::<CurrentMatch>().round().turns().to_vec();
                assert_eq!(turns.last().unwrap().reply, Some(mv), "Order's move went in");
            }
            Phase::Finished => return,
            Phase::ChaosDraw => unreachable!("settle waits for the draw"),
        }
    }
}

/// From the title to the match's end: choose a hot-seat 5×5 match in the
/// setup, play both rounds, and visit the pause menu on the way.
fn whole_match(device: &mut dyn Device, app: &mut App) {
    let mut rng = SmallRng::seed_from_u64(42);
    assert_eq!(screen(app), Shown::Title);
    device.press(app, Press::Confirm);
    assert_eq!(screen(app), SolomonScreen::Setup, "the title opens on New match");
    // The focus opens on Start: up to the opponent, another person; down to the board, 5×5.
    for _ in 0..8 {
        device.press(app, Press::Towards(KeyCode::ArrowUp));
    }
    device.press(app, Press::Towards(KeyCode::ArrowRight));
    device.press(app, Press::Towards(KeyCode::ArrowDown));
    device.press(app, Press::Towards(KeyCode::ArrowDown));
    device.press(app, Press::Towards(KeyCode::ArrowRight));
    for _ in 0..6 {
        device.press(app, Press::Towards(KeyCode::ArrowDown));
    }
    device.press(app, Press::Confirm);
    wait_for(app, SolomonScreen::Playing);
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!(game.round().size(), Size::Five, "the board chosen with the keys");
    assert!(
        game.seats
            .iter()
            .all(|s| *s == entropy::solomon::match_setup::Seat::Person)
    );

    // The pause menu opens and closes, and the board waits meanwhile.
    settle(app);
    device.press(app, Press::Pause);
    assert_eq!(app.world().resource::<Overlays>().top(), Some(Overlay::Pause));
    let before = cursor(app);
    device.press(app, Press::Towards(KeyCode::ArrowRight));
    assert_eq!(cursor(app), before, "the board takes no input under the menu");
    device.press(app, Press::Back);
    assert_eq!(app.world().resource::<Overlays>().top(), None, "back closes the menu");
    device.press(app, Press::Pause);
    device.press(app, Press::Confirm);
    assert_eq!(
        app.world().resource::<Overlays>().top(),
        None,
        "the menu opens on Resume"
    );

    play_round(app, device, &mut rng);
    wait_for(app, SolomonScreen::RoundOver);
    device.press(app, Press::Confirm);
    wait_for(app, SolomonScreen::Playing);
    play_round(app, device, &mut rng);
    wait_for(app, SolomonScreen::MatchOver);
    let game = app.world().resource::<CurrentMatch>();
    assert!(game.game.outcome().is_some());
    device.press(app, Press::Confirm);
    wait_for(app, SolomonScreen::Playing);
    assert_eq!(
        app.world().resource::<CurrentMatch>().game.round_index(),
        0,
        "Rematch is the focused choice"
    );
}

#[test]
fn a_whole_match_with_the_keyboard_alone() {
    let mut app = core_app(Folders::default());
    whole_match(&mut Keyboard, &mut app);
}

#[test]
fn a_whole_match_with_a_gamepad_alone() {
    let mut app = core_app(Folders::default());
    let pad = connect_gamepad(&mut app);
    whole_match(&mut Pad(pad), &mut app);
}

#[test]
fn a_gamepad_plugged_in_mid_match_works() {
    let mut app = core_app(Folders::default());
    app.world_mut()
        .resource_mut::<entropy::solomon::match_setup::MatchSetup>()
        .opponent = entropy::solomon::match_setup::Opponent::Person;
    key(&mut app, KeyCode::Enter);
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, SolomonScreen::Playing);
    settle(&mut app);
    // Pulled out and another plugged in: the new one acts.
    let first = connect_gamepad(&mut app);
    app.world_mut().entity_mut(first).despawn();
    app.update();
    let second = connect_gamepad(&mut app);
    settle(&mut app);
    let centre = cursor(&app);
    button(&mut app, second, GamepadButton::DPadLeft);
    assert_eq!(cursor(&app).col() + 1, centre.col());
    button(&mut app, second, GamepadButton::South);
    settle(&mut app);
    assert_eq!(
        app.world().resource::<CurrentMatch>().round().turns().len(),
        1,
        "the pad placed a counter"
    );
}

/// The simultaneous match's cursor: whose board and which cell.
fn sim_cursor(app: &App) -> Option<(entropy_rules::Player, Cell)> {
    app.world().resource::<entropy::simultaneous::input::SimHand>().cursor
}

/// Moves the simultaneous match's cursor to `to` on `board` (the waiting
/// board, where it starts) and confirms there.
fn sim_act_on(app: &mut App, device: &mut dyn Device, board: entropy_rules::Player, to: Cell) {
    let size = app.world().resource::<entropy::simultaneous::SimMatch>().game.size();
    let (owner, from) = sim_cursor(app).unwrap_or((board, size.centre()));
    assert_eq!(owner, board, "the cursor is on the board waiting");
    for arrow in arrows(from, to) {
        device.press(app, Press::Towards(arrow));
    }
    assert_eq!(sim_cursor(app).unwrap_or((board, size.centre())), (board, to));
    device.press(app, Press::Confirm);
}

/// From the title to the end of a simultaneous match between two people at
/// this screen, every choice and move with `device`: the cursor crosses
/// between the boards, each placement lands on the other's board, slides
/// and passes on one's own; then Rematch.
fn whole_simultaneous_match(device: &mut dyn Device, app: &mut App) {
    use entropy::simultaneous::{SimMatch, SimScreen};
    use entropy_rules::Role;
    let sim_screen = |app: &App| app.world().get_resource::<State<SimScreen>>().map(|s| *s.get());
    let mut rng = SmallRng::seed_from_u64(7);
    assert_eq!(screen(app), Shown::Title);
    let target = app
        .world()
        .resource::<entropy::ui::title::TitleMenu>()
        .shown()
        .iter()
        .position(|e| e.label == "Two boards at once")
        .expect("the title lists the simultaneous match");
    let focus = |app: &App| app.world().resource::<entropy::ui::navigation::Focus>().index;
    for _ in 0..12 {
        if focus(app) == target {
            break;
        }
        let towards = if focus(app) < target {
            KeyCode::ArrowDown
        } else {
            KeyCode::ArrowUp
        };
        device.press(app, Press::Towards(towards));
    }
    device.press(app, Press::Confirm);
    assert!(run_until(app, 50, |app| sim_screen(app) == Some(SimScreen::Setup)));
    // The focus opens on Start: up to the opponent, another person; down to the board, 5×5.
    let setup = |app: &App| *app.world().resource::<entropy::simultaneous::SimSetup>();
    assert_eq!(focus(app), 3, "Start, under the opponent, the level and the board");
    for _ in 0..3 {
        device.press(app, Press::Towards(KeyCode::ArrowUp));
    }
    device.press(app, Press::Towards(KeyCode::ArrowRight));
    assert_eq!(setup(app).opponent, entropy::simultaneous::SimOpponent::Person);
    device.press(app, Press::Towards(KeyCode::ArrowDown));
    device.press(app, Press::Towards(KeyCode::ArrowRight));
    assert_eq!(setup(app).size, Size::Five);
    device.press(app, Press::Towards(KeyCode::ArrowDown));
    device.press(app, Press::Confirm);
    assert!(
        run_until(app, 50, |app| sim_screen(app) == Some(SimScreen::Playing)),
        "{:?}",
        setup(app)
    );
    let game = app.world().resource::<SimMatch>();
    assert_eq!(game.game.size(), Size::Five, "the board chosen");
    assert!(game.seats.iter().all(|s| s.is_person()), "two people at this screen");

    // The pause menu opens and closes over the boards.
    assert!(run_until(app, 400, |app| app
        .world()
        .resource::<SimMatch>()
        .person_to_act()
        .is_some()
        && !is_animating(app)));
    device.press(app, Press::Pause);
    assert_eq!(app.world().resource::<Overlays>().top(), Some(Overlay::Pause));
    device.press(app, Press::Back);
    assert_eq!(app.world().resource::<Overlays>().top(), None, "back closes the menu");

    // The cursor crosses to the other board past the edge between them, and back.
    let waiting = app.world().resource::<SimMatch>().person_to_act().unwrap().board;
    let (across, back) = match waiting {
        entropy_rules::Player::One => (KeyCode::ArrowRight, KeyCode::ArrowLeft),
        entropy_rules::Player::Two => (KeyCode::ArrowLeft, KeyCode::ArrowRight),
    };
    for _ in 0..3 {
        device.press(app, Press::Towards(across));
    }
    assert_eq!(
        sim_cursor(app).map(|c| c.0),
        Some(waiting.other()),
        "the cursor crossed over"
    );
    for _ in 0..3 {
        device.press(app, Press::Towards(back));
    }
    assert_eq!(sim_cursor(app).map(|c| c.0), Some(waiting), "and came back");

    let mut slides = 0;
    loop {
        assert!(run_until(app, 4000, |app| sim_screen(app) != Some(SimScreen::Playing)
            || (!is_animating(app)
                && app.world().resource::<SimMatch>().person_to_act().is_some())));
        if sim_screen(app) != Some(SimScreen::Playing) || app.world().resource::<SimMatch>().game.is_over() {
            break;
        }
        let game = app.world().resource::<SimMatch>();
        let pending = game.person_to_act().unwrap();
        let position = *game.game.board(pending.board).position();
        let before = game.game.moves_made(pending.player);
        match pending.role {
            Role::Chaos => {
                let vacant = position.placements();
                let cell = vacant.nth(rng.random_range(0..vacant.len())).unwrap();
                sim_act_on(app, device, pending.board, cell);
                let game = &app.world().resource::<SimMatch>().game;
                assert_eq!(
                    game.board(pending.board).turns().last().unwrap().placement.cell,
                    cell,
                    "placed there"
                );
            }
            Role::Order => {
                let mut moves = MoveList::new();
                position.order_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                match mv {
                    OrderMove::Pass => device.press(app, Press::Pass),
                    OrderMove::Slide(slide) => {
                        sim_act_on(app, device, pending.board, slide.from);
                        sim_act_on(app, device, pending.board, slide.to);
                        slides += 1;
                    }
                }
                let game = &app.world().resource::<SimMatch>().game;
                assert_eq!(
                    game.board(pending.board).turns().last().unwrap().reply,
                    Some(mv),
                    "Order's move went in"
                );
            }
        }
        assert_eq!(
            app.world().resource::<SimMatch>().game.moves_made(pending.player),
            before + 1
        );
    }
    assert!(slides > 0, "slides were made with the device");
    // The count: any press shows the totals at once; then the result.
    assert!(run_until(app, 20_000, |app| {
        if sim_screen(app) == Some(SimScreen::Over) {
            return true;
        }
        device.press(app, Press::Confirm);
        false
    }));
    assert!(app.world().resource::<SimMatch>().game.outcome().is_some());
    device.press(app, Press::Confirm);
    assert!(
        run_until(app, 50, |app| sim_screen(app) == Some(SimScreen::Playing)
            && app
                .world()
                .resource::<SimMatch>()
                .game
                .moves_made(entropy_rules::Player::One)
                == 0),
        "Rematch is the focused choice: {:?} {:?}",
        sim_screen(app),
        app.world().resource::<SimMatch>().game.record()
    );
}

#[test]
fn a_simultaneous_match_with_the_keyboard_alone() {
    let mut app = core_app(Folders::default());
    whole_simultaneous_match(&mut Keyboard, &mut app);
}

#[test]
fn a_simultaneous_match_with_a_gamepad_alone() {
    let mut app = core_app(Folders::default());
    let pad = connect_gamepad(&mut app);
    whole_simultaneous_match(&mut Pad(pad), &mut app);
}
