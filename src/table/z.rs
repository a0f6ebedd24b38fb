//! The depths of a board's sprites, on either game's board.

/// The board tray.
pub const TRAY: f32 = 0.0;
/// Cells.
pub const CELL: f32 = 1.0;
/// Highlights on cells, under the counters (a scoring run, the count's run).
pub const HIGHLIGHT: f32 = 2.0;
/// Counters at rest.
pub const COUNTER: f32 = 5.0;
/// Rings over counters at rest (the last move): never a fill over a counter.
pub const OVER_COUNTER: f32 = 6.5;
/// A counter in the air (drawn, picked up, sliding).
pub const LIFTED: f32 = 8.0;
/// Marks over everything (the cursor, a hint, a rising "+n").
pub const TOP: f32 = 9.0;
