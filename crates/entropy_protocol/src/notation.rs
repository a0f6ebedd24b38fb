//! A move as the protocol carries it ([`crate::GameEvent::Moved`],
//! [`crate::ClientMessage::Play`]), written and read here for the server
//! and every client alike: CodeCup notation, a cell placing the counter
//! drawn, two cells sliding, the same cell twice passing.
//!
//! ```
//! use entropy_protocol::notation::{move_text, parse_move};
//! use entropy_rules::{Action, Cell};
//!
//! let placed: Cell = "Dc".parse().unwrap();
//! assert_eq!(move_text(Action::Pass, Some(placed)).as_deref(), Some("DcDc"));
//! assert_eq!(move_text(Action::Pass, None).as_deref(), Some("AaAa"));
//! assert_eq!(parse_move("DcDc"), Ok(Action::Pass));
//! assert_eq!(move_text(Action::Draw, None), None);
//! ```

use entropy_rules::{Action, Cell, OrderMove};

/// `action` in the protocol's notation, `placed` being the cell of the
/// board's latest placement: a pass names it twice (`AaAa` when there is
/// none, as any cell twice is a pass). `None` for a draw, which the server
/// makes and names by its colour.
pub fn move_text(action: Action, placed: Option<Cell>) -> Option<String> {
    match action {
        Action::Draw => None,
        Action::Place(cell) => Some(cell.to_string()),
        Action::Slide(slide) => Some(OrderMove::Slide(slide).notation(slide.from)),
        Action::Pass => Some(match placed {
            Some(cell) => OrderMove::Pass.notation(cell),
            None => "AaAa".to_string(),
        }),
    }
}

/// Reads a move in the protocol's notation; surrounding blanks are ignored.
pub fn parse_move(text: &str) -> Result<Action, String> {
    let text = text.trim();
    let parsed = if text.chars().count() <= 2 {
        text.parse::<Cell>().map(Action::Place)
    } else {
        OrderMove::parse(text).map(Action::from)
    };
    parsed.map_err(|e| format!("not a move: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use entropy_rules::Slide;

    #[test]
    fn every_move_reads_back_as_written() {
        let cell = |s: &str| s.parse::<Cell>().unwrap();
        let moves = [
            Action::Place(cell("Gg")),
            Action::Slide(Slide {
                from: cell("Ab"),
                to: cell("Af"),
            }),
            Action::Pass,
        ];
        for placed in [None, Some(cell("Dd"))] {
            for action in moves {
                let text = move_text(action, placed).unwrap();
                assert_eq!(parse_move(&text), Ok(action), "{text}");
            }
        }
        assert!(parse_move("").is_err());
        assert!(parse_move("Zz").unwrap_err().starts_with("not a move"));
    }
}
