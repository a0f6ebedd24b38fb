//! Scoring against the shared test vectors and the rules' worked examples.

use std::collections::HashMap;
use std::path::Path;

use entropy_rules::{Board, Cell, Colour, Line, LineScore, Size, line_score};

/// Turns a pattern like `AABAAAB` (equal letters, equal colours) into colours.
fn colours_of(pattern: &str) -> Vec<Colour> {
    let mut seen: HashMap<char, usize> = HashMap::new();
    pattern
        .chars()
        .map(|ch| {
            let next = seen.len();
            Colour::from_index(*seen.entry(ch).or_insert(next)).expect("at most 7 distinct letters")
        })
        .collect()
}

/// A board of `size` with `line` written along `which` and nothing else.
fn board_with(size: Size, which: Line, line: &[Colour]) -> Board {
    let n = size.n();
    let mut rows = vec![vec!['.'; n]; n];
    for (i, colour) in line.iter().enumerate() {
        let cell = which.cell(i).unwrap();
        rows[cell.row()][cell.col()] = char::from(b'0' + colour.number());
    }
    let text: String = rows.iter().map(|r| r.iter().collect::<String>() + "\n").collect();
    Board::parse(&text).unwrap()
}

fn check_vectors(text: &str) -> usize {
    let mut checked = 0;
    for (no, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut fields = line.split('\t');
        let pattern = fields.next().unwrap();
        let expected: u32 = fields.next().unwrap().parse().unwrap();
        let colours = colours_of(pattern);
        let cells: Vec<Option<Colour>> = colours.iter().copied().map(Some).collect();
        assert_eq!(line_score(&cells), expected, "line {}: {pattern}", no + 1);
        assert_eq!(
            LineScore::of(Line::Row(0), &cells).score,
            expected,
            "breakdown of {pattern}"
        );
        // The same line on a board, as a row and as a column, and padded
        // with empty cells (which must not change anything).
        for size in Size::ALL.into_iter().filter(|s| s.n() >= colours.len()) {
            if colours.iter().any(|c| !size.has_colour(*c)) {
                continue;
            }
            for which in [Line::Row(1), Line::Col(size.n() as u8 - 1)] {
                let board = board_with(size, which, &colours);
                assert_eq!(board.score(), expected, "{pattern} along {which} on {size}");
                assert_eq!(board.line_score(which), expected);
            }
        }
        checked += 1;
    }
    checked
}

#[test]
fn every_line_of_the_shared_test_vectors() {
    let checked = check_vectors(include_str!("data/line_scores.tsv"));
    assert_eq!(checked, 38, "the vectors hold the 30 patterns of seed 001 and 8 more");
    // When the shared folder is beside the project, check its (maybe newer) copy too.
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/testdata/line_scores.tsv");
    if let Ok(text) = std::fs::read_to_string(shared) {
        assert!(check_vectors(&text) >= 38);
    }
}

#[test]
fn seed_000_counted_aloud() {
    let colours: Vec<Option<Colour>> = colours_of("AABAAAB").into_iter().map(Some).collect();
    let breakdown = LineScore::of(Line::Row(3), &colours);
    let lengths: Vec<u8> = breakdown.runs.iter().map(|r| r.len).collect();
    assert_eq!(lengths, [2, 2, 2, 3, 3, 5, 5]);
    assert_eq!(breakdown.score, 22);
    assert_eq!(
        breakdown.spoken(),
        "2 and 2 and 2 is 6, and 3 is 9, and 3 is 12, and 5 is 17, and 5 is 22"
    );
    // The runs named by cell: the first 2-run is Da-Db, the last 5-run Dc-Dg.
    let first: Vec<String> = breakdown.runs[0].cells().map(|c| c.to_string()).collect();
    assert_eq!(first, ["Da", "Db"]);
    let last: Vec<String> = breakdown.runs[6].cells().map(|c| c.to_string()).collect();
    assert_eq!(last, ["Dc", "Dd", "De", "Df", "Dg"]);
}

#[test]
fn spoken_counts_of_small_lines() {
    let spoken =
        |p: &str| LineScore::of(Line::Row(0), &colours_of(p).into_iter().map(Some).collect::<Vec<_>>()).spoken();
    assert_eq!(spoken("ABCDEFG"), "0");
    assert_eq!(spoken("AAB"), "2");
    assert_eq!(spoken("ABA"), "3");
    assert_eq!(spoken("AAA"), "2 and 2 is 4, and 3 is 7");
    assert_eq!(spoken("ABBA"), "2, and 4 is 6");
}

#[test]
fn worked_examples_of_the_rules() {
    for (pattern, score) in [
        ("AA", 2),
        ("ABA", 3),
        ("AAA", 7),
        ("ABBA", 6),
        ("AAAA", 16),
        ("ABCBA", 8),
        ("ABABA", 14),
        ("ABABABA", 37),
        ("AAAAAA", 50),
    ] {
        let cells: Vec<Option<Colour>> = colours_of(pattern).into_iter().map(Some).collect();
        assert_eq!(line_score(&cells), score, "{pattern}");
    }
}

#[test]
fn empty_cells_break_runs() {
    let board = Board::parse("11.11..\n.......\n.......\n.......\n.......\n.......\n.......\n").unwrap();
    assert_eq!(board.score(), 4, "two separate pairs, no 5-run across the gap");
    let board = Board::parse("1.1....\n.......\n.......\n.......\n.......\n.......\n.......\n").unwrap();
    assert_eq!(board.score(), 0, "a gap is not a counter");
    let full_5 = Board::parse("11111\n22222\n33333\n44444\n55555\n").unwrap();
    // 5 rows of AAAAA (30 each); columns ABCDE score nothing.
    assert_eq!(full_5.score(), 150);
    assert!(full_5.is_full());
}

#[test]
fn breakdown_sums_to_the_score() {
    let board = Board::parse("1234567\n2345671\n3456712\n4567123\n5671234\n6712345\n7123456\n").unwrap();
    let breakdown = board.breakdown();
    assert_eq!(breakdown.len(), 14);
    assert_eq!(breakdown.iter().map(|l| l.score).sum::<u32>(), board.score());
    // Rows of distinct colours score nothing; each column reads 1234567 shifted: nothing either.
    assert_eq!(board.score(), 0);
    let cell = Cell::new(0, 0).unwrap();
    assert_eq!(board.get(cell), Colour::from_number(1));
}
