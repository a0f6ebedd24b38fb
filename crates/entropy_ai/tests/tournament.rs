//! Tournament play: the clock's budget over the moves the rules count, and
//! the players in a simultaneous match.

use std::time::Duration;

use entropy_ai::budget::{MOVE_OVERHEAD, SAFETY_RESERVE};
use entropy_ai::{Level, Limits, Player, choose_simultaneous};
use entropy_rules::{Action, Match, Phase, SimultaneousMatch, Size, TimeControl};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A random legal action of the side to act (or the rules' own).
fn random_action(game: &Match, rng: &mut SmallRng) -> Action {
    if let Some(forced) = game.forced_action() {
        return forced;
    }
    let position = *game.round().position();
    match position.phase() {
        Phase::ChaosDraw => Action::Draw,
        Phase::ChaosPlace(_) => {
            let cells = position.placements();
            Action::Place(cells.nth(rng.random_range(0..cells.len())).unwrap())
        }
        _ => position
            .nth_order_move(rng.random_range(0..position.order_move_count()))
            .unwrap()
            .into(),
    }
}

#[test]
fn the_budgets_of_a_whole_match_fit_its_clock() {
    for (size, seconds) in [(Size::Seven, 900), (Size::Seven, 60), (Size::Five, 60)] {
        let clock = TimeControl::from_secs(seconds).unwrap().per_player();
        for level in Level::ALL {
            let mut rng = SmallRng::seed_from_u64(seconds as u64);
            let mut game = Match::new(size, entropy_rules::Player::One, [1, 2]);
            let cells = size.cells();
            for p in entropy_rules::Player::BOTH {
                assert_eq!(game.moves_left(p), cells + cells - 1);
            }
            let mut left = [clock; 2];
            let mut spent = [Duration::ZERO; 2];
            while !game.is_over() {
                if game.round().is_finished() {
                    game.start_second_round().unwrap();
                }
                let (mover, _) = game.to_move().unwrap();
                let action = random_action(&game, &mut rng);
                if action != Action::Draw {
                    let before = game.moves_left(mover);
                    let think = level.tournament_budget(left[mover.index()], before);
                    assert!(think <= level.budget());
                    spent[mover.index()] += think;
                    left[mover.index()] = left[mover.index()]
                        .checked_sub(think + MOVE_OVERHEAD)
                        .unwrap_or_else(|| panic!("{level} flagged on {seconds} s"));
                    game.apply(action).unwrap();
                    assert_eq!(game.moves_left(mover), before - 1);
                } else {
                    game.apply(action).unwrap();
                }
            }
            for p in 0..2 {
                assert!(spent[p] <= clock, "{level}, {seconds} s: {:?}", spent[p]);
                assert!(left[p] >= SAFETY_RESERVE, "{level}, {seconds} s: {:?} left", left[p]);
            }
        }
    }
}

#[test]
fn players_play_a_simultaneous_match_through_the_rules() {
    let mut game = SimultaneousMatch::new(Size::Seven, 11);
    for p in entropy_rules::Player::BOTH {
        assert_eq!(game.moves_left(p), 49 + 48);
    }
    let mut players: [Box<dyn Player>; 2] = [Level::Beginner.player(1), Level::Easy.player(2)];
    let limits = Limits::none();
    let mut moves = [0; 2];
    while !game.is_over() {
        if game.pending().is_empty() {
            game.draw().unwrap();
            continue;
        }
        // Player 2 answers first in odd turns: the order within a step is free.
        let order = if game.board(entropy_rules::Player::One).turns().len() % 2 == 1 {
            [entropy_rules::Player::Two, entropy_rules::Player::One]
        } else {
            entropy_rules::Player::BOTH
        };
        for seat in order {
            if let Some(action) = choose_simultaneous(players[seat.index()].as_mut(), &game, seat, &limits) {
                game.apply(seat, action).unwrap();
                moves[seat.index()] += 1;
            }
        }
    }
    assert_eq!(moves, [97, 97]);
    let boards = game.boards();
    let colours = |i: usize| boards[i].turns().iter().map(|t| t.placement.colour).collect::<Vec<_>>();
    assert_eq!(colours(0), colours(1));
    assert!(game.outcome().is_some());
    assert!(choose_simultaneous(players[0].as_mut(), &game, entropy_rules::Player::One, &limits).is_none());
}
