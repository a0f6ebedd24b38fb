//! `entropy-cli verify` on match files as a server writes them (with the
//! `Seed`, `SeedHash`, `Site`, `GameId` and rating tags), and `show` and
//! `review` reading the same files. Signed files are tests/verify_signed.rs's.

use std::path::Path;
use std::process::{Command, Output};

use entropy_protocol::fairness::Secret;
use entropy_rules::{
    Action, AnyMatchFile, BagSpec, Match, MatchFile, MatchTags, Phase, Player, SimultaneousFile, SimultaneousMatch,
    SimultaneousStep, Size,
};
use tempfile::TempDir;

/// The tags a server adds to a finished game's file.
fn server_tags(seed: &str, hash: &str) -> MatchTags {
    let mut tags = MatchTags {
        date: "2026-05-01 12:00".into(),
        ..MatchTags::default()
    };
    tags.players[0].name = "ann".into();
    tags.players[0].kind = "person".into();
    tags.players[1].name = "robot".into();
    tags.players[1].kind = "bot".into();
    for (name, value) in [
        ("Site", "ws://127.0.0.1:7849"),
        ("GameId", "k3f9q2xa"),
        ("Rating1", "1500"),
        ("Rating2", "1623.4"),
        ("Seed", seed),
        ("SeedHash", hash),
    ] {
        tags.extra.push((name.into(), value.into()));
    }
    tags
}

/// A whole two-round match on 5×5 from `seeds`: every counter on the first
/// empty cell, every Order move a pass.
fn played_match(seeds: [u64; 2]) -> Match {
    let mut game = Match::new(Size::Five, Player::One, seeds);
    while !game.is_over() {
        match game.round().phase() {
            Phase::ChaosDraw => game.apply(Action::Draw).map(drop).unwrap(),
            Phase::ChaosPlace(_) => {
                let cell = game.round().board().vacant().nth(0).unwrap();
                game.apply(Action::Place(cell)).map(drop).unwrap();
            }
            Phase::OrderMove => game.apply(Action::Pass).map(drop).unwrap(),
            Phase::Finished => game.start_second_round().unwrap(),
        }
    }
    game
}

fn match_file(secret: &Secret, seeds: [u64; 2]) -> String {
    let file = MatchFile {
        tags: server_tags(&secret.to_string(), &secret.commitment()),
        record: played_match(seeds).record(),
    };
    file.to_text()
}

fn simultaneous_file(secret: &Secret) -> String {
    let mut game = SimultaneousMatch::with_bag(Size::Five, &BagSpec::Seed(secret.simultaneous_seed())).unwrap();
    loop {
        match game.step() {
            SimultaneousStep::Draw => game.draw().map(drop).unwrap(),
            SimultaneousStep::Over => break,
            _ => {
                let pending = game.pending()[0];
                let action = match game.board(pending.board).phase() {
                    Phase::ChaosPlace(_) => Action::Place(game.board(pending.board).board().vacant().nth(0).unwrap()),
                    _ => Action::Pass,
                };
                game.apply(pending.player, action).unwrap();
            }
        }
    }
    let file = SimultaneousFile {
        tags: server_tags(&secret.to_string(), &secret.commitment()),
        record: game.record(),
    };
    file.to_text()
}

fn cli(args: &[&str], file: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_entropy-cli"))
        .args(args)
        .arg(file)
        .output()
        .unwrap()
}

fn write(dir: &TempDir, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn a_file_drawn_from_its_seed_verifies() {
    let dir = TempDir::new().unwrap();
    let secret = Secret::from_bytes([11; 32]);
    let text = match_file(&secret, secret.match_seeds());
    // The file is what a server writes: the tags survive the writing.
    assert!(text.contains("[Seed \""), "{text}");
    assert!(text.contains("[GameId \"k3f9q2xa\"]"), "{text}");
    let path = write(&dir, "game.txt", &text);
    let output = cli(&["verify"], &path);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.contains(&secret.commitment()), "{out}");
    assert!(out.contains("\nevery draw follows from the seed\n"), "{out}");
    // Unsigned: said, with what that leaves unproven; then the result.
    assert!(out.contains("\nsignature: none"), "{out}");
    assert!(
        out.contains("\nnot proven: the players, their ratings, the moves, the clocks and the result"),
        "{out}"
    );
    assert!(out.lines().last().unwrap().starts_with("result: "), "{out}");
}

#[test]
fn a_simultaneous_file_drawn_from_its_seed_verifies() {
    let dir = TempDir::new().unwrap();
    let secret = Secret::from_bytes([12; 32]);
    let path = write(&dir, "simultaneous.txt", &simultaneous_file(&secret));
    let output = cli(&["verify"], &path);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains(&secret.commitment()));
}

#[test]
fn another_seed_does_not_match_the_hash() {
    let dir = TempDir::new().unwrap();
    let secret = Secret::from_bytes([11; 32]);
    let other = Secret::from_bytes([13; 32]);
    let text = match_file(&secret, secret.match_seeds()).replace(&secret.to_string(), &other.to_string());
    let path = write(&dir, "game.txt", &text);
    let output = cli(&["verify"], &path);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains("does not verify"), "{err}");
    assert!(
        err.contains("the seed does not match the hash published at the start"),
        "{err}"
    );
    assert!(err.contains(&other.commitment()), "{err}");
    assert!(stdout(&output).is_empty());
}

#[test]
fn another_hash_does_not_match_the_seed() {
    let dir = TempDir::new().unwrap();
    let secret = Secret::from_bytes([11; 32]);
    let forged = "0".repeat(64);
    let text = match_file(&secret, secret.match_seeds()).replace(&secret.commitment(), &forged);
    let path = write(&dir, "game.txt", &text);
    let output = cli(&["verify"], &path);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains(&format!("published {forged}")), "{err}");
    assert!(
        err.contains(&format!("the seed hashes to {}", secret.commitment())),
        "{err}"
    );
}

#[test]
fn bags_not_drawn_from_the_seed_fail() {
    // A server that committed to one seed and drew from others: the file
    // replays (its bags are its own), but they are not the seed's.
    let dir = TempDir::new().unwrap();
    let secret = Secret::from_bytes([11; 32]);
    let path = write(&dir, "game.txt", &match_file(&secret, [1, 2]));
    let output = cli(&["verify"], &path);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(
        err.contains(&format!(
            "Round 1's bag is drawn from Seed(1), but the seed gives Seed({})",
            secret.match_seeds()[0]
        )),
        "{err}"
    );
}

#[test]
fn a_bag_changed_in_the_file_is_malformed() {
    // The draws no longer follow from the bag the file names: the file
    // does not replay, and is refused as show refuses it.
    let dir = TempDir::new().unwrap();
    let secret = Secret::from_bytes([11; 32]);
    let text = match_file(&secret, secret.match_seeds());
    let bag = format!("[Bag1 \"seed {}\"]", secret.match_seeds()[0]);
    assert!(text.contains(&bag), "{text}");
    let path = write(&dir, "game.txt", &text.replace(&bag, "[Bag1 \"seed 5\"]"));
    let output = cli(&["verify"], &path);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr(&output);
    assert!(err.starts_with("entropy-cli verify: "), "{err}");
    assert!(err.contains("game.txt: line "), "{err}");
}

#[test]
fn a_file_without_a_seed_or_with_a_bad_one_fails() {
    let dir = TempDir::new().unwrap();
    let secret = Secret::from_bytes([11; 32]);
    let text = match_file(&secret, secret.match_seeds());
    let seed_line = format!("[Seed \"{secret}\"]\n");
    let path = write(&dir, "local.txt", &text.replace(&seed_line, ""));
    let output = cli(&["verify"], &path);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("the file has no [Seed] tag: it was not played on a server"),
        "{}",
        stderr(&output)
    );
    let path = write(&dir, "bad.txt", &text.replace(&seed_line, "[Seed \"xyz\"]\n"));
    let output = cli(&["verify"], &path);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("a seed is 64 hexadecimal digits"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_missing_or_malformed_file_is_exit_status_2() {
    let dir = TempDir::new().unwrap();
    let output = cli(&["verify"], &dir.path().join("nowhere.txt"));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("nowhere.txt"), "{}", stderr(&output));
    let path = write(&dir, "junk.txt", "[Size \"6\"]\n");
    let output = cli(&["verify"], &path);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("line 1"), "{}", stderr(&output));
}

#[test]
fn show_and_review_read_a_server_file() {
    let dir = TempDir::new().unwrap();
    let secret = Secret::from_bytes([11; 32]);
    let text = match_file(&secret, secret.match_seeds());
    let path = write(&dir, "game.txt", &text);
    // The file reads back whole, its server tags kept.
    let AnyMatchFile::Rounds(file) = AnyMatchFile::parse(&text).unwrap() else {
        panic!("a two-round match");
    };
    assert!(file.tags.extra.iter().any(|(n, v)| n == "Rating2" && v == "1623.4"));
    let shown = cli(&["show"], &path);
    assert_eq!(shown.status.code(), Some(0), "{}", stderr(&shown));
    assert!(stdout(&shown).contains("ann"), "{}", stdout(&shown));
    let reviewed = cli(&["review", "--nodes", "50", "--quiet", "-j", "1"], &path);
    assert_eq!(reviewed.status.code(), Some(0), "{}", stderr(&reviewed));
    assert!(stdout(&reviewed).contains("robot"), "{}", stdout(&reviewed));

    let path = write(&dir, "simultaneous.txt", &simultaneous_file(&secret));
    let shown = cli(&["show"], &path);
    assert_eq!(shown.status.code(), Some(0), "{}", stderr(&shown));
}
