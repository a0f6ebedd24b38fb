//! How a server's game ended, for the table: the forfeit its termination
//! names, played on the room's match ([`forfeit_of`]), and the words the
//! lobby says of a game aborted while it was on the table ([`aborted_words`]),
//! and a forfeit as a result's words name it ([`forfeited`]).

use entropy_rules::{Forfeit, Player};

use crate::online::table::OnTable;

/// What the lobby says of a game aborted while it was on the table: by
/// whom, and that it counts for nobody ("aborted by player 2").
pub fn aborted_words(table: &OnTable, termination: &str) -> String {
    let by = termination
        .strip_prefix("aborted by player ")
        .and_then(|n| n.parse::<u8>().ok())
        .and_then(|n| n.checked_sub(1))
        .filter(|by| *by < 2);
    let name = |seat: u8| table.names[usize::from(seat)].as_str();
    let said = match (by, table.me) {
        (Some(by), Some(me)) if by == me => format!("You aborted the game with {}", name(1 - me)),
        (Some(by), Some(_)) => format!("{} aborted your game", name(by)),
        (Some(by), None) => format!("{} aborted {} – {}", name(by), name(0), name(1)),
        (None, _) => format!("The game {} – {} was aborted", name(0), name(1)),
    };
    format!("{said}: it counts for nobody.")
}

/// The forfeit a game's termination names ("resigned: player 2", "time
/// forfeit: player 1"), if it is one.
pub fn forfeit_of(termination: &str) -> Option<Forfeit> {
    let (how, player) = termination.split_once(": player ")?;
    let player = match player.trim() {
        "1" => Player::One,
        "2" => Player::Two,
        _ => return None,
    };
    match how {
        "resigned" => Some(Forfeit::Resigned(player)),
        "time forfeit" => Some(Forfeit::TimeOut(player)),
        _ => None,
    }
}

/// A forfeit of the rules as a result's words name it
/// ([`crate::table::result_words`]), for every room.
pub fn forfeited(forfeit: Forfeit) -> crate::table::result_words::Forfeited {
    use crate::table::result_words::Forfeited;
    match forfeit {
        Forfeit::Resigned(p) => Forfeited::Resigned(p.index()),
        Forfeit::TimeOut(p) => Forfeited::OutOfTime(p.index()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(name: &str) -> OnTable {
        let seat = |name: &str| entropy_protocol::Seat {
            name: name.into(),
            bot: false,
            rating: None,
        };
        let mut view = entropy_client::GameView::new("g");
        let started = entropy_protocol::GameEvent::Started {
            players: [seat("Ann"), seat("Bob")],
            options: entropy_protocol::GameOptions::default(),
            first_order: 0,
            seed_hash: "h".into(),
            rematch_of: None,
        };
        view.apply(1, started).unwrap();
        OnTable::new(&view, Some(name)).unwrap()
    }

    #[test]
    fn an_abort_is_said_from_each_side() {
        let by_bob = "aborted by player 2";
        assert_eq!(
            aborted_words(&table("Ann"), by_bob),
            "Bob aborted your game: it counts for nobody."
        );
        assert_eq!(
            aborted_words(&table("Bob"), by_bob),
            "You aborted the game with Ann: it counts for nobody."
        );
        assert_eq!(
            aborted_words(&table("Cy"), by_bob),
            "Bob aborted Ann – Bob: it counts for nobody."
        );
    }

    #[test]
    fn a_forfeit_is_read_from_its_termination() {
        assert_eq!(forfeit_of("resigned: player 2"), Some(Forfeit::Resigned(Player::Two)));
        assert_eq!(
            forfeit_of("time forfeit: player 1"),
            Some(Forfeit::TimeOut(Player::One))
        );
        assert_eq!(forfeit_of("score"), None);
        assert_eq!(forfeit_of("aborted by player 1"), None);
    }
}
