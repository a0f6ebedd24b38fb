//! Properties over thousands of random games, checked at every move against
//! the slow generator of `common`.

mod common;

use std::collections::HashSet;

use carreno_rules::*;
use common::{dispersed, grid, has_isolated, slow_moves, slow_play};
use proptest::prelude::*;
use rand::{Rng, SeedableRng, rngs::SmallRng};

fn random_square<R: Rng>(rng: &mut R) -> Square {
    Square::from_index(rng.random_range(0..SQUARES)).unwrap()
}

/// Checks everything about one position and its moves.
fn check_position<R: Rng>(position: &Position, rng: &mut R) {
    let board = position.board();
    let me = position.to_move();
    // Pieces are conserved: seven a side, on distinct squares.
    assert_eq!(board.pieces(Side::S).len(), PIECES);
    assert_eq!(board.pieces(Side::O).len(), PIECES);
    assert!(!board.pieces(Side::S).intersects(board.pieces(Side::O)));
    assert_eq!(board.empty().len(), SQUARES - 2 * PIECES);
    // The text form reads back.
    assert_eq!(position.to_string().parse::<Position>().unwrap(), *position);
    assert_eq!(Position::from_line(&position.to_line()).unwrap(), *position);
    // Check and dispersal agree with the plain reading of the rules.
    let g = grid(position);
    assert_eq!(position.in_check(), has_isolated(&g, me));
    for side in Side::ALL {
        assert_eq!(board.is_dispersed(side), dispersed(&g, side));
    }

    let moves = position.legal_moves();
    let mut sorted = moves.to_vec();
    sorted.sort();
    assert_eq!(sorted, slow_moves(position), "{position}");
    assert_eq!(moves.len(), position.move_count());
    assert_eq!(position.must_pass(), moves[0] == Move::Pass);
    assert_eq!(moves.iter().collect::<HashSet<_>>().len(), moves.len(), "no move twice");

    let mut from_pieces = 0;
    for square in Square::all() {
        match position.piece_moves(square) {
            Ok(targets) => {
                assert!(!targets.is_empty());
                assert_eq!(position.destinations(square), targets);
                for to in targets {
                    assert!(moves.contains(&Move::slide(square, to)));
                }
                from_pieces += targets.len();
            }
            Err(error) => {
                assert!(position.destinations(square).is_empty());
                assert!(!moves.iter().any(|m| m.from() == Some(square)), "{error}");
            }
        }
    }
    assert_eq!(from_pieces + usize::from(moves[0] == Move::Pass), moves.len());

    for &mv in &moves {
        assert_eq!(position.check_move(mv), Ok(()));
        let after = position.play(mv).unwrap();
        assert_eq!(grid(&after), slow_play(position, mv));
        assert_eq!(after.to_move(), me.other());
        if let Move::Slide { from, to } = mv {
            // A move never lands on a piece, and moves a piece of the mover.
            assert!(board.empty().contains(to), "{mv} lands on a piece");
            assert_eq!(board.side_at(from), Some(me));
        }
        // In check with a clearing move available, no move ends still in check.
        if position.in_check() && mv != Move::Pass {
            assert!(after.board().isolated(me).is_empty(), "{mv} leaves {me} in check");
        }
    }
    // A player in check passes only when no move clears the check.
    if position.in_check() && moves[0] == Move::Pass {
        for from in board.connected(me) {
            for to in board.reach(from) {
                let mut trial = g;
                trial[from.rank()][from.file()] = None;
                trial[to.rank()][to.file()] = Some(me);
                assert!(has_isolated(&trial, me));
            }
        }
    }
    // Random pairs of squares: legal exactly when listed; refusals change nothing.
    for _ in 0..30 {
        let mv = Move::slide(random_square(rng), random_square(rng));
        assert_eq!(
            position.play(mv).is_ok(),
            moves.contains(&mv),
            "{mv}: {:?}",
            position.play(mv)
        );
    }
    assert_eq!(position.play(Move::Pass).is_ok(), moves[0] == Move::Pass);
}

/// Plays a random game to its end, checking everything on the way.
fn random_game(seed: u64) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new();
    while !game.is_over() {
        let position = *game.position();
        check_position(&position, &mut rng);
        let moves = game.legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        let before = game.clone();
        let result = game.play(mv).unwrap();
        assert_eq!(result, game.result());
        // The result is judged as the rules say.
        let after = *game.position();
        match result {
            Some(GameResult::Win(win)) => assert_eq!(Some(win), after.winner()),
            Some(GameResult::Draw(DrawReason::SuccessivePasses)) => {
                assert!(mv.is_pass() && before.moves().last() == Some(&Move::Pass));
            }
            Some(GameResult::Draw(DrawReason::Repetition)) => assert_eq!(game.repetitions(), 3),
            Some(GameResult::Draw(DrawReason::MoveLimit)) => assert_eq!(game.moves().len(), MOVE_LIMIT),
            None => {
                assert_eq!(after.winner(), None);
                assert!(game.repetitions() < 3 && game.moves().len() < MOVE_LIMIT);
            }
        }
        // Undo restores the game exactly.
        let mut undone = game.clone();
        assert_eq!(undone.undo(), Some(mv));
        assert_eq!(undone, before);
    }
    assert!(game.moves().len() <= MOVE_LIMIT);
    assert!(game.legal_moves().is_empty());
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_games_keep_every_rule(seed in any::<u64>()) {
        let game = random_game(seed);
        let record = game.record();
        prop_assert_eq!(record.replay().unwrap(), game.clone());
        let json = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, game);
    }

    #[test]
    fn random_boards_read_back_and_agree_with_the_plain_rules(
        cells in Just((0..SQUARES).collect::<Vec<_>>()).prop_shuffle(),
        o_to_move in any::<bool>(),
        seed in any::<u64>(),
    ) {
        // The first seven squares of a shuffle for S, the next seven for O.
        let s: SquareSet = cells[..7].iter().map(|&i| Square::from_index(i).unwrap()).collect();
        let o: SquareSet = cells[7..14].iter().map(|&i| Square::from_index(i).unwrap()).collect();
        let board = Board::from_sets(s, o).unwrap();
        prop_assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
        let position = Position::from_board(board, if o_to_move { Side::O } else { Side::S });
        check_position(&position, &mut SmallRng::seed_from_u64(seed));
    }

    #[test]
    fn small_types_round_trip_through_text_and_serde(a in 0usize..SQUARES, b in 0usize..SQUARES) {
        let (a, b) = (Square::from_index(a).unwrap(), Square::from_index(b).unwrap());
        let mv = Move::slide(a, b);
        prop_assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
        prop_assert_eq!(serde_json::from_str::<Move>(&serde_json::to_string(&mv).unwrap()).unwrap(), mv);
        prop_assert_eq!(serde_json::from_str::<Square>(&serde_json::to_string(&a).unwrap()).unwrap(), a);
        let side = if a < b { Side::S } else { Side::O };
        prop_assert_eq!(serde_json::from_str::<Side>(&serde_json::to_string(&side).unwrap()).unwrap(), side);
    }
}

#[test]
fn the_move_limit_ends_a_long_game() {
    // Random games rarely last 200 moves; play shuffles that avoid a third
    // repetition by choosing, when possible, a move to a position seen least.
    let mut rng = SmallRng::seed_from_u64(5);
    let mut longest = 0;
    for _ in 0..200 {
        let mut game = Game::new();
        while !game.is_over() {
            let moves = game.legal_moves();
            let mut seen = |mv: &Move| {
                let next = game.position().play(*mv).unwrap();
                let wins = next.winner().is_some();
                (
                    wins,
                    game.positions().iter().filter(|p| **p == next).count(),
                    rng.random::<u32>(),
                )
            };
            let mv = *moves.iter().min_by_key(|m| seen(m)).unwrap();
            game.play(mv).unwrap();
        }
        longest = longest.max(game.moves().len());
        if game.result() == Some(GameResult::Draw(DrawReason::MoveLimit)) {
            assert_eq!(game.moves().len(), MOVE_LIMIT);
            assert_eq!(
                game.result().unwrap().to_string(),
                "draw: 200 moves were played without a winner"
            );
            return;
        }
    }
    panic!("no game reached the move limit (longest {longest})");
}
