//! Where things are in the world: the board's cells, the bag and Chaos's
//! hand beside it, and the part of the world the camera shows.

use bevy::prelude::*;
use entropy_rules::{Cell, Size};

/// How the bag and Chaos's hand stand by the board: to its left in a wide
/// window, below it in a narrow one, whichever shows the board larger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Arrangement {
    /// The bag and the hand to the left of the board.
    #[default]
    Wide,
    /// The hand, the bag and its colours in a row below the board.
    Tall,
}

/// Where things are in the world. The board is centred on the origin; the
/// bag and Chaos's hand stand beside it as the [`Arrangement`] says. One
/// world unit is one pixel at the default window size.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    /// The board size.
    pub size: Size,
    /// Distance between the centres of neighbouring cells.
    pub pitch: f32,
    /// Where the bag and the hand stand.
    pub arrangement: Arrangement,
}

impl BoardLayout {
    /// The side of the board's square of cells, whatever its size.
    pub const BOARD_SPAN: f32 = 532.0;
    /// The part of the world the camera shows of a wide arrangement (and
    /// of the title's board).
    pub const VIEW_MIN: Vec2 = crate::ui::camera::WorldView::WIDE.min;
    /// The part of the world the camera shows of a wide arrangement.
    pub const VIEW_MAX: Vec2 = crate::ui::camera::WorldView::WIDE.max;
    /// The part of the world the camera shows of a tall arrangement.
    const TALL_VIEW_MIN: Vec2 = Vec2::new(-340.0, -600.0);
    /// The part of the world the camera shows of a tall arrangement.
    const TALL_VIEW_MAX: Vec2 = Vec2::new(370.0, 340.0);

    /// The wide layout for a board of `size`.
    pub fn new(size: Size) -> BoardLayout {
        BoardLayout {
            size,
            pitch: Self::BOARD_SPAN / size.n() as f32,
            arrangement: Arrangement::Wide,
        }
    }

    /// The same arrangement for a board of `size`.
    pub fn with_size(self, size: Size) -> BoardLayout {
        BoardLayout {
            arrangement: self.arrangement,
            ..BoardLayout::new(size)
        }
    }

    /// The part of the world the camera must show: its corners.
    pub fn view(&self) -> (Vec2, Vec2) {
        match self.arrangement {
            Arrangement::Wide => (Self::VIEW_MIN, Self::VIEW_MAX),
            Arrangement::Tall => (Self::TALL_VIEW_MIN, Self::TALL_VIEW_MAX),
        }
    }

    /// The bag's centre.
    pub fn bag(&self) -> Vec2 {
        match self.arrangement {
            Arrangement::Wide => Vec2::new(-455.0, -80.0),
            Arrangement::Tall => Vec2::new(-40.0, -430.0),
        }
    }

    /// Where a drawn counter waits in Chaos's hand.
    pub fn hand(&self) -> Vec2 {
        match self.arrangement {
            Arrangement::Wide => Vec2::new(-455.0, 190.0),
            Arrangement::Tall => Vec2::new(-262.0, -410.0),
        }
    }

    /// The centre of the row of colours (each with its count and odds).
    pub fn colour_row(&self) -> Vec2 {
        match self.arrangement {
            Arrangement::Wide => self.bag() + Vec2::new(0.0, -166.0),
            Arrangement::Tall => Vec2::new(222.0, -400.0),
        }
    }

    /// The distance between the colours of that row: room for each
    /// colour's odds ("15%") side by side.
    pub fn colour_step(&self) -> f32 {
        46.0
    }

    /// The arrangement that shows the board larger in a viewport of
    /// `width` × `height` pixels.
    pub fn best_arrangement(width: f32, height: f32) -> Arrangement {
        let scale = |(min, max): (Vec2, Vec2)| {
            let size = max - min;
            (width / size.x).min(height / size.y)
        };
        let wide = BoardLayout::new(Size::Seven);
        let tall = BoardLayout {
            arrangement: Arrangement::Tall,
            ..wide
        };
        if scale(tall.view()) > scale(wide.view()) {
            Arrangement::Tall
        } else {
            Arrangement::Wide
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
        self.bag() + Vec2::new(0.0, 70.0)
    }
}
