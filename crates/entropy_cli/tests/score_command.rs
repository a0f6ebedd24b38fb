//! `entropy-cli score` from the outside: totals, the spoken count, and faults.

mod common;

use std::process::Output;

fn score(input: &str) -> Output {
    common::run_cli(&["score"], input)
}

/// Scores a board text by brute force: every substring of every line.
fn reference(text: &str) -> u32 {
    let rows: Vec<Vec<char>> = text
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| l.chars().collect())
        .collect();
    let n = rows.len();
    let cols: Vec<Vec<char>> = (0..n).map(|c| rows.iter().map(|r| r[c]).collect()).collect();
    let mut total = 0;
    for line in rows.iter().chain(cols.iter()) {
        for i in 0..n {
            for j in i + 2..=n {
                let run = &line[i..j];
                if !run.contains(&'.') && run.iter().eq(run.iter().rev()) {
                    total += (j - i) as u32;
                }
            }
        }
    }
    total
}

fn total_of(output: &Output) -> u32 {
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout.clone()).unwrap();
    let last = text.lines().last().unwrap();
    last.strip_prefix("total: ")
        .expect("last line is the total")
        .parse()
        .unwrap()
}

#[test]
fn totals_of_full_and_partial_boards_of_both_sizes() {
    let boards = [
        // Full 7×7 (7 of each colour).
        "1234567\n2345671\n3456712\n4567123\n5671234\n6712345\n7123456\n",
        "1111111\n2222222\n3333333\n4444444\n5555555\n6666666\n7777777\n",
        "6464377\n7662255\n5221567\n7445317\n2642345\n3136711\n1254133\n",
        // Partial 7×7.
        "1121112\n.......\n1234567\n2222...\n.......\n.......\n.......\n",
        ".......\n.......\n.......\n.......\n.......\n.......\n.......\n",
        // Full and partial 5×5.
        "12345\n23451\n34512\n45123\n51234\n",
        "21343\n14414\n51135\n25223\n52453\n",
        "11211\n22.22\n33433\n.....\n5.5.5\n",
    ];
    for board in boards {
        assert_eq!(total_of(&score(board)), reference(board), "{board}");
    }
    // Letters are colours too.
    assert_eq!(total_of(&score("AABAA\n.....\n.....\n.....\n.....\n")), 12);
}

#[test]
fn lines_are_counted_aloud() {
    let output = score("1121112\n.......\n.......\n.......\n.......\n.......\n.......\n");
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 15, "7 rows, 7 columns, the total");
    assert!(lines[0].starts_with("row A"));
    assert!(lines[0].ends_with("2 and 2 and 2 is 6, and 3 is 9, and 3 is 12, and 5 is 17, and 5 is 22"));
    assert!(lines[7].starts_with("column a"));
    assert_eq!(lines[14], "total: 22");
}

#[test]
fn a_bad_board_gives_exit_2_and_names_the_place() {
    for (board, place) in [
        ("1234567\n123456\n", "line 2, column 7"),
        ("12345\n12x45\n", "line 2, column 3"),
        ("1111111\n1......\n", "line 2, column 1"),
        ("123456\n", "line 1"),
        ("12345\n12345\n12345\n", "line 4"),
        ("..6..\n", "line 1, column 3"),
        ("", "line 1"),
    ] {
        let output = score(board);
        assert_eq!(output.status.code(), Some(2), "{board:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(place), "{board:?}: {stderr}");
        assert!(!stderr.contains("panicked"));
        assert!(output.stdout.is_empty());
    }
}

#[test]
fn a_flood_of_a_line_is_refused_without_reading_it_whole() {
    let output = common::run_cli_flooded(&["score"], b"12345\n", b'1', b"\n");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = common::clean_text(&output.stderr);
    assert!(
        stderr.contains("line 2: the line is too long (more than 4096 bytes)"),
        "{stderr}"
    );
    assert!(stderr.len() < 200, "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn a_flood_of_blank_lines_is_refused_too() {
    let output = common::run_cli_flooded(&["score"], b"", b'\n', b"");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = common::clean_text(&output.stderr);
    assert!(
        stderr.contains("line 65537: the text is too long (more than 65536 bytes in all)"),
        "{stderr}"
    );
}

#[test]
fn a_board_that_is_not_utf8_is_named_by_line() {
    for (input, place) in [
        (
            &b"12345\n\xff2345\n"[..],
            "line 2: not UTF-8 text (at byte 1 of the line)",
        ),
        (b"123\xe2\x82\n", "line 1: not UTF-8 text (at byte 4 of the line)"),
    ] {
        let output = common::run_cli(&["score"], input);
        assert_eq!(output.status.code(), Some(2), "{input:?}");
        let stderr = common::clean_text(&output.stderr);
        assert!(stderr.contains(place), "{input:?}: {stderr}");
    }
}

#[test]
fn a_byte_order_mark_before_the_board_is_skipped() {
    let board = "12345\n23451\n34512\n45123\n51234\n";
    assert_eq!(total_of(&score(&format!("\u{feff}{board}"))), reference(board));
}

#[test]
fn control_characters_in_a_board_are_never_echoed_raw() {
    let output = score("12\x1b45\n");
    assert_eq!(output.status.code(), Some(2));
    let stderr = common::clean_text(&output.stderr);
    assert!(stderr.contains("line 1, column 3: '\\u{1b}' is not a cell"), "{stderr}");
}
