//! What both games' computer players share.

/// The shortest time from the board coming to rest to a computer's move
/// shown, so that people can follow the moves.
pub const PAUSE: f32 = 0.5;
