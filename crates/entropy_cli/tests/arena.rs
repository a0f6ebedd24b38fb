//! The arena: matches between built-in players and external programs,
//! forfeits of faulty programs, statistics, and the command line.

use std::io::Write as _;
use std::process::Command;

use entropy_ai::{Level, Limits};
use entropy_cli::arena::{self, ArenaConfig, PlayerSpec, Verdict};
use entropy_cli::referee::Fault;
use entropy_rules::Size;
use entropy_stats::mean_ci;
use tempfile::TempPath;

/// Writes an executable shell script for a fake CodeCup program.
/// The file is removed when the test lets it go.
fn fake_program(name: &str, body: &str) -> TempPath {
    let mut file = tempfile::Builder::new().prefix(name).tempfile().unwrap();
    write!(file, "#!/bin/sh\n{body}\n").unwrap();
    let path = file.into_temp_path();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    path
}

fn config(a: PlayerSpec, b: PlayerSpec, matches: usize) -> ArenaConfig {
    ArenaConfig {
        players: [a, b],
        matches,
        seed: 42,
        jobs: 2,
        size: Size::Seven,
        limits: Limits::nodes(2_000),
        external_time: std::time::Duration::from_secs(20),
        simultaneous: false,
    }
}

#[test]
fn both_rounds_of_a_match_draw_the_same_colours() {
    let config = config(PlayerSpec::Greedy, PlayerSpec::Level(Level::Easy), 3);
    let results = arena::run(&config, &|_| {});
    assert_eq!(results.len(), 3);
    for m in &results {
        assert_eq!(m.rounds.len(), 2);
        assert_eq!(m.rounds[0].order, 0);
        assert_eq!(m.rounds[1].order, 1);
        let colours = |i: usize| -> Vec<_> {
            m.rounds[i]
                .outcome
                .record
                .turns
                .iter()
                .map(|t| t.placement.colour)
                .collect()
        };
        assert_eq!(colours(0), colours(1));
        assert_eq!(colours(0).len(), 49);
    }
    // Different matches draw different bags.
    assert_ne!(results[0].bag_seed, results[1].bag_seed);
}

#[test]
fn a_run_is_reproducible_from_its_seed() {
    let config = config(PlayerSpec::Level(Level::Beginner), PlayerSpec::Level(Level::Medium), 4);
    let scores = |results: &[arena::MatchResult]| -> Vec<u32> {
        results
            .iter()
            .flat_map(|m| m.rounds.iter().map(|r| r.outcome.score))
            .collect()
    };
    let first = scores(&arena::run(&config, &|_| {}));
    let again = scores(&arena::run(
        &ArenaConfig {
            jobs: 1,
            ..config.clone()
        },
        &|_| {},
    ));
    assert_eq!(first, again);
    let other = scores(&arena::run(&ArenaConfig { seed: 43, ..config }, &|_| {}));
    assert_ne!(first, other);
}

#[test]
fn a_crashing_program_loses_its_matches_and_the_arena_goes_on() {
    let crasher = fake_program("crasher", "read line\necho 'out of cheese' >&2\nexit 3");
    let config = config(
        PlayerSpec::External(crasher.display().to_string()),
        PlayerSpec::Greedy,
        2,
    );
    let results = arena::run(&config, &|_| {});
    assert_eq!(results.len(), 2);
    for m in &results {
        assert_eq!(m.verdict(0), Verdict::Lost);
        assert_eq!(m.verdict(1), Verdict::Won);
        let (faulty, fault) = m.rounds[0].forfeit().expect("round 1 is forfeited");
        assert_eq!(faulty, 0);
        let Fault::Crashed(detail) = fault else {
            panic!("{fault:?}")
        };
        assert!(
            detail.contains("out of cheese") && detail.contains("exit status: 3"),
            "{detail}"
        );
    }
    let report = arena::report(&config, &results);
    assert!(report.contains("forfeited"), "{report}");
    assert!(report.contains("crashed"), "{report}");
    let stats = arena::stats(&results, 0);
    assert_eq!((stats.won, stats.drawn, stats.lost), (0, 0, 2));
    // Forfeited rounds are left out of the score means, and their matches out of the margin.
    assert_eq!(stats.order_rounds, 0);
    assert_eq!(arena::margin(&results).2, 0);
    assert!(!report.contains("margin"), "{report}");
}

#[test]
fn the_margin_is_the_paired_difference_of_the_order_scores() {
    let config = config(PlayerSpec::Level(Level::Easy), PlayerSpec::Level(Level::Beginner), 6);
    let results = arena::run(&config, &|_| {});
    let diffs: Vec<f64> = results
        .iter()
        .map(|m| m.rounds[0].outcome.score as f64 - m.rounds[1].outcome.score as f64)
        .collect();
    let (mean, ci, n) = arena::margin(&results);
    assert_eq!(n, 6);
    assert_eq!((mean, ci), mean_ci(&diffs));
    let a = arena::stats(&results, 0).order.0;
    let b = arena::stats(&results, 1).order.0;
    assert!((mean - (a - b)).abs() < 1e-9, "{mean} vs {a} - {b}");
    let report = arena::report(&config, &results);
    assert!(
        report.contains(&format!(
            "A's margin over B (A's Order score minus B's, same bag, 6 matches): {mean:+.1} ± {ci:.1}"
        )),
        "{report}"
    );
}

#[test]
fn an_illegal_move_forfeits_the_round_with_the_move_named() {
    // As Chaos it always answers Aa (occupied from the second placement on);
    // as Order it answers a slide that is not straight.
    let cheat = fake_program(
        "cheat",
        "while read line; do\n  case \"$line\" in\n    Quit) exit 0;;\n    Start) ;;\n    [1-7]) echo Aa;;\n    [1-7]??) echo AaGg;;\n  esac\ndone",
    );
    let config = config(
        PlayerSpec::Level(Level::Easy),
        PlayerSpec::External(cheat.display().to_string()),
        1,
    );
    let results = arena::run(&config, &|_| {});
    let m = &results[0];
    let (faulty, fault) = m.rounds[0].forfeit().expect("the cheat forfeits round 1 as Chaos");
    assert_eq!(faulty, 1);
    let Fault::Illegal { text, .. } = fault else {
        panic!("{fault:?}")
    };
    assert_eq!(text, "Aa");
    assert_eq!(m.verdict(0), Verdict::Won);
    let report = arena::report(&config, &results);
    assert!(report.contains("illegal move \"Aa\""), "{report}");
}

#[test]
fn an_illegal_order_move_is_caught_too() {
    let cheat = fake_program(
        "cheat-order",
        "while read line; do\n  case \"$line\" in\n    Quit) exit 0;;\n    Start) ;;\n    [1-7]) echo Aa;;\n    [1-7]??) echo AaGg;;\n  esac\ndone",
    );
    // The cheat is player A: Order in round 1.
    let config = config(PlayerSpec::External(cheat.display().to_string()), PlayerSpec::Greedy, 1);
    let results = arena::run(&config, &|_| {});
    let (faulty, fault) = results[0].rounds[0].forfeit().expect("forfeit");
    assert_eq!(faulty, 0);
    assert!(
        matches!(fault, Fault::Illegal { text, .. } if text == "AaGg"),
        "{fault:?}"
    );
}

fn cli(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_entropy-cli"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_arena_command_reports_both_players() {
    let (code, stdout, stderr) = cli(&[
        "arena", "easy", "greedy", "-n", "4", "-j", "2", "--seed", "3", "--quiet",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("4 matches of two rounds"), "{stdout}");
    for needle in [
        "Order score",
        "conceded",
        "won",
        "ms/Order move",
        "easy",
        "greedy",
        "No forfeits.",
    ] {
        assert!(stdout.contains(needle), "{needle}: {stdout}");
    }
}

#[test]
fn bad_arena_arguments_are_refused_with_a_message() {
    for (args, said) in [
        (&["arena", "easy", "grandmaster"][..], "unknown player"),
        (&["arena", "easy", "cmd:"][..], "no command line"),
        (&["arena", "easy", "greedy", "--size", "6"][..], "5 or 7"),
        (&["arena", "easy", "greedy", "-n", "0"][..], "0"),
        (&["arena", "easy"][..], "required"),
        (&["arena", "easy", "greedy", "--game-time", "x"][..], "not a number"),
    ] {
        let (code, _, stderr) = cli(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_program_that_runs_out_of_time_forfeits() {
    let sleeper = fake_program("sleeper", "read line\nsleep 5");
    let config = ArenaConfig {
        external_time: std::time::Duration::from_millis(300),
        ..config(
            PlayerSpec::Greedy,
            PlayerSpec::External(sleeper.display().to_string()),
            1,
        )
    };
    let results = arena::run(&config, &|_| {});
    let (faulty, fault) = results[0].rounds[0].forfeit().expect("forfeit");
    assert_eq!(faulty, 1);
    assert!(matches!(fault, Fault::TimedOut(_)), "{fault:?}");
    assert_eq!(results[0].verdict(0), Verdict::Won);
    assert!(arena::report(&config, &results).contains("timed out"));
}

/// The forfeits of `program` as B against A in a run of `matches`: each
/// must be B's, a broken protocol, and the run must report them all.
fn protocol_faults(a: PlayerSpec, program: &str, matches: usize) -> Vec<String> {
    let config = config(a, PlayerSpec::External(program.into()), matches);
    let results = arena::run(&config, &|_| {});
    assert_eq!(results.len(), matches);
    let details: Vec<String> = results
        .iter()
        .map(|m| {
            assert_eq!(m.verdict(1), Verdict::Lost, "{program}");
            let (faulty, fault) = m.rounds[0].forfeit().expect("B forfeits round 1");
            assert_eq!(faulty, 1);
            let Fault::Protocol(detail) = fault else {
                panic!("{program}: {fault:?}")
            };
            detail.clone()
        })
        .collect();
    let report = arena::report(&config, &results);
    assert!(report.contains(&format!("{matches} forfeited rounds")), "{report}");
    assert!(report.contains("broke the protocol"), "{report}");
    details
}

#[test]
fn a_program_flooding_one_endless_line_forfeits_and_the_arena_goes_on() {
    for program in ["cat /dev/zero", "yes | tr -d '\\n'"] {
        for detail in protocol_faults(PlayerSpec::Greedy, program, 2) {
            assert_eq!(
                detail, "its output, line 1: the line is too long (more than 4096 bytes)",
                "{program}"
            );
        }
    }
}

#[test]
fn a_program_writing_two_lines_for_one_move_forfeits() {
    // As Chaos it answers its first colour with two lines at once.
    let twice = fake_program(
        "twice",
        "while read line; do\n  case \"$line\" in\n    Quit) exit 0;;\n    Start) ;;\n    [1-7]) printf 'Aa\\nAa\\n';;\n  esac\ndone",
    );
    for detail in protocol_faults(PlayerSpec::Greedy, &twice.display().to_string(), 1) {
        assert_eq!(
            detail,
            "it wrote more than one line when asked for a move, the first \"Aa\""
        );
    }
}

#[test]
fn a_program_writing_what_is_not_utf8_forfeits() {
    let program = "read line; printf 'A\\377\\n'; cat >/dev/null";
    for detail in protocol_faults(PlayerSpec::Greedy, program, 1) {
        assert_eq!(detail, "its output, line 1: not UTF-8 text (at byte 2 of the line)");
    }
}

#[test]
fn the_arena_command_reports_a_flooding_program_and_exits_0() {
    let (code, stdout, stderr) = cli(&["arena", "greedy", "cmd:cat /dev/zero", "-n", "2", "--quiet"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("2 matches of two rounds"), "{stdout}");
    assert!(
        stdout.contains(
            "match 2 round 1: B (cmd:cat /dev/zero) as Chaos broke the protocol: \
             its output, line 1: the line is too long (more than 4096 bytes)"
        ),
        "{stdout}"
    );
}

#[test]
fn a_simultaneous_match_plays_both_boards_on_one_queue_of_draws() {
    let config = ArenaConfig {
        simultaneous: true,
        ..config(PlayerSpec::Level(Level::Beginner), PlayerSpec::Level(Level::Easy), 3)
    };
    let results = arena::run(&config, &|_| {});
    assert_eq!(results.len(), 3);
    // The same bags as the matches of two rounds of the same run.
    let rounds = arena::run(
        &ArenaConfig {
            simultaneous: false,
            ..config.clone()
        },
        &|_| {},
    );
    for (m, r) in results.iter().zip(&rounds) {
        assert_eq!(m.bag_seed, r.bag_seed);
        assert_eq!(m.rounds.len(), 2);
        assert_eq!((m.rounds[0].order, m.rounds[1].order), (0, 1));
        let colours = |i: usize| -> Vec<_> {
            m.rounds[i]
                .outcome
                .record
                .turns
                .iter()
                .map(|t| t.placement.colour)
                .collect()
        };
        assert_eq!(colours(0), colours(1));
        assert_eq!(colours(0).len(), 49);
        for round in &m.rounds {
            // Each board replays, and scores what the result says.
            let replayed = round.outcome.record.replay().unwrap();
            assert!(replayed.is_finished());
            assert_eq!(replayed.score(), round.outcome.score);
            assert_eq!(round.outcome.order_times.len(), 48);
            assert_eq!(round.outcome.chaos_times.len(), 49);
        }
        let [a, b] = [m.rounds[0].outcome.score, m.rounds[1].outcome.score];
        let expected = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Verdict::Won,
            std::cmp::Ordering::Equal => Verdict::Drawn,
            std::cmp::Ordering::Less => Verdict::Lost,
        };
        assert_eq!(m.verdict(0), expected);
    }
    // Reproducible from the seed, whatever the threads.
    let again = arena::run(
        &ArenaConfig {
            jobs: 1,
            ..config.clone()
        },
        &|_| {},
    );
    let scores = |rs: &[arena::MatchResult]| -> Vec<u32> {
        rs.iter()
            .flat_map(|m| m.rounds.iter().map(|r| r.outcome.score))
            .collect()
    };
    assert_eq!(scores(&results), scores(&again));
    let report = arena::report(&config, &results);
    assert!(report.starts_with("3 simultaneous matches on 7×7"), "{report}");
    assert!(report.contains("one queue of draws for both boards"), "{report}");
}

#[test]
fn a_faulty_program_in_a_simultaneous_match_forfeits_its_board() {
    let crasher = fake_program("crasher-simultaneous", "read line\nexit 3");
    let config = ArenaConfig {
        simultaneous: true,
        ..config(
            PlayerSpec::Greedy,
            PlayerSpec::External(crasher.display().to_string()),
            2,
        )
    };
    let results = arena::run(&config, &|_| {});
    for m in &results {
        assert_eq!(m.verdict(1), Verdict::Lost);
        assert_eq!(m.rounds.len(), 1, "only the board it faulted on");
        let (faulty, fault) = m.rounds[0].forfeit().expect("a forfeit");
        assert_eq!(faulty, 1);
        assert!(matches!(fault, Fault::Crashed(_)), "{fault:?}");
    }
    let report = arena::report(&config, &results);
    assert!(report.contains("2 forfeited boards"), "{report}");
    assert!(report.contains("match 1 board "), "{report}");
}

#[test]
fn the_arena_command_plays_simultaneous_matches() {
    let (code, stdout, stderr) = cli(&[
        "arena",
        "beginner",
        "greedy",
        "--simultaneous",
        "-n",
        "2",
        "--size",
        "5",
        "--quiet",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.starts_with("2 simultaneous matches on 5×5"), "{stdout}");
    for needle in ["Order score", "beginner", "greedy", "No forfeits.", "A's margin over B"] {
        assert!(stdout.contains(needle), "{needle}: {stdout}");
    }
}

/// A search level's nodes a move are counted by role and reported; a
/// player that does not search has none.
#[test]
fn the_report_says_the_nodes_a_search_level_searched_a_move_by_role() {
    let config = config(PlayerSpec::Level(Level::Hard), PlayerSpec::Greedy, 1);
    let results = arena::run(&config, &|_| {});
    let [order, chaos] = results[0].searched[0];
    let (order, chaos) = (
        order.expect("Hard searched as Order"),
        chaos.expect("Hard searched as Chaos"),
    );
    // Round 1 has Order's 48 replies, round 2 Chaos's 49 placements
    // (the first on an empty board, searched like the rest).
    assert_eq!(order.moves, 48);
    assert_eq!(chaos.moves, 49);
    assert!(order.nodes > 0 && chaos.nodes > 0);
    assert_eq!(results[0].searched[1], [None, None], "greedy does not search");
    let report = arena::report(&config, &results);
    let line = report
        .lines()
        .find(|l| l.starts_with("A searched"))
        .expect("A's nodes in the report");
    assert!(
        line.contains("as Order (48 moves)") && line.contains("as Chaos (49 moves)"),
        "{line}"
    );
    assert!(!report.contains("B searched"), "{report}");
}
