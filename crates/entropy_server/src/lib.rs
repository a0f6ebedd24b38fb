//! `entropy-server`: the game server for Entropy.

pub mod game;
