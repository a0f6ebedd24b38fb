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
