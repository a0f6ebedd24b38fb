//! Solomon's Entropy, the first game: the match on the rules crate
//! `entropy_rules` ([`game`]), its count, clock, computer players, tutorial,
//! saved match, history, replay and review, the board's entities
//! ([`world`]), its input ([`input`]) and its screens ([`screens`]).

pub mod clock;
pub mod computer;
pub mod count;
pub mod game;
pub mod history;
pub mod input;
pub mod leave;
pub mod match_clock;
pub mod match_file;
pub mod match_setup;
pub mod online;
pub mod online_history;
pub mod phase;
pub mod replay;
pub mod saved;
pub mod screen;
pub mod screens;
pub mod setup_prefs;
pub mod sounds;
pub mod title;
pub mod tutorial;
pub mod world;
