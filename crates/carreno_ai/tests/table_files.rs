//! Endgame table files read back: a file that does not match its header is
//! refused with what is wrong, never a panic, and never read beyond its size.

use std::io::Write as _;

use carreno_ai::solve::{EndgameTables, Proof, class_key};
use carreno_rules::Position;
use rand::{Rng, SeedableRng, rngs::SmallRng};
use tempfile::TempPath;

/// Writes `bytes` to a file of its own in the temporary folder, removed
/// when the test lets it go.
fn file(name: &str, bytes: &[u8]) -> TempPath {
    let mut file = tempfile::Builder::new().prefix(name).tempfile().unwrap();
    file.write_all(bytes).unwrap();
    file.into_temp_path()
}

/// A table file of the current format: its magic, then `words`.
fn bytes(words: &[u64]) -> Vec<u8> {
    let mut bytes = b"CARRENO2".to_vec();
    for word in words {
        bytes.extend_from_slice(&word.to_le_bytes());
    }
    bytes
}

/// The error of loading `bytes`, which must be refused as invalid.
fn refusal(name: &str, bytes: &[u8]) -> String {
    let path = file(name, bytes);
    let error = EndgameTables::load(&path).expect_err(name);
    assert_eq!(error.kind(), std::io::ErrorKind::InvalidData, "{name}: {error}");
    error.to_string()
}

/// The class of `position`, won in `plies` (or lost), as a file stores it.
fn slot_of(position: &Position, plies: u64, won: bool) -> u64 {
    class_key(position) | (plies | if won { 0 } else { 1 << 13 }) << 50
}

/// The class of the start position, as a file stores it.
fn slot(plies: u64, won: bool) -> u64 {
    slot_of(&Position::START, plies, won)
}

/// One ply, its figures counting one won class: the start position's.
fn one_ply() -> Vec<u64> {
    vec![1, 1, 1, 2, 0, 0, 7, 1, slot(1, true)]
}

#[test]
fn a_file_that_matches_its_header_is_read() {
    let path = file("good", &bytes(&one_ply()));
    let tables = EndgameTables::load(&path).unwrap();
    assert_eq!(tables.plies(), 1);
    assert_eq!(tables.probe(&Position::START), Some(Proof::Win(1)));
}

#[test]
fn a_header_of_no_plies_with_a_class_is_refused() {
    // The file that once made `carreno play --tables` panic.
    let zero_plies_one_class = bytes(&[0, 1, 0]);
    assert_eq!(zero_plies_one_class.len(), 32);
    assert_eq!(
        refusal("no-plies", &zero_plies_one_class),
        "the header lists no plies, so no class can follow, but it counts 1"
    );
}

#[test]
fn every_mismatch_is_named() {
    let good = one_ply();
    let with = |i: usize, value: u64| {
        let mut words = good.clone();
        words[i] = value;
        bytes(&words)
    };
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "magic",
            b"CARRENO9\0\0\0\0\0\0\0\0".to_vec(),
            "not a Carreno endgame table file",
        ),
        (
            "header",
            b"CARRENO2\0\0".to_vec(),
            "the file ends in the number of plies",
        ),
        ("empty", Vec::new(), "the file ends in its first 8 bytes"),
        (
            "many-plies",
            with(0, 8192),
            "the header claims 8192 plies; tables hold at most 8191",
        ),
        (
            "huge-plies",
            with(0, u64::MAX),
            "the header claims 18446744073709551615 plies",
        ),
        ("more-plies", with(0, 2), "the file ends in the figures of ply 2"),
        ("numbering", with(1, 2), "the figures of ply 1 are numbered 2"),
        (
            "more-classes",
            with(7, 2),
            "the header claims 1 plies and 2 classes, 88 bytes, but the file holds 80",
        ),
        (
            "fewer-classes",
            with(7, 0),
            "the header claims 1 plies and 0 classes, 72 bytes, but the file holds 80",
        ),
        (
            "huge-count",
            with(7, 1 << 61),
            "2305843009213693952 classes, more than 2^64 bytes, but the file holds 80",
        ),
        (
            "ply-0",
            with(8, slot(0, true)),
            "class 1 is of ply 0, but the header lists plies 1 to 1",
        ),
        (
            "ply-2",
            with(8, slot(2, false)),
            "class 1 is of ply 2, but the header lists plies 1 to 1",
        ),
        ("no-position", with(8, 1 << 50), "class 1 is no position"),
        (
            "empty-slot",
            with(8, u64::MAX),
            "class 1 is of ply 8191, but the header lists plies 1 to 1",
        ),
        (
            "figures",
            with(4, 1),
            "ply 1: the header counts 1 won and 1 lost classes, the file holds 1 and 0",
        ),
        (
            "lost",
            with(8, slot(1, false)),
            "ply 1: the header counts 1 won and 0 lost classes, the file holds 0 and 1",
        ),
    ];
    for (name, bytes, said) in cases {
        let error = refusal(name, &bytes);
        assert!(error.contains(said), "{name}: {error}");
    }
    // A class listed twice.
    let twice = bytes(&[1, 1, 2, 2, 0, 0, 7, 2, slot(1, true), slot(1, true)]);
    assert_eq!(refusal("twice", &twice), "class 2 is listed twice");
    // Bytes after the last class, and a file cut anywhere.
    let good = bytes(&good);
    let mut longer = good.clone();
    longer.extend_from_slice(b"!");
    assert!(refusal("longer", &longer).contains("but the file holds 81"));
    for cut in 0..good.len() {
        refusal(&format!("cut-{cut}"), &good[..cut]);
    }
}

#[test]
fn garbled_files_are_refused_or_read_but_never_panic() {
    let next = Position::START.play_unchecked(Position::START.legal_moves()[0]);
    let good = bytes(&[
        2,
        1,
        1,
        2,
        0,
        0,
        7,
        2,
        0,
        0,
        1,
        2,
        3,
        2,
        slot(1, true),
        slot_of(&next, 2, false),
    ]);
    EndgameTables::load(&file("garbled", &good)).expect("the file to garble is good");
    let mut rng = SmallRng::seed_from_u64(7);
    for i in 0..500 {
        let mut garbled = good.clone();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..garbled.len());
            garbled[at] = rng.random();
        }
        let path = file("garbled", &garbled);
        if let Err(error) = EndgameTables::load(&path) {
            assert_eq!(error.kind(), std::io::ErrorKind::InvalidData, "{i}: {error}");
        }
    }
}
