//! The mouse on the board through Bevy's real input path: cursor positions
//! and button presses go into the app as the window system sends them, and
//! the board's picking, the interface's picking and the pointer systems
//! turn them into moves. A Chaos click, an Order click-click and an Order
//! drag, in the whole game built without a window system or renderer.

mod common;

use bevy::input::ButtonState;
use bevy::prelude::*;
use common::*;
use entropy::solomon::game::{CurrentMatch, Intent, Solomon};
use entropy::solomon::match_setup::{MatchSetup, Opponent};
use entropy::solomon::world::layout::BoardLayout;
use entropy_rules::{Action, Cell, OrderMove, Phase, Slide};

fn app() -> App {
    let mut app = window_app("pointer");
    app.world_mut().resource_mut::<MatchSetup>().opponent = Opponent::Person;
    app
}

/// A match between two people, its first turn on screen.
fn playing() -> App {
    let mut app = app();
    app.world_mut()
        .write_message(entropy::solomon::game::SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    settle(&mut app);
    app
}

/// Where `cell` is on the window, in logical pixels.
fn on_screen(app: &mut App, cell: Cell) -> Vec2 {
    let world = app.world().resource::<BoardLayout>().cell_centre(cell);
    on_window(app, world)
}

fn click(app: &mut App, cell: Cell) {
    let at = on_screen(app, cell);
    click_at(app, at);
}

fn last_reply(app: &App) -> Option<OrderMove> {
    app.world()
        .resource::<CurrentMatch>()
        .round()
        .turns()
        .last()
        .and_then(|t| t.reply)
}

#[test]
fn the_mouse_places_and_slides_on_the_board() {
    let mut app = playing();

    // Chaos: a click on an empty cell places the drawn counter there.
    let dd = Cell::new(3, 3).unwrap();
    click(&mut app, dd);
    settle(&mut app);
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!(game.round().turns().len(), 1, "the click placed a counter");
    assert_eq!(game.round().turns()[0].placement.cell, dd);
    assert_eq!(game.round().phase(), Phase::OrderMove);

    // Order: click the counter, then click where it goes.
    let da = Cell::new(3, 0).unwrap();
    click(&mut app, dd);
    click(&mut app, da);
    settle(&mut app);
    assert_eq!(
        last_reply(&app),
        Some(OrderMove::Slide(Slide::new(dd, da))),
        "click, click slides"
    );

    // Chaos again, then Order drags the counter from Da to Ga.
    let bb = Cell::new(1, 1).unwrap();
    click(&mut app, bb);
    settle(&mut app);
    let ga = Cell::new(6, 0).unwrap();
    let (from, to) = (on_screen(&mut app, da), on_screen(&mut app, ga));
    move_to(&mut app, from);
    mouse(&mut app, ButtonState::Pressed);
    for step in 1..=8 {
        move_to(&mut app, from.lerp(to, step as f32 / 8.0));
    }
    mouse(&mut app, ButtonState::Released);
    settle(&mut app);
    assert_eq!(
        last_reply(&app),
        Some(OrderMove::Slide(Slide::new(da, ga))),
        "a drag slides"
    );
    assert_entities_match(&mut app);

    // A click on the side panel (the interface) does not reach the board.
    let panel = Vec2::new(1280.0 - 60.0, 400.0);
    move_to(&mut app, panel);
    mouse(&mut app, ButtonState::Pressed);
    mouse(&mut app, ButtonState::Released);
    settle(&mut app);
    assert_eq!(app.world().resource::<CurrentMatch>().round().turns().len(), 2);
    let _ = Intent::<Solomon>(Action::Pass);
}

#[test]
fn the_turn_cards_buttons_stay_in_place_when_a_counter_is_picked_up() {
    entropy::ui::theme::controls::record();
    let mut app = playing();
    let dd = Cell::new(3, 3).unwrap();
    click(&mut app, dd);
    settle(&mut app);
    assert_eq!(app.world().resource::<CurrentMatch>().round().phase(), Phase::OrderMove);

    // Order's card says what to do; with a counter picked up, where it may
    // go: other words, the same buttons in the same places.
    let labels = ["Pass", "Hint", "Undo"];
    let nothing_held = buttons_drawn(&mut app, &labels);
    click(&mut app, dd);
    settle(&mut app);
    assert_eq!(app.world().resource::<entropy::solomon::input::Held>().picked, Some(dd));
    let held = buttons_drawn(&mut app, &labels);
    assert_eq!(held, nothing_held, "Pass, Hint and Undo stay where they were");
}
