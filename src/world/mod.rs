//! The board in the world: its geometry ([`BoardLayout`]), the cell and
//! counter entities that follow the rules' events ([`pieces`]), how they
//! look ([`looks`], with the counters' sprites in [`counter_sprites`] and a
//! refused move's flash in [`refused_flash`]), what is marked on them
//! ([`marks`]), the count on the board ([`count_marks`]) and the bag beside
//! it ([`bag_view`]).

use bevy::prelude::*;
use entropy_rules::{Cell, Size};

pub mod bag_view;
pub mod count_marks;
pub mod counter_sprites;
pub mod looks;
pub mod marks;
pub mod pieces;
pub mod refused_flash;
pub mod score_flash;
pub mod title_board;

/// The parts of the world that need neither window nor drawing (the tests run them headless).
pub(super) fn core_plugin(app: &mut App) {
    app.insert_resource(BoardLayout::new(Size::Seven))
        .add_plugins(pieces::plugin);
}

/// How the world looks: needs the drawn images and the fonts.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        looks::plugin,
        marks::plugin,
        count_marks::plugin,
        bag_view::plugin,
        title_board::plugin,
        score_flash::plugin,
    ));
}

/// Where things are in the world. The board is centred on the origin; the
/// bag and Chaos's hand stand to its left. One world unit is one pixel at
/// the default window size.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    /// The board size.
    pub size: Size,
    /// Distance between the centres of neighbouring cells.
    pub pitch: f32,
}

impl BoardLayout {
    /// The side of the board's square of cells, whatever its size.
    pub const BOARD_SPAN: f32 = 532.0;
    /// The bag's centre.
    pub const BAG: Vec2 = Vec2::new(-455.0, -80.0);
    /// Where a drawn counter waits in Chaos's hand.
    pub const HAND: Vec2 = Vec2::new(-455.0, 190.0);
    /// The part of the world the camera must always show.
    pub const VIEW_MIN: Vec2 = Vec2::new(-620.0, -340.0);
    /// The part of the world the camera must always show.
    pub const VIEW_MAX: Vec2 = Vec2::new(370.0, 340.0);

    /// The layout for a board of `size`.
    pub fn new(size: Size) -> BoardLayout {
        BoardLayout {
            size,
            pitch: Self::BOARD_SPAN / size.n() as f32,
        }
    }

    /// The diameter of a counter.
    pub fn counter_diameter(&self) -> f32 {
        self.pitch * 0.8
    }

    /// The centre of `cell`.
    pub fn cell_centre(&self, cell: Cell) -> Vec2 {
        let half = (self.size.n() as f32 - 1.0) / 2.0;
        Vec2::new(
            (cell.col() as f32 - half) * self.pitch,
            (half - cell.row() as f32) * self.pitch,
        )
    }

    /// The cell under `point`, if any.
    pub fn cell_at(&self, point: Vec2) -> Option<Cell> {
        let n = self.size.n() as f32;
        let col = ((point.x / self.pitch) + n / 2.0).floor();
        let row = (n / 2.0 - (point.y / self.pitch)).floor();
        if (0.0..n).contains(&col) && (0.0..n).contains(&row) {
            Cell::new(row as usize, col as usize)
        } else {
            None
        }
    }

    /// Where a drawn counter appears: the mouth of the bag.
    pub fn bag_mouth(&self) -> Vec2 {
        Self::BAG + Vec2::new(0.0, 70.0)
    }
}

/// Z layers of the world.
pub mod z {
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
}

/// Everything that belongs to the board of the round on screen.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct BoardEntity;
