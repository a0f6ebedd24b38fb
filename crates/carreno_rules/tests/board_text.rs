//! Reading boards and positions from text: every fault is named by line and column.

use carreno_rules::{Board, BoardParseErrorKind as K, Position, Side, TooLong};

fn board_error(text: &str) -> (usize, usize, K) {
    let e = Board::parse(text).expect_err("the text is malformed");
    assert!(
        e.to_string()
            .starts_with(&format!("line {}, column {}: ", e.line, e.column))
    );
    (e.line, e.column, e.kind)
}

fn position_error(text: &str) -> (usize, usize, K) {
    let e = Position::parse(text).expect_err("the text is malformed");
    (e.line, e.column, e.kind)
}

const START: &str = "SSSSS\nS...S\n.....\nO...O\nOOOOO\n";

#[test]
fn boards_read_with_or_without_blanks_and_in_either_case() {
    let spaced = "\n  S S S S S\n  S . . . S\n  . . . . .\n  O . . . O\n  O O O O O\n\n";
    assert_eq!(Board::parse(spaced).unwrap(), Board::START);
    assert_eq!(Board::parse(&START.to_lowercase()).unwrap(), Board::START);
    assert_eq!(
        Board::parse("SSSSS\r\nS...S\r\n.....\r\nO...O\r\nOOOOO").unwrap(),
        Board::START
    );
    assert_eq!(Board::START.to_string(), START);
}

#[test]
fn positions_read_the_side_to_move() {
    let position = Position::parse(&format!("{START}S\n")).unwrap();
    assert_eq!(position.to_move(), Side::S);
    assert_eq!(position.to_string(), format!("{START}S\n"));
    assert_eq!(
        Position::parse(&format!("{START}\n  o  \n\n")).unwrap(),
        Position::new()
    );
    assert_eq!(position.to_line(), "SSSSS/S...S/...../O...O/OOOOO S");
    assert_eq!(
        Position::from_line("SSSSS/S...S/...../O...O/OOOOO S").unwrap(),
        position
    );
}

#[test]
fn board_faults_are_named_by_place() {
    assert_eq!(board_error(""), (1, 1, K::NoBoard));
    assert_eq!(board_error("\n\n"), (3, 1, K::NoBoard));
    assert_eq!(board_error("SSSS\n"), (1, 5, K::Width { found: 4 }));
    assert_eq!(board_error("SSSSS\nS...SO\n"), (2, 6, K::Width { found: 6 }));
    assert_eq!(board_error("SSSSS\nS.x.S\n"), (2, 3, K::UnknownSymbol('x')));
    assert_eq!(
        board_error("SSSSS\nS...S\n.....\n"),
        (4, 1, K::TooFewLines { found: 3 })
    );
    assert_eq!(board_error("SSSSS\nS.S.S\n"), (2, 5, K::TooManyPieces(Side::S)));
    assert_eq!(
        board_error("SSSSS\nS....\n.....\nO...O\nOOOOO\n"),
        (
            5,
            1,
            K::TooFewPieces {
                side: Side::S,
                found: 6
            }
        )
    );
    assert_eq!(board_error(&format!("{START}O\n")), (6, 1, K::TrailingText));
    assert_eq!(board_error("SSSSS\n\nS...S\n"), (2, 1, K::Width { found: 0 }));
    let e = Board::parse("SSSSS\nS...S\n..x..\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 3, column 3: 'x' is not a square; write S, O or . (an empty square)"
    );
    let e = Board::parse("SSSSS\nS....\n.....\nO...O\nOOOOO\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 5, column 1: the board has 6 S pieces; each side has 7"
    );
}

#[test]
fn position_faults_are_named_by_place() {
    assert_eq!(position_error(START), (6, 1, K::MissingSide));
    assert_eq!(position_error(&format!("{START} X\n")), (6, 2, K::BadSide("X".into())));
    assert_eq!(position_error(&format!("{START}SO\n")), (6, 1, K::BadSide("SO".into())));
    assert_eq!(position_error(&format!("{START}S\nS\n")), (7, 1, K::TrailingText));
    let e = Position::parse(&format!("{START}X\n")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 6, column 1: \"X\" is not a side to move; write S or O"
    );
}

#[test]
fn long_lines_and_long_texts_are_refused_where_they_go_too_far() {
    let line = "S".repeat(100_000_000);
    assert_eq!(
        board_error(&format!("SSSSS\n{line}\n")),
        (2, 1, K::TooLong(TooLong::Line(4096)))
    );
    assert_eq!(
        position_error(&format!("{START}{line}\n")),
        (6, 1, K::TooLong(TooLong::Line(4096)))
    );
    let e = Position::parse(&format!("{START}{line}\n")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 6, column 1: the line is too long (more than 4096 bytes)"
    );
    assert!(Position::parse(&format!("{START}O{}", "\n".repeat(60_000))).is_ok());
    let (line, _, kind) = position_error(&format!("{START}O{}", "\n".repeat(70_000)));
    assert_eq!(kind, K::TooLong(TooLong::Text(64 * 1024)));
    assert_eq!(line, 64 * 1024 - (START.len() + 2) + 6 + 1);
}

#[test]
fn a_byte_order_mark_at_the_start_is_skipped() {
    assert_eq!(Board::parse(&format!("\u{feff}{START}")).unwrap(), Board::START);
    assert_eq!(
        Position::parse(&format!("\u{feff}{START}O\n")).unwrap(),
        Position::new()
    );
}

#[test]
fn control_characters_and_long_sides_are_quoted_short_and_escaped() {
    let e = Board::parse("SS\x1bSS\n").unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 1, column 3: '\\u{1b}' is not a square; write S, O or . (an empty square)"
    );
    let side = format!("\x1b]0;title\x07{}", "O".repeat(1000));
    let e = Position::parse(&format!("{START}{side}\n")).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "line 6, column 1: \"\\u{{1b}}]0;title\\u{{7}}{}…\" is not a side to move; write S or O",
            "O".repeat(30)
        )
    );
}
