//! The library behind `entropy-cli`: scoring a board from text, playing the
//! CodeCup 2023 protocol as a bot, refereeing games between players
//! (built-in or external programs) for the arena, and showing and reviewing
//! match files; and reading all of their input within bounds ([`input`]).

pub mod arena;
pub mod bot;
pub mod carreno;
pub mod input;
pub mod referee;
pub mod review;
pub mod score;
