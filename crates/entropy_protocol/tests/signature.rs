//! The server's signature on a match file: a file as a server writes it
//! (players, ratings, a clock on every move, the seed) verifies once
//! signed, reads back as any match file, and fails for any change: a
//! player's name, a rating, a clock, the result lines, any byte, any line.

use entropy_protocol::fairness::Secret;
use entropy_protocol::signature::{SignatureError, SigningKey, canonical, verify_file};
use entropy_rules::{
    Action, AnyMatchFile, BagSpec, Match, MatchFile, MatchTags, Phase, Player, SimultaneousFile, SimultaneousMatch,
    SimultaneousStep, Size, TimeControl, TimeLeft,
};
use proptest::prelude::*;

/// The tags a server gives a rated game's file.
fn server_tags(secret: &Secret) -> MatchTags {
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
    tags
}

/// A whole 5×5 match on a 15-minute clock: every counter on the first
/// empty cell, every Order move a pass, each move a second off the
/// mover's clock.
fn match_text(secret: &Secret) -> String {
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
        let left = TimeLeft::from_millis(900_000 - 1_000 * spent[mover.index()]);
        game.apply_timed(action, left).unwrap();
    }
    MatchFile {
        tags: server_tags(secret),
        record: game.record(),
    }
    .to_text()
}

/// A whole simultaneous match on 5×5, with no clock.
fn simultaneous_text(secret: &Secret) -> String {
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
    SimultaneousFile {
        tags: server_tags(secret),
        record: game.record(),
    }
    .to_text()
}

fn key() -> SigningKey {
    SigningKey::from_bytes([21; 32])
}

#[test]
fn a_signed_file_verifies_and_reads_back_as_any_match_file() {
    let secret = Secret::from_bytes([5; 32]);
    for text in [match_text(&secret), simultaneous_text(&secret)] {
        let signed = key().sign_file(&text);
        let verified = verify_file(&signed, Some(&key().public_hex())).unwrap();
        assert_eq!(verified.key, key().public_hex());
        assert_eq!(verify_file(&signed, None), Ok(verified));
        // The two tags come last among the tags, and the file reads back
        // whole: written again, it is the same text, and still verifies.
        let file = AnyMatchFile::parse(&signed).unwrap_or_else(|e| panic!("{e}\n{signed}"));
        let names: Vec<&str> = file.tags().extra.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names[names.len() - 2..], ["ServerKey", "Signature"], "{signed}");
        assert_eq!(file.to_text(), signed);
        assert_eq!(verify_file(&text, None), Err(SignatureError::Unsigned));
    }
}

#[test]
fn each_change_a_forger_would_make_fails() {
    let secret = Secret::from_bytes([5; 32]);
    let signed = key().sign_file(&match_text(&secret));
    let swapped = signed
        .replace("[Player1 \"ann\"]", "[Player1 \"robot\"]")
        .replace("[Player2 \"robot\"]", "[Player2 \"ann\"]");
    let rating = signed.replace("[Rating2 \"1623\"]", "[Rating2 \"1923\"]");
    // Player 2's last move: their clock a minute lower.
    let last_clock = signed.rfind("{14:").unwrap();
    let clock = format!("{}{{13:{}", &signed[..last_clock], &signed[last_clock + 4..]);
    let result_lines = signed
        .lines()
        .filter(|l| !["[Termination", "[Result", "[Totals"].iter().any(|t| l.starts_with(t)))
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    // Cut short: round 2's last ten turns gone, and the result lines.
    let lines: Vec<&str> = result_lines.lines().collect();
    let cut = lines[..lines.len() - 10]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect::<String>();
    for (what, changed) in [
        ("players swapped", swapped),
        ("a rating changed", rating),
        ("a clock lowered", clock),
        ("the result lines removed", result_lines),
        ("cut short", cut),
    ] {
        assert_ne!(changed, signed, "{what}: the file is changed");
        assert_eq!(
            verify_file(&changed, Some(&key().public_hex())),
            Err(SignatureError::Changed {
                key: key().public_hex()
            }),
            "{what}"
        );
    }
    // The same file signed again by a forger's own key: valid for that
    // key, and not for the server's.
    let forger = SigningKey::from_bytes([22; 32]);
    let forged = forger.sign_file(&signed.replace("1623", "1923"));
    assert_eq!(verify_file(&forged, None).unwrap().key, forger.public_hex());
    assert!(matches!(
        verify_file(&forged, Some(&key().public_hex())),
        Err(SignatureError::OtherKey { .. })
    ));
}

#[test]
fn the_signature_of_a_known_text_is_the_one_recorded() {
    // Pins the bytes signed: a server and a client of other versions must
    // agree on them. Ed25519 signatures are deterministic.
    let key = SigningKey::from_bytes([7; 32]);
    let signed = key.sign_file("[Player1 \"Ann\"]\n[Player2 \"Bob\"]\n\nRound 1: player 1 is Order\n1. 3Dc\n");
    let expected = format!(
        "[Player1 \"Ann\"]\n[Player2 \"Bob\"]\n[ServerKey \"{}\"]\n[Signature \"{}\"]\n\nRound 1: player 1 is Order\n1. 3Dc\n",
        PUBLIC_7, SIGNATURE_7
    );
    assert_eq!(signed, expected);
}

/// The public key of the secret of 32 bytes of 7.
const PUBLIC_7: &str = "ea4a6c63e29c520abef5507b132ec5f9954776aebebe7b92421eea691446d22c";
/// Its signature of the text above with the Signature line taken out (the
/// same as Python's `cryptography` package, on OpenSSL, makes of those
/// bytes: plain Ed25519, nothing of this crate's own).
const SIGNATURE_7: &str = "232473cba282bb405441ff03ebaad3a3cd852ca09190df552d601ca5bcfd2e8297f16abc51d143fcc94a0ea537b74ab59ecc2777a601a8b9ede105ea54bf1d09";

#[test]
fn line_ends_of_cr_lf_and_a_byte_order_mark_read_as_the_file_signed() {
    let signed = key().sign_file(&match_text(&Secret::from_bytes([5; 32])));
    let moved = format!("\u{feff}{}", signed.replace('\n', "\r\n"));
    assert!(verify_file(&moved, Some(&key().public_hex())).is_ok());
    // Signed so, it is signed as read: the same file.
    assert_eq!(key().sign_file(&moved), signed);
    // A stray return elsewhere in a line is a change like any other.
    let stray = signed.replacen("[Player1 \"ann\"]", "[Player1 \"ann\r\"]", 1);
    assert!(verify_file(&stray, None).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn any_byte_changed_fails(at in any::<prop::sample::Index>(), byte in 0x20u8..0x7f) {
        let signed = key().sign_file(&match_text(&Secret::from_bytes([5; 32])));
        let i = at.index(signed.len());
        prop_assume!(signed.as_bytes()[i] != byte);
        let mut bytes = signed.into_bytes();
        bytes[i] = byte;
        let changed = String::from_utf8(bytes).unwrap();
        prop_assert!(verify_file(&changed, Some(&key().public_hex())).is_err());
        prop_assert!(verify_file(&changed, None).is_err());
    }

    #[test]
    fn a_text_read_again_reads_the_same(text in "\u{feff}?[ab\r\n]{0,40}") {
        let once = canonical(&text).into_owned();
        let twice = canonical(&once).into_owned();
        prop_assert_eq!(&twice, &once);
        prop_assert!(once.is_empty() || once.ends_with('\n'));
        prop_assert!(!once.contains("\r\n"));
    }

    #[test]
    fn any_line_taken_out_or_doubled_fails(at in any::<prop::sample::Index>(), double in any::<bool>()) {
        let signed = key().sign_file(&simultaneous_text(&Secret::from_bytes([6; 32])));
        let lines: Vec<&str> = signed.split_inclusive('\n').collect();
        let i = at.index(lines.len());
        let mut changed = lines[..i].concat();
        if double {
            changed.push_str(lines[i]);
            changed.push_str(lines[i]);
        }
        changed.push_str(&lines[i + 1..].concat());
        prop_assert!(verify_file(&changed, Some(&key().public_hex())).is_err());
        prop_assert!(verify_file(&changed, None).is_err());
    }
}
