//! The search against brute force, and what each opponent model and
//! setting of the playout stage changes.

use entropy_rules::{Cell, OrderMove, Phase, Position, Size};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::{ChaosModel, Engine, Found, OrderModel};
use crate::config::{Playouts, SearchConfig};
use crate::testing::{expectimax, random_position};
use crate::{Level, Limits};

fn hard() -> SearchConfig {
    Level::Hard.search_config().unwrap()
}

fn hard_playouts() -> Playouts {
    hard().playouts.unwrap()
}

/// Chaos's cell in `position` by an engine searching as `config` says,
/// facing an Order it takes for a planner or for greedy.
fn chaos_place(position: &Position, config: SearchConfig, planner: bool, limits: &Limits) -> Found<Cell> {
    let model = if planner {
        OrderModel::Planner
    } else {
        OrderModel::Greedy { shuffles: false }
    };
    Engine::new(config).place(position, limits, model)
}

#[test]
fn a_full_width_search_matches_brute_force_expectimax_in_endgames() {
    let full = SearchConfig {
        root_beam: usize::MAX,
        root_chaos_beam: usize::MAX,
        order_beam: usize::MAX,
        chaos_beam: usize::MAX,
        max_depth: 3,
        greedy_chaos_cells: 0,
        playouts: None,
    };
    let mut rng = SmallRng::seed_from_u64(3);
    let mut engine = Engine::new(full);
    for _ in 0..6 {
        // Order to move with 2 empty cells: the search sees to the end.
        let position = random_position(Size::Five, 23, false, &mut rng);
        let found = engine.order(&position, &Limits::none(), ChaosModel::Minimising);
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
        let found = engine.place(&position, &Limits::none(), OrderModel::Planner);
        let exact = expectimax(&position);
        assert!(
            (found.value as f64 - exact).abs() < 1e-2,
            "search {} vs exact {exact}",
            found.value
        );
    }
}

#[test]
fn chaos_facing_a_greedy_order_ranks_cells_by_the_playouts_alone() {
    // Hard blends the playouts with the search's value, except for Chaos
    // while Order is modelled as greedy: then the playouts alone count.
    let hard = hard();
    assert_eq!(hard_playouts().weight_greedy, 1.0);
    let alone = SearchConfig {
        playouts: Some(Playouts {
            weight: 1.0,
            ..hard_playouts()
        }),
        ..hard
    };
    let blended = SearchConfig {
        playouts: Some(Playouts {
            weight_greedy: hard_playouts().weight,
            ..hard_playouts()
        }),
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
    let hard = hard();
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
            let model = if greedy {
                ChaosModel::Greedy
            } else {
                ChaosModel::Minimising
            };
            let found = Engine::new(config).order(&position, &limits, model);
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
    // of playout cells only bounds Chaos's cells.
    let hard = hard();
    let few_cells = SearchConfig {
        playouts: Some(Playouts {
            chaos_cells: 2,
            ..hard_playouts()
        }),
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
            let found = Engine::new(config).order(&position, &limits, ChaosModel::Minimising);
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
    let hard = SearchConfig { max_depth: 1, ..hard() };
    let margins = |greedy: u32, planner: Option<u32>| SearchConfig {
        playouts: Some(Playouts {
            safe_margin: greedy,
            safe_margin_planner: planner,
            ..hard_playouts()
        }),
        ..hard
    };
    // A margin wider than any concession: no cell is dropped.
    let wide = 99;
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
        let against_greedy = place(margins(0, None), false);
        assert_eq!(concedes(&position, against_greedy.best), least);
        assert_eq!(against_greedy, place(margins(0, Some(0)), false));
        let against_planner = place(margins(wide, Some(0)), true);
        assert_eq!(concedes(&position, against_planner.best), least);
        let unfiltered = place(margins(0, None), true);
        assert_eq!(unfiltered, place(margins(wide, None), true));
        if concedes(&position, unfiltered.best) > least {
            unsafe_moves += 1;
        }
    }
    assert!(
        unsafe_moves > 0,
        "without the filter Chaos never conceded more than it had to"
    );
}
