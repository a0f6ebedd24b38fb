//! A player of the simultaneous match: the same [`Player`] on both boards,
//! as Chaos on the other's and as Order on its own.
//!
//! A player's two watches of its opponent keep apart on their own: the one
//! that judges the opponent as Order serves its placements, which are all
//! on the other's board; the one that judges the opponent as Chaos serves
//! its Order moves, all on its own board. So one player, kept for the
//! whole match, plays it as it plays a round.

use entropy_rules::{Action, SimultaneousMatch};

use crate::{Limits, Player};

/// The action `seat` owes now in `game`, chosen by `player`: its placement
/// on the other's board or its move on its own; the rules' own move if
/// `seat` is out of time (no thinking then). `None` when `seat` owes
/// nothing now (the other player's turn, a draw due, the match over).
///
/// ```
/// use entropy_ai::{Level, Limits, choose_simultaneous};
/// use entropy_rules::{Action, Player, SimultaneousMatch, Size};
///
/// let mut game = SimultaneousMatch::new(Size::Five, 1);
/// let mut players = [Level::Beginner.player(1), Level::Easy.player(2)];
/// while !game.is_over() {
///     if game.pending().is_empty() {
///         game.draw().unwrap();
///     }
///     for seat in Player::BOTH {
///         let player = players[seat.index()].as_mut();
///         if let Some(action) = choose_simultaneous(player, &game, seat, &Limits::none()) {
///             game.apply(seat, action).unwrap();
///         }
///     }
/// }
/// assert!(game.outcome().is_some());
/// ```
pub fn choose_simultaneous(
    player: &mut dyn Player,
    game: &SimultaneousMatch,
    seat: entropy_rules::Player,
    limits: &Limits,
) -> Option<Action> {
    let pending = game.pending().into_iter().find(|p| p.player == seat)?;
    if let Some(forced) = game.forced_action(seat) {
        return Some(forced);
    }
    player.choose(game.board(pending.board).position(), limits)
}
