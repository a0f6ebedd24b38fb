//! The levels: legal moves in whole games, reproducible for a seed, quick to
//! stop, and playing the tactics their level should see.

use std::time::{Duration, Instant};

use carreno_ai::{Level, Limits, Player, Score, StopFlag, hint};
use carreno_rules::{Game, Move, Position, Side};

/// Seed 002's Fig. 3: S threatens d2-e1, which disperses S.
const FIG_3: &str = "S.O.O\nO.SOS\nS....\nOOSSO\nS....\n";

fn position(board: &str, to_move: Side) -> Position {
    Position::from_board(board.parse().unwrap(), to_move)
}

fn play_out(o: &mut dyn Player, s: &mut dyn Player, limits: &Limits) -> Game {
    let mut game = Game::new();
    while !game.is_over() {
        let mv = match game.to_move() {
            Side::O => o.choose(&game, limits),
            Side::S => s.choose(&game, limits),
        };
        game.play(mv)
            .unwrap_or_else(|e| panic!("{mv} refused: {e}\n{}", game.position()));
    }
    game
}

#[test]
fn every_level_plays_legal_moves_to_the_end_of_a_game() {
    let limits = Limits::nodes(3_000);
    for (a, b) in [
        (Level::Easy, Level::Medium),
        (Level::Medium, Level::Hard),
        (Level::Hard, Level::Easy),
    ] {
        for seed in 0..3 {
            let game = play_out(a.player(seed).as_mut(), b.player(seed + 10).as_mut(), &limits);
            assert!(game.result().is_some());
            assert!(game.legal_moves().is_empty());
        }
    }
}

#[test]
fn a_game_is_reproducible_from_its_seeds_and_node_limits() {
    let limits = Limits::nodes(5_000);
    let run = || {
        play_out(
            Level::Medium.player(7).as_mut(),
            Level::Hard.player(8).as_mut(),
            &limits,
        )
        .moves()
        .to_vec()
    };
    assert_eq!(run(), run());
    let easy = |seed| {
        play_out(
            Level::Easy.player(seed).as_mut(),
            Level::Easy.player(seed + 1).as_mut(),
            &limits,
        )
        .moves()
        .to_vec()
    };
    assert_eq!(easy(3), easy(3));
    assert_ne!(easy(3), easy(4), "different seeds, different games");
}

#[test]
fn every_level_takes_a_win_on_the_board() {
    let game = Game::from_position(position(FIG_3, Side::S));
    for level in Level::ALL {
        let mv = level.player(1).choose(&game, &Limits::nodes(10_000));
        assert_eq!(mv.to_string(), "d2-e1", "{level}");
    }
}

#[test]
fn medium_and_hard_parry_a_threat_easy_does_not_look_for() {
    let game = Game::from_position(position(FIG_3, Side::O));
    for level in [Level::Medium, Level::Hard] {
        for seed in 0..5 {
            let mv = level.player(seed).choose(&game, &Limits::nodes(50_000));
            let after = game.position().play(mv).unwrap();
            assert!(
                after
                    .legal_moves()
                    .iter()
                    .all(|&m| after.play_unchecked(m).winner().is_none_or(|w| w.winner == Side::O)),
                "{level} ({seed}) played {mv}, leaving S a win"
            );
        }
    }
}

#[test]
fn hard_reports_proven_wins_and_the_line() {
    let game = Game::from_position(position(FIG_3, Side::S));
    let found = hint(&game, &Limits::nodes(10_000)).unwrap();
    assert_eq!(found.score, Score::Win(1));
    assert_eq!(found.pv, vec!["d2-e1".parse::<Move>().unwrap()]);
    // O frozen (its e1 touches nothing and cannot be reached): S wins in five
    // moves, O passing in between, deeper than the search alone would see.
    let frozen: Position = ".SSS.\nOS.O.\nO.S..\nOOS..\nOS..O\nS\n".parse().unwrap();
    let found = hint(&Game::from_position(frozen), &Limits::nodes(50_000)).unwrap();
    assert_eq!(found.score, Score::Win(9));
    let mut p = frozen;
    for &mv in &found.pv {
        p = p.play(mv).unwrap();
    }
    assert_eq!(p.winner().map(|w| w.winner), Some(Side::S));
    // No hint once the game is over.
    let mut over = Game::from_position(position(FIG_3, Side::S));
    over.play("d2-e1".parse().unwrap()).unwrap();
    assert!(hint(&over, &Limits::none()).is_none());
}

#[test]
fn a_forced_pass_is_answered_at_once() {
    let stuck: Position = ".SS.O\nO.O..\n.SSSS\nO.O..\n..OSO\nO\n".parse().unwrap();
    let game = Game::from_position(stuck);
    let start = Instant::now();
    let found = hint(&game, &Limits::time(Duration::from_secs(5))).unwrap();
    assert_eq!(found.best, Move::Pass);
    assert!(start.elapsed() < Duration::from_secs(2));
}

#[test]
fn the_stop_flag_and_the_clock_cut_a_search_short() {
    let game = Game::new();
    let stop = StopFlag::new();
    stop.raise();
    let start = Instant::now();
    let mv = Level::Hard.player(0).choose(&game, &Limits::none().with_stop(stop));
    assert!(game.check_move(mv).is_ok());
    assert!(start.elapsed() < Duration::from_millis(500));
    let start = Instant::now();
    let mv = Level::Hard
        .player(0)
        .choose(&game, &Limits::time(Duration::from_millis(100)));
    assert!(game.check_move(mv).is_ok());
    assert!(start.elapsed() < Duration::from_millis(600));
}

#[test]
fn levels_read_and_write_their_names() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>().unwrap(), level);
        assert_eq!(level.to_string().to_uppercase().parse::<Level>().unwrap(), level);
    }
    assert_eq!(
        "master".parse::<Level>().unwrap_err().to_string(),
        "unknown level \"master\": use easy, medium or hard"
    );
    assert!(Level::Easy.budget() < Level::Medium.budget() && Level::Medium.budget() < Level::Hard.budget());
}
