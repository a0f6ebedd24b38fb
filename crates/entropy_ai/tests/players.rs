//! The AI players: legal moves everywhere, determinism, cancellation, hints,
//! and the search against a brute-force expectimax on small endgames.

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use entropy_ai::{Engine, Found, Greedy, Level, Limits, Player, SearchConfig, StopFlag, Weights, evaluate, hint};
use entropy_rules::{Board, Cell, Counts, OrderMove, Phase, Position, Size};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A position reached by random play: `placed` counters on the board,
/// waiting for Chaos to place (`chaos`) or for Order.
fn random_position(size: Size, placed: usize, chaos: bool, rng: &mut SmallRng) -> Position {
    let mut position = Position::new(size);
    loop {
        match position.phase() {
            Phase::ChaosDraw => {
                let colour = position.counts().sample(rng).unwrap();
                position.draw(colour).unwrap();
                if chaos && position.board().counters() == placed {
                    return position;
                }
            }
            Phase::ChaosPlace(_) => {
                let cells = position.placements();
                let cell = cells.nth(rng.random_range(0..cells.len())).unwrap();
                position.place(cell).unwrap();
                if !chaos && position.board().counters() == placed {
                    return position;
                }
            }
            Phase::OrderMove => {
                let k = rng.random_range(0..position.order_move_count());
                position.order(position.nth_order_move(k).unwrap()).unwrap();
            }
            Phase::Finished => unreachable!("stops before the board is full"),
        }
    }
}

/// Every level and the greedy baseline, seeded.
fn players(seed: u64) -> Vec<Box<dyn Player>> {
    let mut players: Vec<Box<dyn Player>> = Level::ALL.iter().map(|level| level.player(seed)).collect();
    players.push(Box::new(Greedy::new(seed)));
    players
}

#[test]
fn every_move_of_every_player_is_legal_in_random_positions() {
    let mut rng = SmallRng::seed_from_u64(7);
    let limits = Limits::nodes(3_000);
    let mut checked = 0;
    for size in Size::ALL {
        let mut players = players(3);
        for _ in 0..300 {
            let placed = rng.random_range(1..size.cells());
            let chaos = rng.random_bool(0.5);
            let position = random_position(size, placed - chaos as usize, chaos, &mut rng);
            for player in players.iter_mut() {
                if chaos {
                    let cell = player.place(&position, &limits);
                    assert!(
                        position.check_place(cell).is_ok(),
                        "{} placed on {cell} in {position:?}",
                        player.name()
                    );
                } else {
                    let mv = player.order(&position, &limits);
                    assert!(
                        position.check_order(mv).is_ok(),
                        "{} played {mv} in {position:?}",
                        player.name()
                    );
                }
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 * 300 * 6);
}

#[test]
fn whole_rounds_between_levels_are_legal_on_both_sizes() {
    for size in Size::ALL {
        for (i, (order_level, chaos_level)) in [(Level::Master, Level::Beginner), (Level::Easy, Level::Hard)]
            .into_iter()
            .enumerate()
        {
            let mut order = order_level.player(i as u64);
            let mut chaos = chaos_level.player(i as u64 + 10);
            let limits = Limits::nodes(20_000);
            let mut position = Position::new(size);
            let mut rng = SmallRng::seed_from_u64(i as u64);
            while !position.is_finished() {
                match position.phase() {
                    Phase::ChaosDraw => position.draw(position.counts().sample(&mut rng).unwrap()).unwrap(),
                    Phase::ChaosPlace(_) => {
                        position.place(chaos.place(&position, &limits)).unwrap();
                    }
                    Phase::OrderMove => position.order(order.order(&position, &limits)).unwrap(),
                    Phase::Finished => {}
                }
            }
            assert!(position.board().is_full());
        }
    }
}

#[test]
fn a_fixed_seed_and_node_budget_give_the_same_moves() {
    let mut rng = SmallRng::seed_from_u64(11);
    let positions: Vec<(Position, bool)> = (0..12)
        .map(|i| {
            let chaos = i % 2 == 0;
            (random_position(Size::Seven, 5 + 3 * i, chaos, &mut rng), chaos)
        })
        .collect();
    let limits = Limits::nodes(200_000);
    let play = |level: Level, seed: u64| -> Vec<String> {
        let mut player = level.player(seed);
        positions
            .iter()
            .map(|(position, chaos)| {
                if *chaos {
                    player.place(position, &limits).to_string()
                } else {
                    player.order(position, &limits).to_string()
                }
            })
            .collect()
    };
    for level in Level::ALL {
        assert_eq!(play(level, 5), play(level, 5), "{level}");
    }
    // The casual levels' choices do depend on the seed.
    let differ = (0..6).any(|seed| play(Level::Beginner, seed) != play(Level::Beginner, seed + 100));
    assert!(differ, "the beginner's random choices follow its seed");
}

#[test]
fn a_raised_flag_stops_a_long_search_promptly_with_a_legal_move() {
    let mut rng = SmallRng::seed_from_u64(5);
    let order_position = random_position(Size::Seven, 20, false, &mut rng);
    let chaos_position = random_position(Size::Seven, 20, true, &mut rng);
    for (position, chaos) in [(order_position, false), (chaos_position, true)] {
        let stop = StopFlag::new();
        let limits = Limits::time(Duration::from_secs(120)).with_stop(stop.clone());
        let (done, finished) = mpsc::channel();
        let worker = thread::spawn(move || {
            let mut player = Level::Master.player(1);
            let answer = if chaos {
                player.place(&position, &limits).to_string()
            } else {
                player.order(&position, &limits).notation(Cell::TOP_LEFT)
            };
            done.send(Instant::now()).unwrap();
            answer
        });
        thread::sleep(Duration::from_millis(100));
        let raised = Instant::now();
        stop.raise();
        let answered = finished
            .recv_timeout(Duration::from_secs(10))
            .expect("the search stops");
        let answer = worker.join().unwrap();
        // The contract is well under 50 ms; the margin here covers a loaded test machine.
        let late = answered.saturating_duration_since(raised);
        assert!(late < Duration::from_millis(400), "answered {late:?} after the flag");
        if chaos {
            let cell: Cell = answer.parse().unwrap();
            assert!(position.check_place(cell).is_ok());
        } else {
            let mv = OrderMove::parse(&answer).unwrap();
            assert!(position.check_order(mv).is_ok());
        }
    }
}

#[test]
fn a_flag_raised_before_the_move_gives_a_legal_move_at_once() {
    let mut rng = SmallRng::seed_from_u64(9);
    let position = random_position(Size::Seven, 30, false, &mut rng);
    let stop = StopFlag::new();
    stop.raise();
    let limits = Limits::none().with_stop(stop);
    for level in Level::ALL {
        let mv = level.player(1).order(&position, &limits);
        assert!(position.check_order(mv).is_ok(), "{level}");
    }
}

#[test]
fn levels_have_names_budgets_and_parse_back() {
    for level in Level::ALL {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        assert_eq!(level.to_string().to_uppercase().parse::<Level>(), Ok(level));
        assert_eq!(level.player(0).name(), level.to_string());
    }
    let err = "grandmaster".parse::<Level>().unwrap_err();
    assert!(
        err.to_string().contains("beginner, easy, medium, hard or master"),
        "{err}"
    );
    let budgets: Vec<Duration> = Level::ALL.iter().map(|l| l.budget()).collect();
    assert!(budgets.windows(2).all(|w| w[0] <= w[1]), "{budgets:?}");
    assert!(Level::Easy.budget() <= Duration::from_millis(30));
    assert!(Level::Medium.budget() <= Duration::from_millis(250));
    assert!(Level::Hard.budget() <= Duration::from_secs(1));
    assert!(Level::Master.budget() <= Duration::from_secs(5));
}

#[test]
fn the_hint_prefers_a_sure_three_to_a_pair_now() {
    // Row A: red on Aa and Ac. Whatever fills Ab scores at least 3 there
    // (7 if red), so sliding Ac to Ab for a pair now (2 points) is worse.
    let red = entropy_rules::Colour::ALL[0];
    let green = entropy_rules::Colour::ALL[1];
    let mut position = Position::new(Size::Five);
    for (colour, cell) in [(red, "Aa"), (green, "Ee"), (red, "Ac")] {
        if position.phase() == Phase::OrderMove {
            position.order(OrderMove::Pass).unwrap();
        }
        position.draw(colour).unwrap();
        position.place(cell.parse().unwrap()).unwrap();
    }
    let hint = hint(&position, &Limits::nodes(300_000)).unwrap();
    let pair = OrderMove::slide("Ac".parse().unwrap(), "Ab".parse().unwrap());
    assert_ne!(hint.best, pair);
    assert!(position.check_order(hint.best).is_ok());
    assert!(hint.expected >= 3.0, "{hint:?}");
    // No hint when Order is not to move.
    let mut drawn = position;
    drawn.order(hint.best).unwrap();
    drawn.draw(green).unwrap();
    assert_eq!(entropy_ai::hint(&drawn, &Limits::nodes(1000)), None);
}

#[test]
fn the_hint_finds_the_best_last_move_and_predicts_its_score() {
    let mut rng = SmallRng::seed_from_u64(21);
    for size in Size::ALL {
        for _ in 0..10 {
            // One empty cell: the last counter's colour is known, so the best move is exact.
            let position = random_position(size, size.cells() - 1, false, &mut rng);
            let hint = hint(&position, &Limits::nodes(100_000)).unwrap();
            let exact = expectimax(&position);
            let mut after = position;
            after.order(hint.best).unwrap();
            assert_eq!(expectimax(&after), exact, "{} is not a best last move", hint.best);
            assert!((hint.expected - exact).abs() < 1e-3, "{hint:?} vs {exact}");
        }
    }
}

#[test]
fn the_evaluation_counts_a_sure_three_and_never_falls_below_the_score() {
    // A.A in a row: whatever fills the gap scores 3 in that row.
    let board = Board::parse("1.1..\n.....\n.....\n.....\n.....\n").unwrap();
    let mut p = Position::new(Size::Five);
    for cell in ["Aa", "Ac"] {
        p.draw(entropy_rules::Colour::ALL[0]).unwrap();
        p.place(cell.parse().unwrap()).unwrap();
        p.order(OrderMove::Pass).unwrap();
    }
    let counts: Counts = *p.counts();
    assert_eq!(p.board(), &board);
    let floor_only = Weights {
        floor: 1.0,
        mean: 0.0,
        ..Weights::default()
    };
    // The gap scores 3 at least; each cell beside a red scores 2 only with red.
    assert_eq!(evaluate(&board, &counts, floor_only), 3.0);
    let with_mean = evaluate(&board, &counts, Weights::default());
    assert!(with_mean > 3.0, "{with_mean}");
    let mut rng = SmallRng::seed_from_u64(2);
    for _ in 0..200 {
        let position = random_position(Size::Seven, rng.random_range(1..48), false, &mut rng);
        let value = evaluate(position.board(), position.counts(), Weights::default());
        assert!(value >= position.score() as f32, "{value} < {}", position.score());
    }
}

/// The exact expected final score with both sides playing perfectly.
fn expectimax(position: &Position) -> f64 {
    match position.phase() {
        Phase::Finished => position.score() as f64,
        Phase::ChaosDraw => {
            let counts = position.counts();
            let total = counts.total() as f64;
            counts
                .iter()
                .filter(|&(_, n)| n > 0)
                .map(|(colour, n)| {
                    let mut drawn = *position;
                    drawn.draw(colour).unwrap();
                    n as f64 / total * expectimax(&drawn)
                })
                .sum()
        }
        Phase::ChaosPlace(_) => position
            .placements()
            .into_iter()
            .map(|cell| {
                let mut after = *position;
                after.place(cell).unwrap();
                expectimax(&after)
            })
            .fold(f64::MAX, f64::min),
        Phase::OrderMove => {
            let mut moves = entropy_rules::MoveList::new();
            position.order_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut after = *position;
                    after.order(mv).unwrap();
                    expectimax(&after)
                })
                .fold(f64::MIN, f64::max)
        }
    }
}

#[test]
fn a_full_width_search_matches_brute_force_expectimax_in_endgames() {
    let full = SearchConfig {
        root_beam: usize::MAX,
        root_chaos_beam: usize::MAX,
        order_beam: usize::MAX,
        chaos_beam: usize::MAX,
        max_depth: 3,
        ..SearchConfig::default()
    };
    let mut rng = SmallRng::seed_from_u64(3);
    let mut engine = Engine::new(full);
    for _ in 0..6 {
        // Order to move with 2 empty cells: the search sees to the end.
        let position = random_position(Size::Five, 23, false, &mut rng);
        let found = engine.order(&position, &Limits::none());
        let exact = expectimax(&position);
        assert!(
            (found.value as f64 - exact).abs() < 1e-2,
            "search {} vs exact {exact}",
            found.value
        );
        let mut after = position;
        after.order(found.best).unwrap();
        assert!(
            (expectimax(&after) - exact).abs() < 1e-2,
            "{} is not a best move",
            found.best
        );
        // Chaos to place with 3 empty cells.
        let position = random_position(Size::Five, 22, true, &mut rng);
        let found = engine.place(&position, &Limits::none());
        let exact = expectimax(&position);
        assert!(
            (found.value as f64 - exact).abs() < 1e-2,
            "search {} vs exact {exact}",
            found.value
        );
    }
}

#[test]
fn the_search_levels_beat_greedy_as_order_in_a_few_rounds() {
    // Not a strength measurement (that is the arena's job): a smoke test that
    // the search is wired the right way round, on 5×5 with small budgets.
    let limits = Limits::nodes(50_000);
    let (mut searched, mut greedy_total) = (0, 0);
    for seed in 0..6 {
        for (order_is_search, total) in [(true, &mut searched), (false, &mut greedy_total)] {
            let mut order: Box<dyn Player> = if order_is_search {
                Level::Medium.player(seed)
            } else {
                Box::new(Greedy::new(seed))
            };
            let mut chaos = Greedy::new(seed + 50);
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut position = Position::new(Size::Five);
            while !position.is_finished() {
                match position.phase() {
                    Phase::ChaosDraw => position.draw(position.counts().sample(&mut rng).unwrap()).unwrap(),
                    Phase::ChaosPlace(_) => {
                        position.place(chaos.place(&position, &limits)).unwrap();
                    }
                    Phase::OrderMove => position.order(order.order(&position, &limits)).unwrap(),
                    Phase::Finished => {}
                }
            }
            *total += position.score();
        }
    }
    assert!(searched > greedy_total, "search {searched} vs greedy {greedy_total}");
}

/// Chaos's cell in `position` by an engine searching as `config` says,
/// facing an Order it takes for a planner or for greedy.
fn chaos_place(position: &Position, config: SearchConfig, planner: bool, limits: &Limits) -> Found<Cell> {
    let mut engine = Engine::new(config);
    engine.facing_planner(planner);
    engine.place(position, limits)
}

#[test]
fn chaos_facing_a_greedy_order_ranks_cells_by_the_playouts_alone() {
    // Hard blends the playouts with the search's value, except for Chaos
    // while Order is modelled as greedy: then the playouts alone count.
    let hard = Level::Hard.search_config().unwrap();
    assert_eq!(hard.playout_weight_greedy, Some(1.0));
    let alone = SearchConfig {
        playout_weight: 1.0,
        playout_weight_greedy: None,
        ..hard
    };
    let blended = SearchConfig {
        playout_weight_greedy: None,
        ..hard
    };
    let limits = Limits::nodes(40_000);
    let mut rng = SmallRng::seed_from_u64(11);
    let mut differ = 0;
    for _ in 0..6 {
        let position = random_position(Size::Seven, 20, true, &mut rng);
        let place = |config: SearchConfig, planner: bool| {
            let found = chaos_place(&position, config, planner, &limits);
            (found.best, found.value)
        };
        let against_greedy = place(hard, false);
        assert_eq!(against_greedy, place(alone, false));
        assert_eq!(place(hard, true), place(blended, true));
        if place(blended, false) != against_greedy {
            differ += 1;
        }
    }
    assert!(differ > 0, "the blend never changed Chaos's move or its value");
}

#[test]
fn order_facing_a_greedy_chaos_searches_it_as_greedy() {
    // While Order takes Chaos for greedy, its search averages over the cells
    // that score least at once instead of taking Chaos's best cell.
    let hard = Level::Hard.search_config().unwrap();
    assert!(hard.greedy_chaos_cells > 0);
    let minimising = SearchConfig {
        greedy_chaos_cells: 0,
        ..hard
    };
    let limits = Limits::nodes(40_000);
    let mut rng = SmallRng::seed_from_u64(12);
    let mut differ = 0;
    for _ in 0..6 {
        let position = random_position(Size::Seven, 20, false, &mut rng);
        let order = |config: SearchConfig, greedy: bool| {
            let mut engine = Engine::new(config);
            engine.facing_greedy_chaos(greedy);
            let found = engine.order(&position, &limits);
            (found.best, found.value)
        };
        let against_greedy = order(hard, true);
        let mut after = position;
        assert!(after.order(against_greedy.0).is_ok());
        assert_eq!(
            order(hard, false),
            order(minimising, true),
            "a Chaos not taken for greedy minimises"
        );
        if order(minimising, false) != against_greedy {
            differ += 1;
        }
    }
    assert!(differ > 0, "the greedy model never changed Order's move or its value");
}

#[test]
fn order_playouts_judge_the_whole_root_beam() {
    // Order's playout stage judges every move of its root beam; the number
    // of playout moves only bounds Chaos's cells.
    let hard = Level::Hard.search_config().unwrap();
    let few_cells = SearchConfig {
        playout_moves: 2,
        ..hard
    };
    let narrow = SearchConfig { root_beam: 10, ..hard };
    assert!(hard.root_beam > narrow.root_beam);
    let limits = Limits::nodes(300_000);
    let mut rng = SmallRng::seed_from_u64(21);
    let mut differ = 0;
    for _ in 0..6 {
        let position = random_position(Size::Seven, 18, false, &mut rng);
        let order = |config: SearchConfig| {
            let found = Engine::new(config).order(&position, &limits);
            (found.best, found.value)
        };
        let wide = order(hard);
        let mut after = position;
        assert!(after.order(wide.0).is_ok());
        assert_eq!(wide, order(few_cells), "Order's stage does not depend on Chaos's cells");
        if order(narrow) != wide {
            differ += 1;
        }
    }
    assert!(differ > 0, "judging more moves never changed Order's move or its value");
}

/// What Chaos concedes at once by placing the drawn counter on `cell`: the
/// placement's score and Order's best slide after it.
fn concedes(position: &Position, cell: Cell) -> u32 {
    let mut after = *position;
    after.place(cell).unwrap();
    let mut best = after.score();
    if after.phase() == Phase::OrderMove {
        after.board().for_each_slide(|from, to| {
            let mut slid = after;
            if slid.order(OrderMove::slide(from, to)).is_ok() {
                best = best.max(slid.score());
            }
        });
    }
    best - position.score()
}

#[test]
fn chaos_keeps_safe_cells_by_the_margin_for_the_order_it_faces() {
    // Chaos's playouts judge only the cells that concede least at once, by
    // one margin against a greedy Order and another against one that plans.
    let hard = SearchConfig {
        max_depth: 1,
        ..Level::Hard.search_config().unwrap()
    };
    let margins = |greedy: Option<u32>, planner: Option<u32>| SearchConfig {
        playout_safe_margin: greedy,
        playout_safe_margin_planner: planner,
        ..hard
    };
    let limits = Limits::nodes(40_000);
    let mut rng = SmallRng::seed_from_u64(13);
    let mut unsafe_moves = 0;
    for _ in 0..8 {
        let position = random_position(Size::Seven, 24, true, &mut rng);
        let least = position
            .placements()
            .into_iter()
            .map(|cell| concedes(&position, cell))
            .min()
            .unwrap();
        let place = |config: SearchConfig, planner: bool| chaos_place(&position, config, planner, &limits);
        let against_greedy = place(margins(Some(0), None), false);
        assert_eq!(concedes(&position, against_greedy.best), least);
        assert_eq!(against_greedy, place(margins(Some(0), Some(0)), false));
        let against_planner = place(margins(None, Some(0)), true);
        assert_eq!(concedes(&position, against_planner.best), least);
        let unfiltered = place(margins(Some(0), None), true);
        assert_eq!(unfiltered, place(margins(None, None), true));
        if concedes(&position, unfiltered.best) > least {
            unsafe_moves += 1;
        }
    }
    assert!(
        unsafe_moves > 0,
        "without the filter Chaos never conceded more than it had to"
    );
}
