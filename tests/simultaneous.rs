//! The simultaneous match in the game's logic (headless): two boards fed by
//! one queue of draws, a person's moves and the computer's through the same
//! intents, to the result.

mod common;

use bevy::prelude::*;
use common::*;
use entropy::app::Folders;
use entropy::simultaneous::{SimAction, SimCommand, SimMatch, SimOpponent, SimScreen, SimSetup, Simultaneous};
use entropy::table::turn::Intent;
use entropy_ai::Level;
use entropy_rules::{Action, Cell, MoveList, Outcome, Player, Role, Size};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn sim_screen(app: &App) -> Option<SimScreen> {
    app.world().get_resource::<State<SimScreen>>().map(|s| *s.get())
}

/// A random legal action for the person the rules wait for, if any.
fn person_action(app: &App, rng: &mut SmallRng) -> Option<SimAction> {
    let game = app.world().get_resource::<SimMatch>()?;
    let pending = game.person_to_act()?;
    let position = game.game.board(pending.board).position();
    let action = match pending.role {
        Role::Chaos => {
            let vacant: Vec<Cell> = position.board().vacant().into_iter().collect();
            Action::Place(vacant[rng.random_range(0..vacant.len())])
        }
        Role::Order => {
            let mut moves = MoveList::new();
            position.order_moves(&mut moves);
            Action::from(moves[rng.random_range(0..moves.len())])
        }
    };
    Some(SimAction {
        player: pending.player,
        action,
    })
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
