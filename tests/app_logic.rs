//! The game's logic without a window: whole rounds and matches played
//! through intent messages, the screens and phases, the board's entities
//! always matching the rules crate's round, refused intents changing
//! nothing, the count, undo and the clock.

mod common;

use std::time::Duration;

use bevy::prelude::*;
use common::*;
use entropy::app::Folders;
use entropy::solomon::count::{Beat, ScoreCount};
use entropy::solomon::game::{Applied, CurrentMatch, Intent, Refused, Solomon, SolomonCommand};
use entropy::solomon::match_clock::MatchClock;
use entropy::solomon::match_setup::{ClockChoice, MatchSetup, Opponent, RoleChoice};
use entropy::solomon::phase::TurnPhase;
use entropy::solomon::screens::panel::revealed_total;
use entropy::solomon::world::pieces::{BoardCell, Counter};
use entropy_ai::Level;
use entropy_rules::{Action, Cell, MoveError, OrderMove, Phase, Player, Role, Size, Slide};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// A hot-seat match on `size`, nothing kept on disk.
fn app(size: Size) -> App {
    let mut app = core_app(Folders::default());
    *app.world_mut().resource_mut::<MatchSetup>() = MatchSetup {
        size,
        opponent: Opponent::Person,
        ..MatchSetup::default()
    };
    app
}

fn start(app: &mut App) {
    send(app, SolomonCommand::StartMatch);
    wait_for(app, SolomonScreen::Playing);
    settle(app);
}

/// Plays the current round to its end with random legal intents, checking
/// the entities after every move. Returns how many intents were sent.
fn play_round(app: &mut App, rng: &mut SmallRng) -> usize {
    let mut sent = 0;
    loop {
        settle(app);
        assert_entities_match(app);
        match random_intent(app, rng) {
            Some(intent) => send(app, intent),
            None => return sent,
        }
        sent += 1;
    }
}

#[test]
fn a_whole_match_through_intents() {
    for size in Size::ALL {
        let mut app = app(size);
        let mut rng = SmallRng::seed_from_u64(size.n() as u64);
        assert_eq!(screen(&app), Shown::Title);
        send(&mut app, SolomonCommand::OpenSetup);
        wait_for(&mut app, SolomonScreen::Setup);
        start(&mut app);
        let first_order = app.world().resource::<CurrentMatch>().game.order_player(0);
        assert_eq!(first_order, Player::One, "player 1 starts as Order by default");

        // Round 1: Chaos places N² counters, Order answers all but the last.
        let sent = play_round(&mut app, &mut rng);
        assert_eq!(sent, 2 * size.cells() - 1);
        assert_entities_match(&mut app);
        app.update();
        assert_eq!(phase(&app), Some(TurnPhase::Scoring));
        wait_for(&mut app, SolomonScreen::RoundOver);
        assert_entities_match(&mut app);
        let first = app.world().resource::<CurrentMatch>().round().score();

        // Round 2 with the roles swapped, on a fresh board.
        send(&mut app, SolomonCommand::NextRound);
        wait_for(&mut app, SolomonScreen::Playing);
        app.update();
        assert_eq!(entity_board(&mut app).0.len(), 0, "round 2 starts on an empty board");
        assert_eq!(app.world().resource::<CurrentMatch>().game.order_player(1), Player::Two);
        play_round(&mut app, &mut rng);
        wait_for(&mut app, SolomonScreen::MatchOver);
        let game = app.world().resource::<CurrentMatch>();
        let second = game.round().score();
        assert_eq!(game.game.totals(), [first, second], "each player's Order score");
        assert!(game.game.outcome().is_some());

        // A rematch swaps who is Order first; leaving clears the board.
        send(&mut app, SolomonCommand::Rematch);
        wait_for(&mut app, SolomonScreen::Playing);
        assert_eq!(app.world().resource::<CurrentMatch>().game.order_player(0), Player::Two);
        send(&mut app, SolomonCommand::ToTitle);
        wait_for(&mut app, Shown::Title);
        app.update();
        assert_eq!(app.world_mut().query::<&BoardCell>().iter(app.world()).count(), 0);
        assert_eq!(app.world_mut().query::<&Counter>().iter(app.world()).count(), 0);
        assert!(app.world().get_resource::<CurrentMatch>().is_none());
    }
}

#[test]
fn phases_follow_the_rules() {
    let mut app = app(Size::Seven);
    start(&mut app);
    assert_eq!(phase(&app), Some(TurnPhase::Placing), "the draw is automatic");
    let Phase::ChaosPlace(colour) = app.world().resource::<CurrentMatch>().round().phase() else {
        panic!()
    };
    assert_eq!(entity_board(&mut app).1, vec![colour]);
    send(&mut app, Intent::<Solomon>(Action::Place(Cell::new(3, 3).unwrap())));
    settle(&mut app);
    assert_eq!(phase(&app), Some(TurnPhase::Sliding));
    send(&mut app, Intent::<Solomon>(Action::Pass));
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
    start(&mut app);
    let d4 = Cell::new(3, 3).unwrap();
    send(&mut app, Intent::<Solomon>(Action::Place(d4)));
    settle(&mut app);
    let e5 = Cell::new(4, 4).unwrap();
    let a1 = Cell::new(0, 0).unwrap();
    let tries = [
        (Action::Place(a1), None),
        (
            Action::Slide(Slide::new(d4, e5)),
            Some(MoveError::NotStraight { from: d4, to: e5 }),
        ),
        (
            Action::Slide(Slide::new(a1, Cell::new(0, 1).unwrap())),
            Some(MoveError::NoCounter(a1)),
        ),
        (Action::Draw, None),
    ];
    for (action, expected) in tries {
        let before = *app.world().resource::<CurrentMatch>().round().position();
        let entities = entity_board(&mut app);
        send(&mut app, Intent::<Solomon>(action));
        app.update();
        let refused: Vec<Refused<Solomon>> = app
            .world_mut()
            .resource_mut::<Messages<Refused<Solomon>>>()
            .drain()
            .collect();
        assert_eq!(refused.len(), 1, "{action:?} is refused");
        if let Some(error) = expected {
            assert_eq!(refused[0].error, error);
        }
        assert_eq!(
            app.world_mut()
                .resource_mut::<Messages<Applied<Solomon>>>()
                .drain()
                .count(),
            0
        );
        settle(&mut app);
        assert_eq!(
            *app.world().resource::<CurrentMatch>().round().position(),
            before,
            "{action:?} changed the round"
        );
        assert_eq!(entity_board(&mut app), entities, "{action:?} moved a counter");
        assert_eq!(phase(&app), Some(TurnPhase::Sliding));
    }
    let d1 = Cell::new(3, 0).unwrap();
    send(&mut app, Intent::<Solomon>(Action::Slide(Slide::new(d4, d1))));
    settle(&mut app);
    assert!(app.world().resource::<CurrentMatch>().round().board().get(d1).is_some());
    assert_entities_match(&mut app);
}

#[test]
fn the_count_visits_the_rules_runs_in_order_and_ends_on_the_total() {
    let mut app = app(Size::Five);
    let mut rng = SmallRng::seed_from_u64(99);
    start(&mut app);
    play_round(&mut app, &mut rng);
    app.update();
    app.update();
    let round_score = app.world().resource::<CurrentMatch>().round().score();
    let breakdown = app.world().resource::<CurrentMatch>().round().breakdown();
    // Nothing shows the round's score before the count does.
    let game = &app.world().resource::<CurrentMatch>().game;
    let count = app.world().resource::<ScoreCount>();
    assert_eq!(count.shown, 0, "the count starts from nothing");
    assert_eq!(revealed_total(game, Some(count), Player::One), Some(0));
    // Watch every beat: the runs come exactly as the rules crate lists them.
    let mut seen = Vec::new();
    let mut shown = 0;
    while screen(&app) == SolomonScreen::Playing {
        let count = app.world().resource::<ScoreCount>();
        for beat in &count.beats[shown..count.shown] {
            if let Beat::Run(step) = beat {
                seen.push(step.run);
            }
        }
        shown = count.shown;
        let game = &app.world().resource::<CurrentMatch>().game;
        assert_eq!(revealed_total(game, Some(count), Player::One), Some(count.counted()));
        app.update();
    }
    let expected: Vec<_> = breakdown.iter().flat_map(|l| l.runs.clone()).collect();
    assert_eq!(seen, expected, "line by line, short runs first");
    let count = app.world().resource::<ScoreCount>();
    assert!(count.finished());
    assert_eq!(count.counted(), round_score);
    // Every line is visited, those that score nothing too.
    let lines: Vec<_> = count.beats.iter().map(|b| b.line()).collect();
    for line in breakdown.iter().map(|l| l.line) {
        assert!(lines.contains(&line), "{line} is counted");
    }
}

#[test]
fn skipping_the_count_lands_on_the_same_total_and_the_count_belongs_to_its_round() {
    let mut app = app(Size::Five);
    let mut rng = SmallRng::seed_from_u64(7);
    start(&mut app);
    play_round(&mut app, &mut rng);
    app.update();
    app.update();
    send(&mut app, entropy::solomon::count::SkipCount);
    app.update();
    let count = app.world().resource::<ScoreCount>();
    assert!(count.finished());
    assert_eq!(count.counted(), app.world().resource::<CurrentMatch>().round().score());
    wait_for(&mut app, SolomonScreen::RoundOver);
    assert!(
        app.world().get_resource::<ScoreCount>().is_some(),
        "the finished count stays between rounds"
    );
    send(&mut app, SolomonCommand::NextRound);
    wait_for(&mut app, SolomonScreen::Playing);
    app.update();
    assert!(
        app.world().get_resource::<ScoreCount>().is_none(),
        "round 2 starts without round 1's count"
    );
}

#[test]
fn leaving_during_the_count_goes_to_the_title() {
    let mut app = app(Size::Five);
    let mut rng = SmallRng::seed_from_u64(5);
    start(&mut app);
    play_round(&mut app, &mut rng);
    for _ in 0..3 {
        app.update();
    }
    assert!(app.world().get_resource::<ScoreCount>().is_some(), "the count runs");
    send(&mut app, SolomonCommand::ToTitle);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(screen(&app), Shown::Title);
    assert!(app.world().get_resource::<CurrentMatch>().is_none());
    assert!(
        app.world().get_resource::<ScoreCount>().is_none(),
        "the count goes with its match"
    );
}

#[test]
fn computers_play_a_whole_match_through_the_same_intents() {
    let mut app = app(Size::Five);
    app.world_mut().resource_mut::<MatchSetup>().opponent = Opponent::Watch(Level::Beginner, Level::Easy);
    send(&mut app, SolomonCommand::StartMatch);
    let mut applied = 0;
    let mut refused = 0;
    // The frame never waits for the computer: it thinks on the task pool.
    run_until(&mut app, 60_000, |app| {
        applied += app
            .world_mut()
            .resource_mut::<Messages<Applied<Solomon>>>()
            .drain()
            .count();
        refused += app
            .world_mut()
            .resource_mut::<Messages<Refused<Solomon>>>()
            .drain()
            .count();
        match screen(app) {
            Shown::Solomon(SolomonScreen::RoundOver) => send(app, SolomonCommand::NextRound),
            Shown::Solomon(SolomonScreen::MatchOver) => return true,
            _ => {}
        }
        false
    });
    assert_eq!(screen(&app), SolomonScreen::MatchOver, "the computers finish the match");
    assert_eq!(refused, 0, "the computers only ask for legal moves");
    // Per round: 25 draws, 25 placements, 24 Order moves.
    assert_eq!(applied, 2 * (25 + 25 + 24));
    assert_entities_match(&mut app);
    assert!(app.world().resource::<CurrentMatch>().game.outcome().is_some());
}

/// The colours of the placements of the round so far.
fn placed_colours(app: &App) -> Vec<entropy_rules::Colour> {
    app.world()
        .resource::<CurrentMatch>()
        .round()
        .turns()
        .iter()
        .map(|t| t.placement.colour)
        .collect()
}

#[test]
fn undo_at_a_hot_seat_takes_back_one_move_and_keeps_the_luck() {
    let mut app = app(Size::Seven);
    let mut rng = SmallRng::seed_from_u64(3);
    start(&mut app);
    for _ in 0..9 {
        let intent = random_intent(&app, &mut rng).unwrap();
        send(&mut app, intent);
        settle(&mut app);
    }
    // Order is to move after the 5th placement: take back that placement.
    let before = app.world().resource::<CurrentMatch>().round().turns().to_vec();
    assert_eq!(app.world().resource::<CurrentMatch>().round().phase(), Phase::OrderMove);
    let last = *before.last().unwrap();
    send(&mut app, SolomonCommand::Undo);
    settle(&mut app);
    assert_entities_match(&mut app);
    assert_eq!(
        app.world().resource::<CurrentMatch>().round().phase(),
        Phase::ChaosPlace(last.placement.colour),
        "the same counter is in hand again"
    );
    // Placed elsewhere, the game goes on with the bag's order unchanged.
    let elsewhere = first_empty_cell(&app);
    send(&mut app, Intent::<Solomon>(Action::Place(elsewhere)));
    settle(&mut app);
    send(&mut app, Intent::<Solomon>(Action::Pass));
    settle(&mut app);
    let Phase::ChaosPlace(next) = app.world().resource::<CurrentMatch>().round().phase() else {
        panic!()
    };
    let colours = placed_colours(&app);
    assert_eq!(
        &colours[..before.len()],
        &before.iter().map(|t| t.placement.colour).collect::<Vec<_>>()[..]
    );
    // The counter drawn after the undo is the one the bag gives in that place.
    let record = app.world().resource::<CurrentMatch>().game.record();
    let mut replay =
        entropy_rules::Round::with_bag(entropy_rules::Bag::from_spec(Size::Seven, &record.bags[0]).unwrap());
    let mut draws = Vec::new();
    while replay.apply(Action::Draw).is_ok() {
        let Phase::ChaosPlace(c) = replay.phase() else {
            unreachable!()
        };
        draws.push(c);
        let cell = replay.position().placements().nth(0).unwrap();
        replay.apply(Action::Place(cell)).unwrap();
        if replay.phase() == Phase::OrderMove {
            replay.apply(Action::Pass).unwrap();
        }
    }
    assert_eq!(draws[before.len()], next);
}

#[test]
fn undo_against_the_computer_takes_back_the_persons_move_with_the_reply() {
    let mut app = app(Size::Five);
    {
        let mut setup = app.world_mut().resource_mut::<MatchSetup>();
        setup.opponent = Opponent::Computer(Level::Beginner);
        setup.role = RoleChoice::Chaos;
    }
    start(&mut app);
    let mut rng = SmallRng::seed_from_u64(5);
    // The person is Chaos: place three times, the computer replies each time.
    let your_turn = |app: &mut App| app.world().resource::<CurrentMatch>().person_to_move() && !is_animating(app);
    for _ in 0..3 {
        run_until(&mut app, 4000, your_turn);
        let intent = random_intent(&app, &mut rng).unwrap();
        send(&mut app, intent);
        settle(&mut app);
    }
    run_until(&mut app, 4000, your_turn);
    let turns = app.world().resource::<CurrentMatch>().round().turns().to_vec();
    assert_eq!(turns.len(), 3);
    assert!(
        turns.iter().all(|t| t.reply.is_some()),
        "the computer answered every placement"
    );
    send(&mut app, SolomonCommand::Undo);
    settle(&mut app);
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!(
        game.round().turns().len(),
        2,
        "the person's third placement is taken back with the reply"
    );
    assert_eq!(game.round().phase(), Phase::ChaosPlace(turns[2].placement.colour));
    assert!(game.person_to_move());
    assert_entities_match(&mut app);
}

/// Running out of time loses nothing by itself: the flag falls, and from
/// then on the rules play that player's part (the Mind Sports Olympiad's
/// rules) while the other plays on, their clock untouched.
#[test]
fn a_player_out_of_time_has_their_part_played_by_the_rules_in_either_role() {
    for role in [RoleChoice::Order, RoleChoice::Chaos] {
        let mut app = app(Size::Five);
        {
            let mut setup = app.world_mut().resource_mut::<MatchSetup>();
            setup.clock = ClockChoice::Minutes(3);
            setup.role = role;
            setup.tournament = role == RoleChoice::Chaos;
        }
        start(&mut app);
        assert!(app.world().get_resource::<MatchClock>().is_some());
        if role == RoleChoice::Order {
            send(&mut app, Intent::<Solomon>(Action::Place(Cell::new(2, 2).unwrap())));
            settle(&mut app);
        }
        // Player 1 is to decide in `role`: leave them a moment and let it run out.
        let (player, mover_role) = app.world().resource::<CurrentMatch>().game.to_move().unwrap();
        assert_eq!(player, Player::One);
        let expected_role = if role == RoleChoice::Order {
            Role::Order
        } else {
            Role::Chaos
        };
        assert_eq!(mover_role, expected_role);
        let fill = app
            .world()
            .resource::<CurrentMatch>()
            .round()
            .position()
            .fill_cell()
            .unwrap();
        app.world_mut().resource_mut::<MatchClock>().left[0] = Duration::from_millis(300);
        let other = app.world().resource::<MatchClock>().left[1];
        // The clock runs on the app's time, 40 ms a frame here; the rules
        // then play player 1's move and player 2 is to decide.
        run_until(&mut app, 200, |app| {
            let game = app.world().resource::<CurrentMatch>();
            game.game.is_flagged(Player::One) && game.person_to_move()
        });
        assert_eq!(screen(&app), SolomonScreen::Playing, "the match goes on");
        let game = &app.world().resource::<CurrentMatch>();
        assert!(game.game.is_flagged(Player::One));
        assert_eq!(game.game.forfeited(), None);
        assert_eq!(game.game.to_move().map(|(p, _)| p), Some(Player::Two));
        let last = *game.round().turns().last().unwrap();
        match expected_role {
            Role::Order => assert_eq!(last.reply, Some(OrderMove::Pass), "a flagged Order passes"),
            Role::Chaos => assert_eq!(last.placement.cell, fill, "a flagged Chaos fills from the top-left"),
        }
        assert_eq!(game.game.record().flags.len(), 1, "the record keeps the flag's fall");
        // Player 2's clock starts only once they are to decide (a frame here).
        let spent = other - app.world().resource::<MatchClock>().left[1];
        assert!(spent <= Duration::from_millis(80), "player 2's clock ran {spent:?}");
    }
}

/// A match continued where Order is to move starts with no refused draw:
/// the draw follows the rules' phase, never a copy of it a frame late.
#[test]
fn continuing_at_orders_turn_asks_for_no_draw() {
    let dir = scratch("continue-no-draw");
    let folders = Folders::in_dir(&dir);
    let mut app = core_app(folders.clone());
    app.world_mut().resource_mut::<MatchSetup>().opponent = Opponent::Person;
    start(&mut app);
    send(&mut app, Intent::<Solomon>(Action::Place(Cell::new(3, 3).unwrap())));
    settle(&mut app);
    assert_eq!(app.world().resource::<CurrentMatch>().round().phase(), Phase::OrderMove);
    drop(app);

    let mut app = core_app(folders);
    send(&mut app, SolomonCommand::Continue);
    let mut refused = 0;
    run_until(&mut app, 60, |app| {
        refused += app
            .world_mut()
            .resource_mut::<Messages<Refused<Solomon>>>()
            .drain()
            .count();
        false
    });
    assert_eq!(refused, 0, "nothing was refused");
    assert_eq!(screen(&app), SolomonScreen::Playing);
    assert_eq!(app.world().resource::<CurrentMatch>().round().phase(), Phase::OrderMove);
}

/// Under tournament rules a counter Order picks up is touched: the rules
/// then refuse a pass or another counter's move, and take its own slide.
#[test]
fn touch_move_holds_order_to_the_counter_picked_up() {
    let mut app = app(Size::Five);
    {
        let mut setup = app.world_mut().resource_mut::<MatchSetup>();
        setup.tournament = true;
        setup.clock = ClockChoice::TOURNAMENT;
    }
    start(&mut app);
    let placed = Cell::new(2, 2).unwrap();
    send(&mut app, Intent::<Solomon>(Action::Place(placed)));
    settle(&mut app);
    assert!(app.world().resource::<CurrentMatch>().tournament);
    // Order, a person at this screen, picks the counter up (any device does this).
    app.world_mut().resource_mut::<entropy::solomon::input::Held>().picked = Some(placed);
    app.update();
    app.update();
    let touched = app.world().resource::<CurrentMatch>().touched.map(|t| t.cell());
    assert_eq!(touched, Some(placed));
    app.world_mut().resource_mut::<Messages<Refused<Solomon>>>().clear();
    send(&mut app, Intent::<Solomon>(Action::Pass));
    app.update();
    let refused: Vec<Refused<Solomon>> = app
        .world_mut()
        .resource_mut::<Messages<Refused<Solomon>>>()
        .drain()
        .collect();
    assert!(
        refused.iter().any(|r| r.error == MoveError::Touched(placed)),
        "a pass is refused: {refused:?}"
    );
    assert_eq!(app.world().resource::<CurrentMatch>().round().phase(), Phase::OrderMove);
    let slide = Slide::new(placed, Cell::new(2, 0).unwrap());
    send(&mut app, Intent::<Solomon>(Action::Slide(slide)));
    settle(&mut app);
    let game = app.world().resource::<CurrentMatch>();
    assert_eq!(game.round().turns()[0].reply, Some(OrderMove::Slide(slide)));
    assert_eq!(game.touched, None, "the next turn starts untouched");
    assert_eq!(
        game.game.record().time_control.map(|t| t.secs()),
        Some(900),
        "the record keeps the tournament's clock"
    );
    assert!(
        game.game.record().clocks[0][0].reply.is_some(),
        "and each move's time left"
    );
}

/// The computer's flag falls like a person's: against it in a tournament,
/// its clock run out, the rules pass for it as Order and the person plays on.
#[test]
fn a_computer_out_of_time_has_its_part_played_by_the_rules() {
    let mut app = app(Size::Five);
    {
        let mut setup = app.world_mut().resource_mut::<MatchSetup>();
        setup.opponent = Opponent::Computer(Level::Beginner);
        setup.tournament = true;
        setup.clock = ClockChoice::TOURNAMENT;
        setup.role = RoleChoice::Chaos;
    }
    start(&mut app);
    app.world_mut().resource_mut::<MatchClock>().left[1] = Duration::from_nanos(1);
    send(&mut app, Intent::<Solomon>(Action::Place(Cell::new(1, 1).unwrap())));
    run_until(&mut app, 400, |app| {
        let game = app.world().resource::<CurrentMatch>();
        game.game.is_flagged(Player::Two) && game.person_to_move()
    });
    let game = app.world().resource::<CurrentMatch>();
    assert!(game.game.is_flagged(Player::Two), "the computer's flag fell");
    assert!(game.person_to_move(), "and the person plays on");
    assert_eq!(game.round().turns()[0].reply, Some(OrderMove::Pass));
}

/// A tournament match ended at any moment comes back as it was: its rules,
/// its clock, and a flag that fell (the rules still play that player's part).
#[test]
fn a_tournament_match_with_a_fallen_flag_comes_back_after_a_relaunch() {
    let dir = scratch("tournament-relaunch");
    let folders = Folders::in_dir(&dir);
    let mut app = core_app(folders.clone());
    {
        let mut setup = app.world_mut().resource_mut::<MatchSetup>();
        setup.opponent = Opponent::Person;
        setup.tournament = true;
        setup.clock = ClockChoice::TOURNAMENT;
    }
    start(&mut app);
    send(&mut app, Intent::<Solomon>(Action::Place(Cell::new(3, 3).unwrap())));
    settle(&mut app);
    // Order (player 1) runs out of time: the rules pass for them.
    app.world_mut().resource_mut::<MatchClock>().left[0] = Duration::from_millis(100);
    run_until(&mut app, 100, |app| {
        let game = app.world().resource::<CurrentMatch>();
        game.game.is_flagged(Player::One) && game.person_to_move()
    });
    assert!(app.world().resource::<CurrentMatch>().game.is_flagged(Player::One));
    drop(app);

    let mut app = core_app(folders);
    send(&mut app, SolomonCommand::Continue);
    wait_for(&mut app, SolomonScreen::Playing);
    let game = app.world().resource::<CurrentMatch>();
    assert!(game.tournament, "still under tournament rules");
    assert!(game.game.is_flagged(Player::One), "the flag is still down");
    assert_eq!(game.game.time_control().map(|t| t.secs()), Some(900));
    assert_eq!(app.world().resource::<MatchClock>().left[0], Duration::ZERO);
}
