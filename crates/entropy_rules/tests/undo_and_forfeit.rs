//! Taking moves back, who is to move, forfeits, and the count aloud.

use entropy_rules::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plays `actions` random legal placements and Order moves (draws are automatic).
fn play(round: &mut Round, rng: &mut SmallRng, actions: usize) {
    for _ in 0..actions {
        match round.phase() {
            Phase::ChaosDraw => {
                round.apply(Action::Draw).unwrap();
                let vacant = round.position().placements();
                let cell = vacant.nth(rng.random_range(0..vacant.len())).unwrap();
                round.apply(Action::Place(cell)).unwrap();
            }
            Phase::ChaosPlace(_) => {
                let vacant = round.position().placements();
                let cell = vacant.nth(rng.random_range(0..vacant.len())).unwrap();
                round.apply(Action::Place(cell)).unwrap();
            }
            Phase::OrderMove => {
                let mut moves = MoveList::new();
                round.position().order_moves(&mut moves);
                round.apply(moves[rng.random_range(0..moves.len())].into()).unwrap();
            }
            Phase::Finished => return,
        }
    }
}

#[test]
fn undo_goes_back_exactly_one_action_and_keeps_the_luck() {
    let mut rng = SmallRng::seed_from_u64(5);
    for seed in 0..20 {
        let size = if seed % 2 == 0 { Size::Seven } else { Size::Five };
        let mut round = Round::new(size, seed);
        let steps = rng.random_range(1..2 * size.cells() - 1);
        play(&mut round, &mut rng, steps);
        // Where the round stood before its last placement or Order move.
        let turns = round.turns().to_vec();
        let undone = round.undo().unwrap();
        match undone {
            Action::Place(cell) => {
                let last = turns.last().unwrap();
                assert_eq!(last.reply, None);
                assert_eq!(last.placement.cell, cell);
                assert_eq!(
                    round.phase(),
                    Phase::ChaosPlace(last.placement.colour),
                    "the same counter in hand"
                );
                assert!(round.board().is_vacant(cell));
                assert_eq!(round.turns(), &turns[..turns.len() - 1]);
            }
            Action::Slide(_) | Action::Pass => {
                assert_eq!(Some(Action::from(turns.last().unwrap().reply.unwrap())), Some(undone));
                assert_eq!(round.phase(), Phase::OrderMove);
                assert_eq!(round.turns().last().unwrap().reply, None);
            }
            Action::Draw => panic!("a draw is never taken back"),
        }
        // Playing on after an undo draws the very counters the round would have drawn.
        let mut witness = Round::new(size, seed);
        let mut draws = Vec::new();
        while witness.apply(Action::Draw).is_ok() {
            let Phase::ChaosPlace(colour) = witness.phase() else {
                unreachable!()
            };
            draws.push(colour);
            let cell = witness.position().placements().nth(0).unwrap();
            witness.apply(Action::Place(cell)).unwrap();
            if witness.phase() == Phase::OrderMove {
                witness.apply(Action::Pass).unwrap();
            }
        }
        play(&mut round, &mut rng, 4 * size.cells());
        let played: Vec<Colour> = round.turns().iter().map(|t| t.placement.colour).collect();
        assert_eq!(
            played, draws,
            "seed {seed}: the bag's order does not change with an undo"
        );
    }
}

#[test]
fn nothing_to_undo_at_the_start_of_a_round() {
    let mut round = Round::new(Size::Seven, 3);
    assert_eq!(round.undo(), Err(UndoError::NothingToUndo));
    round.apply(Action::Draw).unwrap();
    assert_eq!(round.undo(), Err(UndoError::NothingToUndo));
    assert!(
        matches!(round.phase(), Phase::ChaosPlace(_)),
        "a refused undo changes nothing"
    );
}

#[test]
fn to_move_names_the_player_of_each_phase() {
    let mut game = Match::new(Size::Five, Player::Two, [1, 2]);
    assert_eq!(game.to_move(), Some((Player::One, Role::Chaos)));
    game.apply(Action::Draw).unwrap();
    assert_eq!(game.to_move(), Some((Player::One, Role::Chaos)));
    game.apply(Action::Place("Cc".parse().unwrap())).unwrap();
    assert_eq!(game.to_move(), Some((Player::Two, Role::Order)));
}

#[test]
fn a_forfeit_decides_the_match_and_is_recorded() {
    let mut game = Match::new(Size::Five, Player::One, [1, 2]);
    game.apply(Action::Draw).unwrap();
    game.forfeit(Forfeit::TimeOut(Player::One)).unwrap();
    assert!(game.is_over());
    assert_eq!(game.outcome(), Some(Outcome::Win(Player::Two)));
    assert_eq!(game.to_move(), None);
    assert_eq!(
        game.apply(Action::Place("Aa".parse().unwrap())),
        Err(MoveError::RoundOver)
    );
    assert_eq!(game.undo(), Err(UndoError::MatchDecided));
    assert_eq!(game.forfeit(Forfeit::Resigned(Player::Two)), Err(MatchError::Over));
    let back = game.record().replay().unwrap();
    assert_eq!(back.forfeited(), Some(Forfeit::TimeOut(Player::One)));
    assert_eq!(back.outcome(), Some(Outcome::Win(Player::Two)));
}

#[test]
fn the_tally_counts_every_run_once_and_ends_on_the_score() {
    let mut rng = SmallRng::seed_from_u64(11);
    for seed in 0..30 {
        let mut round = Round::new(Size::Seven, seed);
        play(&mut round, &mut rng, 200);
        assert!(round.is_finished());
        let steps = round.tally();
        let runs: Vec<Run> = round.breakdown().iter().flat_map(|l| l.runs.clone()).collect();
        assert_eq!(steps.iter().map(|s| s.run).collect::<Vec<_>>(), runs);
        assert_eq!(steps.last().map_or(0, |s| s.total), round.score());
        for step in &steps {
            let line = round.breakdown().into_iter().find(|l| l.line == step.run.line).unwrap();
            assert_eq!(line.prefix(step.in_line).score, step.line_total);
        }
    }
}
