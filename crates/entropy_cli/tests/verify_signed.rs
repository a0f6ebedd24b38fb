//! `entropy-cli verify` on signed match files: a file as a server signs it
//! verifies against the server's key (`--key`), and says so line by line;
//! every change a forger would make (the players swapped, a rating raised,
//! a clock lowered, the result lines removed, the file cut short) fails,
//! naming a file changed after the server signed it (line ends turned to
//! CR LF are no change: they read the same); a file signed with
//! another key fails against the server's; an unsigned file says what it
//! leaves unproven, and fails when a key is asked for; a file without a
//! result is unfinished, and does not verify.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use entropy_protocol::fairness::Secret;
use entropy_protocol::signature::SigningKey;
use entropy_rules::{Action, Match, MatchFile, MatchTags, Phase, Player, Size, TimeControl, TimeLeft};
use tempfile::TempDir;

/// A whole 5×5 match as a server writes it, rated, on a 15-minute clock:
/// every counter on the first empty cell, every Order move a pass, each
/// move a second off the mover's clock.
fn server_file(secret: &Secret) -> String {
    let mut game = Match::new(Size::Five, Player::One, secret.match_seeds());
    game.set_time_control(Some(TimeControl::MSO));
    let mut spent = [0u64; 2];
    while !game.is_over() {
        let action = match game.round().phase() {
            Phase::ChaosDraw => {
                game.apply(Action::Draw).unwrap();
                continue;
            }
            Phase::ChaosPlace(_) => Action::Place(game.round().board().vacant().nth(0).unwrap()),
            Phase::OrderMove => Action::Pass,
            Phase::Finished => {
                game.start_second_round().unwrap();
                continue;
            }
        };
        let (mover, _) = game.to_move().unwrap();
        spent[mover.index()] += 1;
        game.apply_timed(action, TimeLeft::from_millis(900_000 - 1_000 * spent[mover.index()]))
            .unwrap();
    }
    let mut tags = MatchTags {
        date: "2026-05-01 12:00".into(),
        ..MatchTags::default()
    };
    tags.players[0].name = "ann".into();
    tags.players[0].kind = "person".into();
    tags.players[1].name = "robot".into();
    tags.players[1].kind = "bot".into();
    for (name, value) in [
        ("Site", "entropy-server".to_string()),
        ("GameId", "k3f9q2xa".into()),
        ("Rating1", "1500".into()),
        ("Rating2", "1623".into()),
        ("SeedHash", secret.commitment()),
        ("Seed", secret.to_string()),
    ] {
        tags.extra.push((name.into(), value));
    }
    MatchFile {
        tags,
        record: game.record(),
    }
    .to_text()
}

/// The server's key in these tests.
fn server_key() -> SigningKey {
    SigningKey::from_bytes([31; 32])
}

fn secret() -> Secret {
    Secret::from_bytes([11; 32])
}

/// `text` without its result lines (`Termination`, `Result`, `Totals`).
fn without_result(text: &str) -> String {
    text.split_inclusive('\n')
        .filter(|l| {
            !["[Termination ", "[Result ", "[Totals "]
                .iter()
                .any(|t| l.starts_with(t))
        })
        .collect()
}

/// `text` without its result lines and its last ten turns: a match that
/// stops in its second round.
fn cut_short(text: &str) -> String {
    let kept = without_result(text);
    let lines: Vec<&str> = kept.split_inclusive('\n').collect();
    lines[..lines.len() - 10].concat()
}

fn verify(args: &[&str], file: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_entropy-cli"))
        .arg("verify")
        .args(args)
        .arg(file)
        .output()
        .unwrap()
}

fn write(dir: &TempDir, name: &str, text: &str) -> PathBuf {
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
fn a_signed_file_verifies_against_the_servers_key_and_says_what_it_proves() {
    let dir = TempDir::new().unwrap();
    let key = server_key().public_hex();
    let path = write(&dir, "game.txt", &server_key().sign_file(&server_file(&secret())));
    let output = verify(&["--key", &key], &path);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(
        lines[0],
        format!("seed hash {}: the seed revealed hashes to it", secret().commitment())
    );
    assert_eq!(lines[1], "every draw follows from the seed");
    assert_eq!(
        lines[2],
        format!(
            "signature: valid for the key {key} given with --key: the whole file is as that key's holder \
             signed it, players, ratings, clocks, moves and result"
        )
    );
    assert!(lines[3].starts_with("result: "), "{out}");

    // Without the key to check against: valid for the key the file
    // names, and said plainly not to be proven the server's.
    let output = verify(&[], &path);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains(&format!("signature: valid for the key {key} that the file names\n")),
        "{out}"
    );
    assert!(
        out.contains("not checked: whether that key is the server's (anyone can sign a file with a key of their own)"),
        "{out}"
    );
}

#[test]
fn every_change_a_forger_would_make_fails() {
    let dir = TempDir::new().unwrap();
    let key = server_key().public_hex();
    let signed = server_key().sign_file(&server_file(&secret()));
    let swapped = signed
        .replace("[Player1 \"ann\"]", "[Player1 \"robot\"]")
        .replace("[Player2 \"robot\"]", "[Player2 \"ann\"]");
    let rating = signed.replace("[Rating2 \"1623\"]", "[Rating2 \"1923\"]");
    // The last clock of the file (the last move's mover's last): a minute lower.
    let at = signed.rfind("{14:").unwrap();
    let clock = format!("{}{{13:{}", &signed[..at], &signed[at + 4..]);
    for (what, changed) in [
        ("players swapped", swapped),
        ("a rating changed", rating),
        ("a clock lowered", clock),
        ("the result lines removed", without_result(&signed)),
        ("cut short, the result lines removed", cut_short(&signed)),
    ] {
        assert_ne!(changed, signed, "{what}");
        let path = write(&dir, "changed.txt", &changed);
        // The file still reads as a match file: only the signature tells.
        let shown = Command::new(env!("CARGO_BIN_EXE_entropy-cli"))
            .arg("show")
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(shown.status.code(), Some(0), "{what}: {}", stderr(&shown));
        for args in [&["--key", key.as_str()][..], &[]] {
            let output = verify(args, &path);
            assert_eq!(output.status.code(), Some(1), "{what} {args:?}: {}", stdout(&output));
            let err = stderr(&output);
            assert!(
                err.contains("changed.txt: does not verify: the file was changed after"),
                "{what}: {err}"
            );
            assert!(err.contains(&key), "{what}: {err}");
            if !args.is_empty() {
                assert!(err.contains("changed after the server signed it"), "{what}: {err}");
            }
            // The draws were checked, and said, before.
            assert!(stdout(&output).contains("every draw follows from the seed"), "{what}");
        }
    }
}

#[test]
fn line_ends_turned_to_cr_lf_and_a_byte_order_mark_change_nothing() {
    // As an editor or a transfer may leave the file: every reader of match
    // files reads it as the server wrote it, and so does the signature.
    let dir = TempDir::new().unwrap();
    let signed = server_key().sign_file(&server_file(&secret()));
    let path = write(&dir, "crlf.txt", &format!("\u{feff}{}", signed.replace('\n', "\r\n")));
    let output = verify(&["--key", &server_key().public_hex()], &path);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("the whole file is as that key's holder signed it"));
}

#[test]
fn a_file_signed_with_another_key_is_not_the_servers() {
    let dir = TempDir::new().unwrap();
    let forger = SigningKey::from_bytes([32; 32]);
    let forged = forger.sign_file(&server_file(&secret()).replace("1623", "1923"));
    let path = write(&dir, "forged.txt", &forged);
    let output = verify(&["--key", &server_key().public_hex()], &path);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(
        err.contains(&format!(
            "the file is signed with the key {}, not the key {} given with --key: someone else signed it",
            forger.public_hex(),
            server_key().public_hex()
        )),
        "{err}"
    );
    // On its own word it is signed: and said not to be checked.
    let output = verify(&[], &path);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("not checked: whether that key is the server's"));
}

#[test]
fn an_unsigned_file_says_what_it_leaves_unproven() {
    let dir = TempDir::new().unwrap();
    let path = write(&dir, "old.txt", &server_file(&secret()));
    let output = verify(&[], &path);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.contains("every draw follows from the seed\n"), "{out}");
    assert!(
        out.contains("signature: none (a file of an older server, or of another program)\n"),
        "{out}"
    );
    assert!(
        out.contains(
            "not proven: the players, their ratings, the moves, the clocks and the result: anyone could have changed them"
        ),
        "{out}"
    );
    // Asked to be the server's, it cannot be.
    let output = verify(&["--key", &server_key().public_hex()], &path);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("does not verify: the file is not signed, so nothing shows it to be the server's"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_file_without_a_result_is_unfinished() {
    let dir = TempDir::new().unwrap();
    // Unsigned, and signed as it stands (a game the server saw abandoned).
    let unfinished = cut_short(&server_file(&secret()));
    for (name, text, args) in [
        ("cut.txt", unfinished.clone(), vec![]),
        (
            "abandoned.txt",
            server_key().sign_file(&unfinished),
            vec!["--key".to_string(), server_key().public_hex()],
        ),
    ] {
        let path = write(&dir, name, &text);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = verify(&args, &path);
        assert_eq!(output.status.code(), Some(1), "{name}: {}", stdout(&output));
        let err = stderr(&output);
        assert!(
            err.contains(&format!("{name}: does not verify: unfinished: the match has no result")),
            "{err}"
        );
        assert!(!stdout(&output).contains("\nresult: "), "{}", stdout(&output));
    }
}

#[test]
fn a_key_that_is_not_one_is_refused_before_reading() {
    let dir = TempDir::new().unwrap();
    let path = write(&dir, "game.txt", &server_file(&secret()));
    let output = verify(&["--key", "xyz"], &path);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("is not an Ed25519 public key"),
        "{}",
        stderr(&output)
    );
}
