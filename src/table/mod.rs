//! What every board game here shares: the board's input
//! ([`input`]).

pub mod input;
