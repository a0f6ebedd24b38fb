//! The library behind `entropy-cli`: scoring a board from text, playing the
//! CodeCup 2023 protocol as a bot, refereeing games between players
//! (built-in or external programs) for the arena, and showing and reviewing
//! match files, and verifying a server's match file against its seed and
//! the server's signature ([`verify`]), and playing on a server as a bot ([`online`]), and rating the computer
//! levels from a round robin between them ([`ratings`]); reading all of their input within bounds ([`input`]), and
//! writing their output through a path that may fail ([`output`]).

pub mod arena;
pub mod bot;
pub mod carreno;
pub mod input;
pub mod online;
pub mod output;
pub mod ratings;
pub mod referee;
pub mod review;
pub mod score;
pub mod verify;
