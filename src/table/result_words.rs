//! A finished match's result in words, written once for every room and
//! both sides of a game: the headline says who won and, when the boards
//! decided it, the score with the speaker's own total first ("You won
//! 33–29" on one screen, "You lost 29–33" on the other, "Ada won 33–29"
//! to a spectator or at a shared screen); a forfeit says how it ended
//! instead of a score its unfinished boards never made ("You won" with
//! "Bob resigned.").

/// How a match ended before its boards did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forfeited {
    /// The seat (0 or 1) resigned.
    Resigned(usize),
    /// The seat ran out of time (where the rules play on for nobody).
    OutOfTime(usize),
}

/// The headline of a finished match: `winner` the winning seat (0 or 1;
/// `None`, a draw), `you` the seat of the player at this screen (none for
/// a spectator or two people at one screen), `name` a seat's name as the
/// screen says it.
pub fn headline(
    winner: Option<usize>,
    totals: [u32; 2],
    forfeit: Option<Forfeited>,
    you: Option<usize>,
    name: impl Fn(usize) -> String,
) -> String {
    let score = |first: usize| {
        if forfeit.is_some() {
            String::new()
        } else {
            format!(" {}–{}", totals[first.min(1)], totals[1 - first.min(1)])
        }
    };
    match (winner, you) {
        (Some(winner), Some(you)) if winner == you => format!("You won{}", score(you)),
        (Some(_), Some(you)) => format!("You lost{}", score(you)),
        (Some(winner), None) => format!("{} won{}", name(winner), score(winner)),
        _ => format!("A draw, {}–{}", totals[0], totals[1]),
    }
}

/// How a forfeited match ended, as a sentence: "Bob resigned.", "You ran
/// out of time."
pub fn forfeit_sentence(forfeit: Forfeited, name: impl Fn(usize) -> String) -> String {
    match forfeit {
        Forfeited::Resigned(p) => format!("{} resigned.", name(p)),
        Forfeited::OutOfTime(p) => format!("{} ran out of time.", name(p)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names as the screen of `you` says them.
    fn names(you: Option<usize>) -> impl Fn(usize) -> String {
        move |p| match (you == Some(p), p) {
            (true, _) => "You".to_string(),
            (false, 0) => "Ann".to_string(),
            (false, _) => "Bob".to_string(),
        }
    }

    /// The headline and reason on the screens of player 1, player 2 and a spectator.
    fn three_screens(
        winner: Option<usize>,
        totals: [u32; 2],
        forfeit: Option<Forfeited>,
    ) -> Vec<(String, Option<String>)> {
        [Some(0), Some(1), None]
            .into_iter()
            .map(|you| {
                (
                    headline(winner, totals, forfeit, you, names(you)),
                    forfeit.map(|f| forfeit_sentence(f, names(you))),
                )
            })
            .collect()
    }

    #[test]
    fn a_score_is_said_in_one_form_on_both_sides() {
        let said = three_screens(Some(1), [29, 33], None);
        assert_eq!(said[0].0, "You lost 29–33");
        assert_eq!(said[1].0, "You won 33–29");
        assert_eq!(said[2].0, "Bob won 33–29");
        let drawn = three_screens(None, [30, 30], None);
        assert!(drawn.iter().all(|(h, _)| h == "A draw, 30–30"), "{drawn:?}");
    }

    #[test]
    fn a_resignation_says_who_resigned_and_no_score() {
        let resigned = Forfeited::Resigned(1);
        let said = three_screens(Some(0), [0, 0], Some(resigned));
        assert_eq!(said[0], ("You won".to_string(), Some("Bob resigned.".to_string())));
        assert_eq!(said[1], ("You lost".to_string(), Some("You resigned.".to_string())));
        assert_eq!(said[2], ("Ann won".to_string(), Some("Bob resigned.".to_string())));
        assert!(
            said.iter().all(|(h, _)| !h.contains(" by ") && !h.contains('0')),
            "{said:?}"
        );
    }

    #[test]
    fn a_time_forfeit_says_who_ran_out() {
        let out = Forfeited::OutOfTime(0);
        let said = three_screens(Some(1), [12, 4], Some(out));
        assert_eq!(
            said[0],
            ("You lost".to_string(), Some("You ran out of time.".to_string()))
        );
        assert_eq!(
            said[1],
            ("You won".to_string(), Some("Ann ran out of time.".to_string()))
        );
    }
}
