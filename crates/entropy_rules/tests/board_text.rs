//! Reading boards from text: every fault is named by line and column.

use entropy_rules::{Board, BoardParseErrorKind as K, Bounds, Colour, Size, TooLong};

fn error(text: &str) -> (usize, usize, K) {
    let e = Board::parse(text).expect_err("the text is malformed");
    assert!(
        e.to_string()
            .starts_with(&format!("line {}, column {}: ", e.line, e.column))
    );
    (e.line, e.column, e.kind)
}

#[test]
fn reads_digits_letters_and_dots() {
    let board = Board::parse("1A..e\n.....\n..3..\n.....\nE...5\n").unwrap();
    assert_eq!(board.size(), Size::Five);
    assert_eq!(board.counters(), 6);
    assert_eq!(board.colour_counts()[0], 2, "1 and A are both colour 1");
    assert_eq!(board.to_string(), "11..5\n.....\n..3..\n.....\n5...5\n");
}

#[test]
fn display_reads_back() {
    let text = "1234567\n7654321\n.......\n1......\n.......\n......2\n3334444\n";
    let board = Board::parse(text).unwrap();
    assert_eq!(board.to_string(), text);
    assert_eq!(Board::parse(&board.to_string()).unwrap(), board);
}

#[test]
fn spaces_and_surrounding_blank_lines_are_allowed() {
    let board = Board::parse("\n1 2 3 4 5\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n\n").unwrap();
    assert_eq!(board.counters(), 5);
}

#[test]
fn faults_are_named_by_place() {
    assert_eq!(error(""), (1, 1, K::NoBoard));
    assert_eq!(error("123456\n"), (1, 1, K::BadWidth { found: 6 }));
    assert_eq!(error("12345\n1234\n"), (2, 5, K::Ragged { expected: 5, found: 4 }));
    assert_eq!(error("12345\n123456\n"), (2, 6, K::Ragged { expected: 5, found: 6 }));
    assert_eq!(error("12x45\n"), (1, 3, K::UnknownSymbol('x')));
    assert_eq!(
        error(".....\n..6..\n"),
        (
            2,
            3,
            K::NoSuchColour {
                symbol: '6',
                size: Size::Five
            }
        )
    );
    assert_eq!(
        error("11111\n1....\n.....\n.....\n.....\n"),
        (
            2,
            1,
            K::TooMany {
                colour: Colour::from_number(1).unwrap(),
                max: 5
            }
        )
    );
    assert_eq!(
        error(".....\n.....\n.....\n"),
        (4, 1, K::TooFewLines { expected: 5, found: 3 })
    );
    assert_eq!(
        error(".....\n.....\n.....\n.....\n.....\n.....\n"),
        (6, 1, K::TooManyLines { expected: 5 })
    );
    assert_eq!(error(".....\n\n.....\n"), (2, 1, K::Ragged { expected: 5, found: 0 }));
}

#[test]
fn long_lines_and_long_texts_are_refused_where_they_go_too_far() {
    let line = "1".repeat(100_000_000);
    assert_eq!(
        error(&format!("12345\n{line}\n")),
        (2, 1, K::TooLong(TooLong::Line(4096)))
    );
    let e = Board::parse(&format!("12345\n{line}\n")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 2, column 1: the line is too long (more than 4096 bytes)"
    );
    // Blank lines around a board count too, up to 64 KiB in all.
    assert_eq!(
        Bounds::BOARD,
        Bounds {
            line: 4096,
            text: 64 * 1024
        }
    );
    let board = "12345\n.....\n.....\n.....\n.....\n";
    assert!(Board::parse(&format!("{board}{}", "\n".repeat(60_000))).is_ok());
    let (line, column, kind) = error(&format!("{board}{}", "\n".repeat(70_000)));
    assert_eq!(
        (line, column, kind),
        (65_537 - board.len() + 5, 1, K::TooLong(TooLong::Text(65_536)))
    );
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    let board = "12345\n.....\n.....\n.....\n.....\n";
    assert_eq!(Board::parse(&format!("\u{feff}{board}")), Board::parse(board));
    assert_eq!(
        error(&format!("1\u{feff}{board}")),
        (1, 2, K::UnknownSymbol('\u{feff}'))
    );
}

#[test]
fn control_characters_are_quoted_escaped() {
    let e = Board::parse("12\x1b45\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 3: '\\u{1b}' is not a cell: use a colour 1-7 or A-G, or '.' for an empty cell"
    );
}
