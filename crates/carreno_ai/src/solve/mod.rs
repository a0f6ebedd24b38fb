//! How far the game can be solved: exact proofs within a number of plies,
//! which positions can occur at all, endgame tables.

pub mod prove;
pub mod reach;
pub mod tables;

pub use prove::{Proof, Prover};
pub use reach::{POSITIONS, Reach, decide, near_start_distances, predecessors, random_position};
pub use tables::{EndgameTables, class_key, dispersed_boards};
