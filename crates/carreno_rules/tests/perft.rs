//! Move-generation counts ("perft") from the start and from seed 002's
//! figures, checked against the slow generator of `common`.

mod common;

use carreno_rules::{Position, Side, perft};
use common::{slow_moves, slow_perft};

fn fig(board: &str, to_move: Side) -> Position {
    Position::from_board(board.parse().unwrap(), to_move)
}

#[test]
fn start_position_counts_match_the_slow_generator() {
    let start = Position::new();
    let expected = [1, 35, 1085, 30_633, 789_898];
    for (depth, &count) in expected.iter().enumerate() {
        assert_eq!(slow_perft(&start, depth as u32), count, "slow, depth {depth}");
        assert_eq!(perft(&start, depth as u32), count, "fast, depth {depth}");
    }
}

#[test]
fn start_position_counts_deeper() {
    assert_eq!(perft(&Position::new(), 5), 19_988_836);
}

#[test]
#[ignore = "takes several seconds; run with --ignored"]
fn start_position_count_at_depth_six() {
    assert_eq!(perft(&Position::new(), 6), 477_220_139);
}

#[test]
fn figure_counts_match_the_slow_generator() {
    let fig2 = "S.O.S\nO...O\nOSSOS\nS....\n..OOS\n";
    let fig3 = "S.O.O\nO.SOS\nS....\nOOSSO\nS....\n";
    for board in [fig2, fig3] {
        for side in Side::ALL {
            let position = fig(board, side);
            let mut moves: Vec<_> = position.legal_moves().to_vec();
            moves.sort();
            assert_eq!(moves, slow_moves(&position), "{position}");
            for depth in 0..=3 {
                assert_eq!(
                    perft(&position, depth),
                    slow_perft(&position, depth),
                    "{position} depth {depth}"
                );
            }
        }
    }
}
