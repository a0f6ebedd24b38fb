//! The review of a match: best moves cost nothing, bad ones are marked,
//! the result depends on nothing but the moves and the budget, and a
//! review stops when asked.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use entropy_ai::{
    Greedy, Mark, MatchReview, MoveReview, Player as _, ReviewBudget, ReviewError, StopFlag, review_match,
};
use entropy_rules::{
    Action, Bag, Colour, Match, MatchRecord, Move, MoveList, OrderMove, Phase, Placement, Player, Role, Size, Turn,
};

mod support;
use support::expectimax;

/// Small enough for tests, and deterministic.
const BUDGET: ReviewBudget = ReviewBudget::Nodes(20_000);

fn review(record: &MatchRecord) -> MatchReview {
    review_match(record, BUDGET, 1, &|_, _| {}, &StopFlag::new()).unwrap()
}

/// A match between two greedy players on the bags of `seed`, stopped once
/// `turns` turns of round 1 are played (the whole match with `None`).
fn greedy_match(size: Size, seed: u64, turns: Option<usize>) -> Match {
    let mut game = Match::new(size, Player::One, [seed, seed + 1]);
    let mut players = [Greedy::new(seed), Greedy::new(seed + 7)];
    let limits = entropy_ai::Limits::none();
    loop {
        if game.round().is_finished() && game.start_second_round().is_err() {
            return game;
        }
        let position = *game.round().position();
        let order = game.order_player(game.round_index()).index();
        let action = match position.phase() {
            Phase::ChaosDraw if Some(game.round().turns().len()) == turns => return game,
            Phase::ChaosDraw => Action::Draw,
            Phase::ChaosPlace(_) => Action::Place(players[1 - order].place(&position, &limits)),
            _ => players[order].order(&position, &limits).into(),
        };
        game.apply(action).unwrap();
    }
}

/// The review of the move at `turn` (1-based) of round 1 by `role`.
fn move_at(review: &MatchReview, turn: usize, role: Role) -> MoveReview {
    *review.rounds[0]
        .moves
        .iter()
        .find(|m| m.turn == turn && m.role == role)
        .unwrap()
}

/// `record` with the move at `turn` of round 1 by `role` replaced by
/// `played`, and the turns after it dropped.
fn with_move(record: &MatchRecord, turn: usize, played: Move) -> MatchRecord {
    let mut record = record.clone();
    let turns = &mut record.rounds[0];
    turns.truncate(turn);
    let last = turns.last_mut().unwrap();
    match played {
        Move::Place(placement) => *last = Turn { placement, reply: None },
        Move::Order(reply) => last.reply = Some(reply),
    }
    record.rounds.truncate(1);
    record
}

#[test]
fn the_computers_own_move_is_best_and_costs_nothing() {
    let record = greedy_match(Size::Five, 3, Some(12)).record();
    let first = review(&record);
    let mut checked = 0;
    for role in [Role::Chaos, Role::Order] {
        for turn in [4, 8, 11] {
            let judged = move_at(&first, turn, role);
            let again = review(&with_move(&record, turn, judged.best));
            let best = move_at(&again, turn, role);
            assert_eq!(best.played, judged.best);
            assert_eq!(best.best, judged.best, "{role} at turn {turn}");
            assert_eq!(best.mark, Mark::Best);
            assert_eq!(best.cost, 0.0);
            assert_eq!(best.expected_played, best.expected_best);
            checked += 1;
        }
    }
    assert_eq!(checked, 6);
}

/// The first Order turn from `from_turn` on, in greedy matches on 7×7 from
/// the seeds tried, where some slide loses at least `loss` points at once:
/// the record up to that turn, the turn, and the slide losing most.
fn slide_losing(loss: u32, from_turn: usize) -> (MatchRecord, usize, OrderMove, u32) {
    for seed in 1..40 {
        let game = greedy_match(Size::Seven, seed, None);
        let record = game.record();
        let mut position = entropy_rules::Position::new(Size::Seven);
        for (i, turn) in record.rounds[0].iter().enumerate() {
            position.draw(turn.placement.colour).unwrap();
            position.place(turn.placement.cell).unwrap();
            let Some(reply) = turn.reply else { break };
            if i + 1 >= from_turn {
                let mut moves = MoveList::new();
                position.order_moves(&mut moves);
                let lost = |mv: &OrderMove| {
                    let mut after = position;
                    after.order(*mv).unwrap();
                    position.score().saturating_sub(after.score())
                };
                if let Some(worst) = moves.iter().max_by_key(|mv| lost(mv))
                    && lost(worst) >= loss
                {
                    return (record, i + 1, *worst, lost(worst));
                }
            }
            position.order(reply).unwrap();
        }
    }
    panic!("no slide loses {loss} points");
}

#[test]
fn a_slide_that_breaks_a_scoring_run_late_in_a_round_is_a_mistake() {
    let (record, turn, worst, lost) = slide_losing(9, 40);
    let judged = move_at(
        &review(&with_move(&record, turn, Move::Order(worst))),
        turn,
        Role::Order,
    );
    assert_eq!(
        judged.mark,
        Mark::Mistake,
        "{worst} at turn {turn} loses {lost} at once: {judged:?}"
    );
    assert!(judged.cost >= Mark::INACCURACY_BELOW);
    assert!(
        (judged.cost - judged.expected_best + judged.expected_played).abs() < 1e-6,
        "cost is the difference of the expected scores"
    );
    assert_ne!(judged.best, judged.played);
}

#[test]
fn a_placement_that_completes_a_palindrome_late_in_a_round_is_a_mistake() {
    // Three cells left: exact expectimax says what each placement costs.
    let mut tried = 0;
    for seed in 1..60 {
        let record = greedy_match(Size::Seven, seed, None).record();
        let mut position = entropy_rules::Position::new(Size::Seven);
        for (i, turn) in record.rounds[0].iter().enumerate() {
            position.draw(turn.placement.colour).unwrap();
            if position.board().vacant().len() == 3 {
                let after = |cell| {
                    let mut after = position;
                    after.place(cell).unwrap();
                    after
                };
                let exact = |cell| expectimax(&after(cell));
                let cells = position.placements();
                let best = cells
                    .into_iter()
                    .min_by(|&a, &b| exact(a).total_cmp(&exact(b)))
                    .unwrap();
                let worst = cells
                    .into_iter()
                    .max_by(|&a, &b| exact(a).total_cmp(&exact(b)))
                    .unwrap();
                let exact_cost = exact(worst) - exact(best);
                let completes = after(worst).score() >= after(best).score() + 6;
                tried += 1;
                if exact_cost >= 6.0 && completes {
                    let placement = Placement {
                        colour: turn.placement.colour,
                        cell: worst,
                    };
                    let review = review(&with_move(&record, i + 1, Move::Place(placement)));
                    let judged = move_at(&review, i + 1, Role::Chaos);
                    assert_eq!(
                        judged.mark,
                        Mark::Mistake,
                        "{placement}, exact cost {exact_cost}: {judged:?}"
                    );
                    assert!((judged.cost - exact_cost).abs() < 1.5, "{exact_cost}: {judged:?}");
                    assert!(review.players[Player::Two.index()].given_as_chaos >= judged.cost);
                    return;
                }
                break;
            }
            position.place(turn.placement.cell).unwrap();
            let Some(reply) = turn.reply else { break };
            position.order(reply).unwrap();
        }
    }
    panic!("no placement among {tried} costs 6 points");
}

#[test]
fn marks_follow_the_thresholds() {
    assert_eq!(Mark::of(0.0, false), Mark::Best);
    assert_eq!(Mark::of(0.49, false), Mark::Best);
    assert_eq!(Mark::of(7.0, true), Mark::Best);
    assert_eq!(Mark::of(0.5, false), Mark::Good);
    assert_eq!(Mark::of(1.99, false), Mark::Good);
    assert_eq!(Mark::of(2.0, false), Mark::Inaccuracy);
    assert_eq!(Mark::of(4.99, false), Mark::Inaccuracy);
    assert_eq!(Mark::of(5.0, false), Mark::Mistake);
    assert_eq!(
        Mark::ALL.map(|m| m.to_string()),
        ["best", "good", "inaccuracy", "mistake"]
    );
}

#[test]
fn a_whole_match_is_judged_move_by_move_and_summed_up() {
    let game = greedy_match(Size::Five, 5, None);
    let review = review(&game.record());
    assert_eq!(review.rounds.len(), 2);
    for (index, round) in review.rounds.iter().enumerate() {
        assert_eq!(round.order, game.order_player(index));
        assert_eq!(round.score, Some(game.rounds()[index].score()));
        assert_eq!(round.moves.len(), 25 + 24);
        assert_eq!(round.expected().len(), round.moves.len());
        let last = round.moves.last().unwrap();
        assert_eq!(last.expected_played, f64::from(game.rounds()[index].score()));
        for (k, m) in round.moves.iter().enumerate() {
            assert_eq!(m.turn, k / 2 + 1);
            assert_eq!(m.role, if k % 2 == 0 { Role::Chaos } else { Role::Order });
            let player = if m.role == Role::Order {
                round.order
            } else {
                round.order.other()
            };
            assert_eq!(m.player, player);
            assert!(m.cost >= 0.0 && m.cost.is_finite());
            assert_eq!(m.mark, Mark::of(m.cost, m.best == m.played));
        }
    }
    for player in Player::BOTH {
        let moves = || {
            review
                .rounds
                .iter()
                .flat_map(|r| &r.moves)
                .filter(|m| m.player == player)
        };
        let sum = |role| moves().filter(|m| m.role == role).map(|m| m.cost).sum::<f64>();
        let summary = review.players[player.index()];
        assert!((summary.lost_as_order - sum(Role::Order)).abs() < 1e-9);
        assert!((summary.given_as_chaos - sum(Role::Chaos)).abs() < 1e-9);
        assert_eq!(summary.marks.iter().sum::<usize>(), moves().count());
    }
}

#[test]
fn an_unfinished_match_is_judged_as_far_as_it_goes() {
    let game = greedy_match(Size::Five, 8, Some(7));
    let review = review(&game.record());
    assert_eq!(review.rounds.len(), 1);
    assert_eq!(review.rounds[0].score, None);
    assert_eq!(review.rounds[0].moves.len(), 14);
}

#[test]
fn the_review_sees_no_more_of_the_bag_than_a_player() {
    // Two matches with the same first ten draws and moves, the bag's order after them different.
    let draws = |tail_reversed: bool| {
        let mut bag = Bag::seeded(Size::Five, 4);
        let mut draws: Vec<Colour> = std::iter::from_fn(|| bag.draw()).collect();
        if tail_reversed {
            draws[10..].reverse();
        }
        draws
    };
    let (a, b) = (draws(false), draws(true));
    assert_ne!(a, b);
    let play = |draws: Vec<Colour>| {
        let bag = |d| Bag::from_draws(Size::Five, d).unwrap();
        let mut game = Match::with_bags(Player::One, bag(draws.clone()), bag(draws));
        let mut players = [Greedy::new(1), Greedy::new(2)];
        let limits = entropy_ai::Limits::none();
        while game.round().turns().len() < 14 || game.round().phase() != Phase::ChaosDraw {
            let position = *game.round().position();
            let action = match position.phase() {
                Phase::ChaosDraw => Action::Draw,
                Phase::ChaosPlace(_) if game.round().turns().len() < 10 => {
                    Action::Place(players[1].place(&position, &limits))
                }
                // After the tenth turn, the same cells whatever the colour.
                Phase::ChaosPlace(_) => Action::Place(position.placements().nth(0).unwrap()),
                _ => players[0].order(&position, &limits).into(),
            };
            game.apply(action).unwrap();
        }
        game.record()
    };
    let (ra, rb) = (play(a), play(b));
    assert_eq!(ra.rounds[0][..10], rb.rounds[0][..10]);
    assert_ne!(ra.rounds[0][10..], rb.rounds[0][10..]);
    let (va, vb) = (review(&ra), review(&rb));
    assert_eq!(va.rounds[0].moves[..20], vb.rounds[0].moves[..20]);
}

#[test]
fn a_node_budget_gives_the_same_review_on_any_number_of_threads() {
    let record = greedy_match(Size::Five, 9, None).record();
    let calls = Mutex::new(Vec::new());
    let progress = |done, total| calls.lock().unwrap().push((done, total));
    let two = review_match(&record, BUDGET, 2, &progress, &StopFlag::new()).unwrap();
    assert_eq!(review(&record), two);
    let calls = calls.into_inner().unwrap();
    let total = 2 * (25 + 24);
    assert_eq!(calls.len(), total + 1);
    assert_eq!(calls[0], (0, total));
    let mut done: Vec<usize> = calls
        .iter()
        .map(|&(d, t)| if t == total { d } else { usize::MAX })
        .collect();
    done.sort_unstable();
    assert_eq!(done, (0..=total).collect::<Vec<_>>());
}

#[test]
fn a_review_stops_promptly_when_asked() {
    let record = greedy_match(Size::Seven, 2, None).record();
    let stop = StopFlag::new();
    let started = Instant::now();
    let result = std::thread::scope(|scope| {
        let review = scope.spawn(|| review_match(&record, ReviewBudget::Thorough, 2, &|_, _| {}, &stop));
        std::thread::sleep(Duration::from_millis(300));
        stop.raise();
        review.join().unwrap()
    });
    assert_eq!(result, Err(ReviewError::Cancelled));
    assert!(
        started.elapsed() < Duration::from_millis(1300),
        "took {:?}",
        started.elapsed()
    );
    // Raised before it starts: nothing is judged.
    let progress = Mutex::new(0);
    let result = review_match(&record, BUDGET, 1, &|_, _| *progress.lock().unwrap() += 1, &stop);
    assert_eq!(result, Err(ReviewError::Cancelled));
    assert_eq!(*progress.lock().unwrap(), 1, "only the first report, of nothing done");
}

#[test]
fn a_record_that_does_not_replay_is_refused() {
    let mut record = greedy_match(Size::Five, 6, Some(5)).record();
    let first_three = entropy_rules::RoundRecord {
        size: Size::Five,
        bag: record.bags[0].clone(),
        turns: record.rounds[0][..3].to_vec(),
    };
    let occupied = first_three.replay().unwrap().board().occupied().nth(0).unwrap();
    record.rounds[0][3].placement.cell = occupied;
    match review_match(&record, BUDGET, 1, &|_, _| {}, &StopFlag::new()) {
        Err(ReviewError::Replay(e)) => assert_eq!((e.round, e.turn), (1, 4)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_moves_the_rules_played_for_a_player_out_of_time_are_not_judged() {
    let mut game = Match::new(Size::Five, Player::One, [3, 4]);
    // Player 2, Chaos in round 1, is out of time from the start.
    game.flag(Player::Two).unwrap();
    for _ in 0..2 {
        while !game.round().is_finished() {
            let action = game.forced_action().unwrap_or(match game.round().phase() {
                Phase::ChaosDraw => Action::Draw,
                Phase::ChaosPlace(_) => Action::Place(game.round().position().placements().nth(0).unwrap()),
                _ => Action::Pass,
            });
            game.apply(action).unwrap();
        }
        let _ = game.start_second_round();
    }
    assert!(game.is_over());
    let review = review(&game.record());
    // Round 1: player 1's 24 Order moves; round 2: player 1's 25 placements.
    assert_eq!(review.rounds[0].moves.len(), 24);
    assert_eq!(review.rounds[1].moves.len(), 25);
    assert!(
        review
            .rounds
            .iter()
            .flat_map(|r| &r.moves)
            .all(|m| m.player == Player::One)
    );
    assert_eq!(review.players[1].marks.iter().sum::<usize>(), 0);
}

/// A simultaneous match on 5×5 between two greedy players, stopped after
/// `turns` turns (the whole match with `None`).
fn greedy_simultaneous(seed: u64, turns: Option<usize>) -> entropy_rules::SimultaneousMatch {
    use entropy_rules::{SimultaneousMatch, SimultaneousStep};
    let mut game = SimultaneousMatch::new(Size::Five, seed);
    let mut players = [Greedy::new(seed), Greedy::new(seed + 7)];
    let limits = entropy_ai::Limits::none();
    loop {
        match game.step() {
            SimultaneousStep::Over => return game,
            SimultaneousStep::Draw if Some(game.board(Player::One).turns().len()) == turns => return game,
            SimultaneousStep::Draw => {
                game.draw().unwrap();
            }
            _ => {
                let pending = game.pending()[0];
                let position = *game.board(pending.board).position();
                let player = &mut players[pending.player.index()];
                let action = match pending.role {
                    Role::Chaos => Action::Place(player.place(&position, &limits)),
                    Role::Order => player.order(&position, &limits).into(),
                };
                game.apply(pending.player, action).unwrap();
            }
        }
    }
}

#[test]
fn a_simultaneous_match_is_judged_board_by_board_as_rounds_are() {
    for turns in [None, Some(9)] {
        let game = greedy_simultaneous(5, turns);
        let record = game.record();
        let judged = entropy_ai::review_simultaneous(&record, BUDGET, 2, &|_, _| {}, &StopFlag::new()).unwrap();
        assert_eq!(judged.rounds.len(), 2);
        let mut summed = [[0usize; 4]; 2];
        for owner in Player::BOTH {
            // The board alone, as the one round of a match where its owner is Order.
            let alone = MatchRecord {
                size: record.size,
                first_order: owner,
                bags: [record.bag.clone(), record.bag.clone()],
                rounds: vec![record.boards[owner.index()].clone()],
                forfeit: None,
                time_control: None,
                clocks: Vec::new(),
                flags: Vec::new(),
            };
            let as_round = review(&alone);
            let board = &judged.rounds[owner.index()];
            assert_eq!(board.order, owner);
            assert_eq!(board.moves, as_round.rounds[0].moves, "board {owner:?}, {turns:?}");
            assert_eq!(board.score, turns.is_none().then(|| game.board(owner).score()));
            // Every move of the board judged: a placement by the other player, a reply by its owner.
            let expected = record.boards[owner.index()]
                .iter()
                .map(|t| 1 + usize::from(t.reply.is_some()))
                .sum::<usize>();
            assert_eq!(board.moves.len(), expected);
            for m in &board.moves {
                let player = if m.role == Role::Order { owner } else { owner.other() };
                assert_eq!(m.player, player);
                summed[player.index()][m.mark as usize] += 1;
            }
        }
        for player in Player::BOTH {
            assert_eq!(judged.players[player.index()].marks, summed[player.index()]);
        }
    }
}
