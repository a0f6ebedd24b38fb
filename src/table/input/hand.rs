//! The hand on a board: the mouse's left button, or a finger on a touch
//! screen (the first one down), taken as one press, hold and release at a
//! place in the world camera's part of the window. Each board decides a
//! placing, a slide or a drag from it alike for both: a tap places, a tap
//! and a tap (or a drag) slides.

use bevy::ecs::system::SystemParam;
use bevy::input::touch::Touches;
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;

use crate::ui::camera::{WorldCamera, pointer_world, window_to_world};

/// The mouse's left button and the fingers, as one hand.
#[derive(SystemParam)]
pub struct Hand<'w, 's> {
    buttons: Res<'w, ButtonInput<MouseButton>>,
    touches: Res<'w, Touches>,
    pointers: Query<'w, 's, (&'static PointerId, &'static PointerLocation)>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<WorldCamera>>,
}

impl Hand<'_, '_> {
    /// Where the hand is in the world, if over the board's part of the
    /// window: the finger down (or lifted this frame), else the mouse.
    pub fn point(&self) -> Option<Vec2> {
        match self.finger() {
            Some(at) => window_to_world(at, &self.camera),
            None => pointer_world(&self.pointers, &self.camera),
        }
    }

    /// The first finger down, or lifted this frame, where it is in the window.
    fn finger(&self) -> Option<Vec2> {
        let down = self.touches.iter().next();
        down.or_else(|| self.touches.iter_just_released().next())
            .map(|touch| touch.position())
    }

    /// Pressed this frame: the button, or a finger put down.
    pub fn just_pressed(&self) -> bool {
        self.buttons.just_pressed(MouseButton::Left) || self.touches.any_just_pressed()
    }

    /// Held down: the button, or a finger on the screen.
    pub fn pressed(&self) -> bool {
        self.buttons.pressed(MouseButton::Left) || self.touches.iter().next().is_some()
    }

    /// Let go this frame: the button, or the finger lifted (a tap within one
    /// frame is pressed and let go in the same one).
    pub fn just_released(&self) -> bool {
        self.buttons.just_released(MouseButton::Left) || self.touches.any_just_released()
    }
}
