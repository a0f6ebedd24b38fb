//! How far the game can be solved: exact proofs within a number of plies,
//! the count of positions, endgame tables.

pub mod prove;

pub use prove::{Proof, Prover};
