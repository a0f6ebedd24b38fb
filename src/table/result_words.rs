//! A finished match's result in words, written once for every room and
//! both sides of a game: the headline says who won and, when the boards
//! decided it, the score with the speaker's own total first ("You won
//! 33–29" on one screen, "You lost 29–33" on the other, "Ada won 33–29"
//! to a spectator or at a shared screen); a forfeit says how it ended
//! instead of a score its unfinished boards never made ("You won" with
//! "Bob resigned.").

use entropy_rules::{Forfeit, Outcome, Player};

/// The headline of a finished match: `you` the player at this screen
/// (none for a spectator or two people at one screen), `name` a player's
/// name as the screen says it.
pub fn headline(
    outcome: Option<Outcome>,
    totals: [u32; 2],
    forfeit: Option<Forfeit>,
    you: Option<Player>,
    name: impl Fn(Player) -> String,
) -> String {
    let score = |first: Player| {
        if forfeit.is_some() {
            String::new()
        } else {
            format!(" {}–{}", totals[first.index()], totals[first.other().index()])
        }
    };
    match (outcome, you) {
        (Some(Outcome::Win(winner)), Some(you)) if winner == you => format!("You won{}", score(you)),
        (Some(Outcome::Win(_)), Some(you)) => format!("You lost{}", score(you)),
        (Some(Outcome::Win(winner)), None) => format!("{} won{}", name(winner), score(winner)),
        _ => format!("A draw, {}–{}", totals[0], totals[1]),
    }
}

/// How a forfeited match ended, as a sentence: "Bob resigned.", "You ran
/// out of time."
pub fn forfeit_sentence(forfeit: Forfeit, name: impl Fn(Player) -> String) -> String {
    match forfeit {
        Forfeit::Resigned(p) => format!("{} resigned.", name(p)),
        Forfeit::TimeOut(p) => format!("{} ran out of time.", name(p)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names as the screen of `you` says them.
    fn names(you: Option<Player>) -> impl Fn(Player) -> String {
        move |p| match (you == Some(p), p) {
            (true, _) => "You".to_string(),
            (false, Player::One) => "Ann".to_string(),
            (false, Player::Two) => "Bob".to_string(),
        }
    }

    /// The headline and reason on the screens of player 1, player 2 and a spectator.
    fn three_screens(
        outcome: Option<Outcome>,
        totals: [u32; 2],
        forfeit: Option<Forfeit>,
    ) -> Vec<(String, Option<String>)> {
        [Some(Player::One), Some(Player::Two), None]
            .into_iter()
            .map(|you| {
                (
                    headline(outcome, totals, forfeit, you, names(you)),
                    forfeit.map(|f| forfeit_sentence(f, names(you))),
                )
            })
            .collect()
    }

    #[test]
    fn a_score_is_said_in_one_form_on_both_sides() {
        let said = three_screens(Some(Outcome::Win(Player::Two)), [29, 33], None);
        assert_eq!(said[0].0, "You lost 29–33");
        assert_eq!(said[1].0, "You won 33–29");
        assert_eq!(said[2].0, "Bob won 33–29");
        let drawn = three_screens(Some(Outcome::Draw), [30, 30], None);
        assert!(drawn.iter().all(|(h, _)| h == "A draw, 30–30"), "{drawn:?}");
    }

    #[test]
    fn a_resignation_says_who_resigned_and_no_score() {
        let resigned = Forfeit::Resigned(Player::Two);
        let said = three_screens(Some(Outcome::Win(Player::One)), [0, 0], Some(resigned));
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
        let out = Forfeit::TimeOut(Player::One);
        let said = three_screens(Some(Outcome::Win(Player::Two)), [12, 4], Some(out));
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
