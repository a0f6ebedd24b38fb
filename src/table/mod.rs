//! What every board game here shares: the turn pipeline and seats
//! ([`turn`]), the board's input ([`input`]), a
//! piece's sprites and lift ([`pieces`]), a square's colour and a refused
//! move's flash ([`squares`]), marks ([`marks`]), the sprites' depths
//! ([`z`]), computer players and hints ([`computer`]), the end
//! screen's card ([`end_card`]) and a result in words ([`result_words`]).

use bevy::prelude::*;

pub mod computer;
pub mod end_card;
pub mod input;
pub mod marks;
pub mod pieces;
pub mod result_words;
pub mod squares;
pub mod turn;
pub mod z;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(squares::plugin);
}
