//! The first-game tutorial, driven through intents: each step completes
//! when the player does what it asks, the rest of the round plays itself,
//! the count is shown, and nothing of it is saved or kept.

mod common;

use bevy::prelude::*;
use common::*;
use entropy::app::Folders;
use entropy::history::History;
use entropy::solomon::game::{CurrentMatch, Intent, Solomon, SolomonCommand};
use entropy::solomon::tutorial::{Step, Tutorial};
use entropy_rules::{Action, MoveList, OrderMove, Phase, Size};

fn step(app: &App) -> Step {
    app.world().resource::<Tutorial>().step
}

#[test]
fn the_tutorial_walks_through_a_round() {
    let dir = scratch("tutorial");
    let mut app = core_app(Folders::in_dir(&dir));
    send(&mut app, SolomonCommand::StartTutorial);
    wait_for(&mut app, SolomonScreen::Playing);
    settle(&mut app);
    assert_eq!(app.world().resource::<CurrentMatch>().round().size(), Size::Five);
    assert_eq!(step(&app), Step::Place);

    // Chaos: place.
    let cell = first_empty_cell(&app);
    send(&mut app, Intent::<Solomon>(Action::Place(cell)));
    settle(&mut app);
    assert_eq!(step(&app), Step::Slide);

    // Order: a pass does not move the tutorial on; a slide does.
    let position = *app.world().resource::<CurrentMatch>().round().position();
    let mut moves = MoveList::new();
    position.order_moves(&mut moves);
    let slide = moves
        .iter()
        .find(|m| matches!(m, OrderMove::Slide(_)))
        .copied()
        .unwrap();
    send(&mut app, Intent::<Solomon>(Action::from(slide)));
    settle(&mut app);
    assert_eq!(step(&app), Step::ChaosAgain);

    // Chaos's next placement is made for the player.
    for _ in 0..400 {
        app.update();
        if step(&app) == Step::Pass && !is_animating(&mut app) {
            break;
        }
    }
    assert_eq!(step(&app), Step::Pass);
    assert_eq!(app.world().resource::<CurrentMatch>().round().phase(), Phase::OrderMove);
    send(&mut app, Intent::<Solomon>(Action::Pass));
    settle(&mut app);
    assert_eq!(step(&app), Step::Watch);

    // The round plays itself to its end and is counted.
    wait_for(&mut app, SolomonScreen::RoundOver);
    assert!(app.world().resource::<CurrentMatch>().round().is_finished());
    assert_eq!(step(&app), Step::Done);
    key(&mut app, KeyCode::Enter);
    wait_for(&mut app, Shown::Title);
    assert!(app.world().get_resource::<Tutorial>().is_none());
    assert!(!dir.join("data/match.ron").exists(), "the tutorial is not saved");
    assert!(
        app.world().resource::<History>().entries.is_empty(),
        "nor kept in the history"
    );
}
