//! A piece picked up from either game's board, and how the mouse moves it
//! ([`Pickup`]): a press picks up or puts down, a press that moves far
//! enough becomes a drag, a release ends a drag with a move or decides a
//! click. Solomon's board holds a counter ([`crate::solomon::input::Held`]), Carreno's a
//! piece (`crate::carreno::input::Selection`); what a press asks for is
//! each game's own.

use bevy::prelude::*;

use crate::table::z;
use crate::ui::animation::Tween;

/// How far the pointer must move with the button down before a press becomes a drag.
const DRAG_THRESHOLD: f32 = 6.0;

/// The piece picked up on a board whose squares are `T`, and how.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Pickup<T: Send + Sync + 'static> {
    /// The square of the picked-up piece.
    pub picked: Option<T>,
    /// Whether it follows the pointer.
    pub dragging: bool,
    /// Where the mouse button went down (square and world point).
    press: Option<(T, Vec2)>,
    /// The piece was picked up by this very press (so its release keeps it).
    fresh: bool,
}

impl<T: Send + Sync + 'static> Default for Pickup<T> {
    fn default() -> Self {
        Pickup {
            picked: None,
            dragging: false,
            press: None,
            fresh: false,
        }
    }
}

impl<T: Copy + PartialEq + Send + Sync + 'static> Pickup<T> {
    /// The button went down on `square` at `point`.
    pub fn press(&mut self, square: T, point: Vec2) {
        self.press = Some((square, point));
    }

    /// After a press on `square` that asked for nothing, with `before`
    /// picked up until then: a second press on the picked-up piece is
    /// decided on release (a click puts it down, a drag takes it somewhere).
    pub fn pressed_again(&mut self, square: T, before: Option<T>) {
        if before == Some(square) {
            self.picked = Some(square);
            self.fresh = false;
        } else {
            self.fresh = self.picked == Some(square);
        }
    }

    /// With the button down and the pointer at `point`: a press on the
    /// picked-up piece that has moved far enough becomes a drag.
    pub fn drag_to(&mut self, point: Option<Vec2>) {
        if let (Some(square), Some((pressed, at)), Some(point)) = (self.picked, self.press, point)
            && square == pressed
            && !self.dragging
            && point.distance(at) > DRAG_THRESHOLD
        {
            self.dragging = true;
        }
    }

    /// The button went up: the square it went down on.
    pub fn take_press(&mut self) -> Option<T> {
        self.press.take().map(|(square, _)| square)
    }

    /// The button went up over `hovered`: a drag ends with the move it
    /// makes, if any; a click on the piece picked up before this press puts
    /// it down.
    pub fn release(&mut self, hovered: Option<T>) -> Option<(T, T)> {
        let pressed = self.take_press();
        if self.dragging {
            let from = self.picked;
            *self = Pickup::default();
            return from.zip(hovered).filter(|(from, to)| from != to);
        }
        if pressed.is_some() && pressed == self.picked && !self.fresh {
            self.picked = None;
        }
        self.fresh = false;
        None
    }
}

/// A piece at rest whose home is `home`: the dragged one follows the
/// pointer at `point`; any other away from home slides back.
pub fn follow_or_return(
    entity: Entity,
    transform: &mut Transform,
    home: Vec3,
    dragged: bool,
    point: Option<Vec2>,
    commands: &mut Commands,
) {
    if dragged {
        if let Some(point) = point {
            transform.translation = point.extend(z::LIFTED);
        }
    } else if transform.translation.truncate().distance(home.truncate()) > 0.5 {
        commands
            .entity(entity)
            .insert(Tween::new(transform.translation, home, 0.16, EaseFunction::CubicOut));
    }
}
