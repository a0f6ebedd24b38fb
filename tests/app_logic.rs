//! The game's logic without a window: whole rounds and matches played
//! through intent messages, the screens and phases, the board's entities
//! always matching the rules crate's round, and refused intents changing
//! nothing.

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use entropy::animation::animating;
use entropy::board::{BoardCell, Counter, CounterAt};
use entropy::game::{Applied, Command, CurrentMatch, Intent, MatchSetup, Refused};
use entropy::screens::{Screen, TurnPhase};
use entropy_rules::{Cell, MoveError, MoveList, OrderMove, Phase, Player, Size, Slide};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn app(size: Size) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, entropy::CorePlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(40)))
        .insert_resource(MatchSetup { size, ..default() });
    app.update();
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn phase(app: &App) -> Option<TurnPhase> {
    app.world().get_resource::<State<TurnPhase>>().map(|s| *s.get())
}

fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
}

fn is_animating(app: &mut App) -> bool {
    app.world_mut().run_system_cached(animating).unwrap()
}

/// Runs frames until no motion blocks input and the phase mirrors the rules.
fn settle(app: &mut App) {
    for _ in 0..200 {
        app.update();
        let settled = !is_animating(app)
            && match (app.world().get_resource::<CurrentMatch>(), phase(app)) {
                (Some(game), Some(p)) => p == TurnPhase::of(game.round().phase()) && p != TurnPhase::Drawing,
                _ => true,
            };
        if settled {
            return;
        }
    }
    panic!("the game did not settle");
}

/// The counters on the board as the entities show them, and the one in hand.
fn entity_board(app: &mut App) -> (Vec<(Cell, entropy_rules::Colour)>, Vec<entropy_rules::Colour>) {
    let mut on_cells = Vec::new();
    let mut in_hand = Vec::new();
    let mut query = app.world_mut().query::<&Counter>();
    for counter in query.iter(app.world()) {
        match counter.at {
            CounterAt::Cell(cell) => on_cells.push((cell, counter.colour)),
            CounterAt::Hand => in_hand.push(counter.colour),
        }
    }
    on_cells.sort();
    (on_cells, in_hand)
}

/// The entities hold the same counters on the same cells as the round.
fn assert_entities_match(app: &mut App) {
    let (on_cells, in_hand) = entity_board(app);
    let game = app.world().resource::<CurrentMatch>();
    let round = game.round();
    let mut expected: Vec<(Cell, entropy_rules::Colour)> = Cell::all(round.size())
        .filter_map(|c| round.board().get(c).map(|colour| (c, colour)))
        .collect();
    expected.sort();
    assert_eq!(on_cells, expected, "counter entities must stand where the round says");
    match round.phase() {
        Phase::ChaosPlace(colour) => assert_eq!(in_hand, vec![colour], "the drawn counter is in Chaos's hand"),
        _ => assert!(in_hand.is_empty(), "no counter in hand"),
    }
    let cells = app.world_mut().query::<&BoardCell>().iter(app.world()).count();
    let size = app.world().resource::<CurrentMatch>().round().size();
    assert_eq!(cells, size.cells(), "one entity per cell");
}

/// Plays the current round to its end with random legal intents, checking
/// the entities after every move. Returns how many intents were sent.
fn play_round(app: &mut App, rng: &mut SmallRng) -> usize {
    let mut sent = 0;
    loop {
        settle(app);
        assert_entities_match(app);
        let position = *app.world().resource::<CurrentMatch>().round().position();
        let intent = match position.phase() {
            Phase::ChaosPlace(_) => {
                let vacant = position.placements();
                Intent::Place(vacant.nth(rng.random_range(0..vacant.len())).unwrap())
            }
            Phase::OrderMove => {
                let mut moves = MoveList::new();
                position.order_moves(&mut moves);
                match moves[rng.random_range(0..moves.len())] {
                    OrderMove::Slide(s) => Intent::Slide(s),
                    OrderMove::Pass => Intent::Pass,
                }
            }
            Phase::Finished => return sent,
            Phase::ChaosDraw => panic!("the draw happens by itself"),
        };
        send(app, intent);
        sent += 1;
    }
}

/// Runs frames until the screen is `wanted`.
fn wait_for(app: &mut App, wanted: Screen) {
    for _ in 0..2000 {
        if screen(app) == wanted {
            return;
        }
        app.update();
    }
    panic!("never reached {wanted:?}, stuck on {:?}", screen(app));
}

#[test]
fn a_whole_match_through_intents() {
    for size in Size::ALL {
        let mut app = app(size);
        let mut rng = SmallRng::seed_from_u64(size.n() as u64);
        assert_eq!(screen(&app), Screen::Title);
        send(&mut app, Command::OpenSetup);
        app.update();
        app.update();
        assert_eq!(screen(&app), Screen::Setup);
        send(&mut app, Command::StartMatch);
        app.update();
        app.update();
        assert_eq!(screen(&app), Screen::Playing);

        // Round 1: Chaos places N² counters, Order answers all but the last.
        let sent = play_round(&mut app, &mut rng);
        assert_eq!(sent, 2 * size.cells() - 1);
        assert_entities_match(&mut app);
        app.update();
        assert_eq!(phase(&app), Some(TurnPhase::Scoring));
        wait_for(&mut app, Screen::RoundOver);
        assert_entities_match(&mut app);
        let first = app.world().resource::<CurrentMatch>().round().score();

        // Round 2 with the roles swapped, on a fresh board.
        send(&mut app, Command::NextRound);
        wait_for(&mut app, Screen::Playing);
        app.update();
        assert_eq!(entity_board(&mut app).0.len(), 0, "round 2 starts on an empty board");
        {
            let game = app.world().resource::<CurrentMatch>();
            assert_eq!(game.0.round_index(), 1);
            assert_eq!(game.0.order_player(1), Player::Two);
        }
        play_round(&mut app, &mut rng);
        wait_for(&mut app, Screen::MatchOver);
        let game = app.world().resource::<CurrentMatch>();
        let second = game.round().score();
        assert_eq!(game.0.totals(), [first, second], "each player's Order score");
        assert!(game.0.outcome().is_some());

        // A rematch swaps who is Order first; leaving clears the board.
        send(&mut app, Command::Rematch);
        wait_for(&mut app, Screen::Playing);
        assert_eq!(app.world().resource::<MatchSetup>().first_order, Player::Two);
        assert_eq!(app.world().resource::<CurrentMatch>().0.order_player(0), Player::Two);
        send(&mut app, Command::ToTitle);
        wait_for(&mut app, Screen::Title);
        app.update();
        assert_eq!(app.world_mut().query::<&BoardCell>().iter(app.world()).count(), 0);
        assert_eq!(app.world_mut().query::<&Counter>().iter(app.world()).count(), 0);
        assert!(app.world().get_resource::<CurrentMatch>().is_none());
    }
}

#[test]
fn phases_follow_the_rules() {
    let mut app = app(Size::Seven);
    send(&mut app, Command::StartMatch);
    app.update();
    app.update();
    // The draw is automatic: Chaos soon holds a counter.
    settle(&mut app);
    assert_eq!(phase(&app), Some(TurnPhase::Placing));
    let Phase::ChaosPlace(colour) = app.world().resource::<CurrentMatch>().round().phase() else {
        panic!()
    };
    assert_eq!(entity_board(&mut app).1, vec![colour]);
    send(&mut app, Intent::Place(Cell::new(3, 3).unwrap()));
    settle(&mut app);
    assert_eq!(phase(&app), Some(TurnPhase::Sliding));
    send(&mut app, Intent::Pass);
    settle(&mut app);
    assert_eq!(
        phase(&app),
        Some(TurnPhase::Placing),
        "after Order's pass, Chaos draws again"
    );
    assert_eq!(app.world().resource::<CurrentMatch>().round().turns().len(), 1);
}

#[test]
fn illegal_intents_change_nothing() {
    let mut app = app(Size::Seven);
    send(&mut app, Command::StartMatch);
    app.update();
    settle(&mut app);
    let d4 = Cell::new(3, 3).unwrap();
    send(&mut app, Intent::Place(d4));
    settle(&mut app);
    // Order is to move: a placement, a crooked slide, a blocked one, an empty start.
    let tries = [
        (Intent::Place(Cell::new(0, 0).unwrap()), None),
        (
            Intent::Slide(Slide::new(d4, Cell::new(4, 4).unwrap())),
            Some(MoveError::NotStraight {
                from: d4,
                to: Cell::new(4, 4).unwrap(),
            }),
        ),
        (
            Intent::Slide(Slide::new(Cell::new(0, 0).unwrap(), Cell::new(0, 1).unwrap())),
            Some(MoveError::NoCounter(Cell::new(0, 0).unwrap())),
        ),
        (Intent::Draw, None),
    ];
    for (intent, expected) in tries {
        let before = *app.world().resource::<CurrentMatch>().round().position();
        let entities = entity_board(&mut app);
        send(&mut app, intent);
        app.update();
        let refused: Vec<Refused> = app.world_mut().resource_mut::<Messages<Refused>>().drain().collect();
        assert_eq!(refused.len(), 1, "{intent:?} is refused");
        if let Some(error) = expected {
            assert_eq!(refused[0].error, error);
        }
        let applied = app.world_mut().resource_mut::<Messages<Applied>>().drain().count();
        assert_eq!(applied, 0);
        settle(&mut app);
        assert_eq!(
            *app.world().resource::<CurrentMatch>().round().position(),
            before,
            "{intent:?} changed the round"
        );
        assert_eq!(entity_board(&mut app), entities, "{intent:?} moved a counter");
        assert_eq!(phase(&app), Some(TurnPhase::Sliding));
    }
    // A legal slide still works after the refusals.
    send(&mut app, Intent::Slide(Slide::new(d4, Cell::new(3, 0).unwrap())));
    settle(&mut app);
    assert_eq!(
        app.world()
            .resource::<CurrentMatch>()
            .round()
            .board()
            .get(Cell::new(3, 0).unwrap())
            .is_some(),
        true
    );
    assert_entities_match(&mut app);
}

#[test]
fn the_count_reveals_every_run_before_round_over() {
    let mut app = app(Size::Five);
    let mut rng = SmallRng::seed_from_u64(99);
    send(&mut app, Command::StartMatch);
    app.update();
    play_round(&mut app, &mut rng);
    app.update();
    app.update();
    let count = app.world().resource::<entropy::game::ScoreCount>().clone();
    let total: u32 = count.runs.iter().map(|r| r.len as u32).sum();
    assert_eq!(total, app.world().resource::<CurrentMatch>().round().score());
    assert!(
        count.shown < count.runs.len() || count.runs.is_empty(),
        "the count starts from nothing"
    );
    wait_for(&mut app, Screen::RoundOver);
    let count = app.world().resource::<entropy::game::ScoreCount>();
    assert!(count.finished());
    assert_eq!(count.counted(), total);
}

#[test]
fn computers_play_a_whole_match_through_the_same_intents() {
    use entropy::ai::Seat;
    use entropy_ai::Level;
    let mut app = app(Size::Five);
    app.world_mut().resource_mut::<MatchSetup>().seats = [Seat::Computer(Level::Beginner), Seat::Computer(Level::Easy)];
    send(&mut app, Command::StartMatch);
    let mut applied = 0;
    let mut refused = 0;
    for _ in 0..40_000 {
        app.update();
        applied += app.world_mut().resource_mut::<Messages<Applied>>().drain().count();
        refused += app.world_mut().resource_mut::<Messages<Refused>>().drain().count();
        match screen(&app) {
            Screen::RoundOver => send(&mut app, Command::NextRound),
            Screen::MatchOver => break,
            _ => {}
        }
        // The frame never waits for the computer: it thinks on the task pool.
        std::thread::sleep(Duration::from_micros(200));
    }
    assert_eq!(screen(&app), Screen::MatchOver, "the computers finish the match");
    assert_eq!(refused, 0, "the computers only ask for legal moves");
    // Per round: 25 draws, 25 placements, 24 Order moves.
    assert_eq!(applied, 2 * (25 + 25 + 24));
    assert_entities_match(&mut app);
    assert!(app.world().resource::<CurrentMatch>().0.outcome().is_some());
}
