//! Property tests over thousands of random rounds on both board sizes.

use entropy_rules::*;
use proptest::prelude::*;
use rand::{Rng, SeedableRng, rngs::SmallRng};

/// The slow reference: every substring of every line, checked by reversal.
fn brute_force_score(board: &Board) -> u32 {
    let n = board.size().n();
    let mut score = 0;
    for line in Line::all(board.size()) {
        let cells: Vec<Option<Colour>> = (0..n).map(|i| board.get(line.cell(i).unwrap())).collect();
        for start in 0..n {
            for end in start + 2..=n {
                let run = &cells[start..end];
                if run.iter().all(|c| c.is_some()) && run.iter().rev().eq(run.iter()) {
                    score += (end - start) as u32;
                }
            }
        }
    }
    score
}

fn random_cell<R: Rng>(rng: &mut R) -> Cell {
    Cell::new(rng.random_range(0..7), rng.random_range(0..7)).unwrap()
}

/// Checks every invariant of a position.
fn check_invariants(position: &Position) {
    let size = position.size();
    let board = position.board();
    // Counters are conserved: board + bag + Chaos's hand = N of each colour.
    let on_board = board.colour_counts();
    let in_hand = |colour| usize::from(position.phase() == Phase::ChaosPlace(colour));
    for colour in size.colours() {
        assert_eq!(
            on_board[colour.index()] as usize + position.counts().get(colour) + in_hand(colour),
            size.n()
        );
    }
    for colour in Colour::ALL.into_iter().skip(size.n()) {
        assert_eq!(on_board[colour.index()], 0);
    }
    let hand = usize::from(matches!(position.phase(), Phase::ChaosPlace(_)));
    assert_eq!(board.counters() + position.counts().total() + hand, size.cells());
    assert_eq!(board.score(), brute_force_score(board));
    assert_eq!(board.breakdown().iter().map(|l| l.score).sum::<u32>(), board.score());
    assert_eq!(board.occupied().len(), board.counters());
    assert_eq!(board.vacant().len(), size.cells() - board.counters());
    assert_eq!(position.is_finished(), board.is_full());
}

/// Checks Order's generated moves against `check_order` on random tries.
fn check_order_moves<R: Rng>(position: &Position, rng: &mut R) {
    let mut moves = MoveList::new();
    position.order_moves(&mut moves);
    assert_eq!(moves.len(), position.order_move_count());
    for (k, &mv) in moves.iter().enumerate() {
        assert_eq!(position.nth_order_move(k), Some(mv));
        assert_eq!(position.check_order(mv), Ok(()), "generated {mv:?} must be legal");
        let mut after = *position;
        after.order(mv).unwrap();
        assert_eq!(after.board().counters(), position.board().counters());
    }
    let distinct: std::collections::HashSet<_> = moves.iter().collect();
    assert_eq!(distinct.len(), moves.len(), "no move twice");
    for _ in 0..40 {
        let mv = OrderMove::slide(random_cell(rng), random_cell(rng));
        let mut after = *position;
        let result = after.order(mv);
        assert_eq!(result.is_ok(), moves.contains(&mv), "{mv:?}: {result:?}");
        if result.is_err() {
            assert_eq!(after, *position, "a refused move changes nothing");
        }
    }
}

/// Plays a random round, checking everything at every step; returns it.
fn random_round(size: Size, seed: u64) -> Round {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut round = Round::new(size, seed);
    let mut moves = MoveList::new();
    loop {
        let position = *round.position();
        check_invariants(&position);
        match position.phase() {
            Phase::ChaosDraw => {
                round.apply(Action::Draw).unwrap();
            }
            Phase::ChaosPlace(_) => {
                let targets = position.placements();
                for _ in 0..10 {
                    let c = random_cell(&mut rng);
                    let result = round.apply(Action::Place(c));
                    if result.is_ok() {
                        assert!(targets.contains(c));
                        break;
                    }
                    assert!(!targets.contains(c), "{c} refused: {result:?}");
                    assert_eq!(*round.position(), position);
                }
                if round.phase() == position.phase() {
                    let c = targets.nth(rng.random_range(0..targets.len())).unwrap();
                    round.apply(Action::Place(c)).unwrap();
                }
            }
            Phase::OrderMove => {
                check_order_moves(&position, &mut rng);
                position.order_moves(&mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                round.apply(mv.into()).unwrap();
            }
            Phase::Finished => return round,
        }
    }
}

fn sizes() -> impl Strategy<Value = Size> {
    prop_oneof![Just(Size::Five), Just(Size::Seven)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_rounds_keep_every_invariant_and_replay(size in sizes(), seed in any::<u64>()) {
        let round = random_round(size, seed);
        prop_assert!(round.is_finished());
        prop_assert_eq!(round.turns().len(), size.cells());
        let record = round.record();
        let replayed = record.replay().unwrap();
        prop_assert_eq!(replayed.position(), round.position());
        prop_assert_eq!(replayed.turns(), round.turns());
        let json = serde_json::to_string(&record).unwrap();
        let back: RoundRecord = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &record);
        let again = back.replay().unwrap();
        prop_assert_eq!(again.board(), round.board());
    }

    #[test]
    fn playouts_end_full_and_score_like_the_reference(size in sizes(), seed in any::<u64>()) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut position = Position::new(size);
        let score = position.playout(&mut rng);
        check_invariants(&position);
        prop_assert!(position.is_finished());
        prop_assert_eq!(score, brute_force_score(position.board()));
    }

    #[test]
    fn scores_of_random_partial_boards(size in sizes(), cells in proptest::collection::vec(0u8..8, 49)) {
        // Any mix of counters and gaps (colour counts unlimited here: scoring does not care).
        let n = size.n();
        let text: String = (0..n)
            .map(|r| (0..n).map(|c| match cells[r * 7 + c] % (n as u8 + 1) { 0 => '.', v => char::from(b'0' + v) }).collect::<String>() + "\n")
            .collect();
        if let Ok(board) = Board::parse(&text) {
            prop_assert_eq!(board.score(), brute_force_score(&board));
        }
    }

    #[test]
    fn matches_replay_through_serde(size in sizes(), seeds in any::<[u64; 2]>(), second_first in any::<bool>()) {
        let first = if second_first { Player::Two } else { Player::One };
        let mut game = Match::new(size, first, seeds);
        let mut rng = SmallRng::seed_from_u64(seeds[0] ^ seeds[1]);
        for index in 0..2 {
            if index == 1 { game.start_second_round().unwrap(); }
            let mut position = *game.round().position();
            while !game.round().is_finished() {
                let action = match game.round().phase() {
                    Phase::ChaosDraw => Action::Draw,
                    Phase::ChaosPlace(_) => {
                        let vacant = game.round().position().placements();
                        Action::Place(vacant.nth(rng.random_range(0..vacant.len())).unwrap())
                    }
                    _ => {
                        let k = rng.random_range(0..position.order_move_count());
                        position.nth_order_move(k).unwrap().into()
                    }
                };
                game.apply(action).unwrap();
                position = *game.round().position();
            }
        }
        prop_assert!(game.is_over());
        let [a, b] = game.totals();
        let order_scores: Vec<u32> = game.rounds().iter().map(|r| r.score()).collect();
        prop_assert_eq!(a + b, order_scores[0] + order_scores[1]);
        prop_assert_eq!(game.totals()[first.index()], order_scores[0]);
        let record = game.record();
        let back: MatchRecord = serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
        prop_assert_eq!(&back, &record);
        let replayed = back.replay().unwrap();
        prop_assert_eq!(replayed.totals(), game.totals());
        prop_assert_eq!(replayed.outcome(), game.outcome());
        prop_assert_eq!(replayed.round().board(), game.round().board());
    }

    #[test]
    fn small_types_round_trip_through_serde(row in 0usize..7, col in 0usize..7, number in 1u8..=7) {
        let cell = Cell::new(row, col).unwrap();
        let colour = Colour::from_number(number).unwrap();
        let json = serde_json::to_string(&cell).unwrap();
        prop_assert_eq!(serde_json::from_str::<Cell>(&json).unwrap(), cell);
        prop_assert_eq!(serde_json::from_str::<Colour>(&serde_json::to_string(&colour).unwrap()).unwrap(), colour);
        let placement = Placement { colour, cell };
        prop_assert_eq!(serde_json::from_str::<Placement>(&serde_json::to_string(&placement).unwrap()).unwrap(), placement);
        prop_assert_eq!(placement.to_string().parse::<Placement>().unwrap(), placement);
        let turn = Turn { placement, reply: Some(OrderMove::Pass) };
        prop_assert_eq!(turn.to_string().parse::<Turn>().unwrap(), turn);
    }
}

#[test]
fn malformed_records_are_refused_not_panicked_on() {
    for json in [
        r#"{"size":6,"bag":{"seed":1},"turns":[]}"#,
        r#"{"size":7,"bag":{"seed":1},"turns":["9Aa"]}"#,
        r#"{"size":7,"bag":{"seed":1},"turns":["1Aa AaZz"]}"#,
        r#"{"size":7,"bag":{"draws":[1,2]},"turns":[]}"#,
    ] {
        let parsed: Result<RoundRecord, _> = serde_json::from_str(json);
        match parsed {
            Err(e) => assert!(!e.to_string().is_empty()),
            Ok(record) => assert!(record.replay().is_err(), "{json}"),
        }
    }
}
