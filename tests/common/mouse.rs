//! The mouse as the window system sends it: the pointer moving over the
//! window and the left button going down and up, as messages and as
//! window events, for the tests that drive either game's board by mouse.

use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowEvent};
use entropy::ui::camera::WorldCamera;

use super::send;

/// The primary window.
pub fn window(app: &mut App) -> Entity {
    app.world_mut()
        .query_filtered::<Entity, With<PrimaryWindow>>()
        .single(app.world())
        .unwrap()
}

/// Where the world point `world` is on the window, in logical pixels.
pub fn on_window(app: &mut App, world: Vec2) -> Vec2 {
    let (camera, transform) = app
        .world_mut()
        .query_filtered::<(&Camera, &GlobalTransform), With<WorldCamera>>()
        .single(app.world())
        .unwrap();
    camera.world_to_viewport(transform, world.extend(0.0)).unwrap()
}

/// What the window system does when the pointer moves: the window's cursor
/// position, the message, and the same as a window event.
pub fn move_to(app: &mut App, at: Vec2) {
    let window = window(app);
    if let Some(mut w) = app.world_mut().get_mut::<Window>(window) {
        w.set_cursor_position(Some(at));
    }
    let moved = CursorMoved {
        window,
        position: at,
        delta: None,
    };
    send(app, moved.clone());
    send(app, WindowEvent::CursorMoved(moved));
    app.update();
    app.update();
}

/// What the window system does when the left button goes down or up.
pub fn mouse(app: &mut App, state: ButtonState) {
    let window = window(app);
    let input = MouseButtonInput {
        button: MouseButton::Left,
        state,
        window,
    };
    send(app, input);
    send(app, WindowEvent::MouseButtonInput(input));
    app.update();
}

/// A click at `at` on the window: the pointer moves there, the button goes down and up.
pub fn click_at(app: &mut App, at: Vec2) {
    move_to(app, at);
    mouse(app, ButtonState::Pressed);
    mouse(app, ButtonState::Released);
}

/// What the next frame's interface pass draws (the record of controls
/// drawn must be on: `controls::record`), and egui's zoom (points to the
/// window's logical pixels).
pub fn next_drawn(app: &mut App) -> (entropy::ui::theme::controls::Record, f32) {
    use entropy::ui::theme::controls;
    let ctx = app
        .world_mut()
        .query::<&mut bevy_egui::EguiContext>()
        .single_mut(app.world_mut())
        .expect("the window's interface")
        .get_mut()
        .clone();
    controls::take(&ctx);
    app.update();
    (controls::take(&ctx), ctx.zoom_factor())
}

/// Where the buttons `labels` stand as the next interface pass draws them
/// (the record of controls drawn must be on: `controls::record`).
pub fn buttons_drawn(app: &mut App, labels: &[&str]) -> Vec<(String, bevy_egui::egui::Rect)> {
    let drawn = next_drawn(app).0.controls;
    labels
        .iter()
        .map(|label| {
            let button = drawn.iter().find(|d| d.label == *label);
            (
                label.to_string(),
                button.unwrap_or_else(|| panic!("{label} drawn")).rect,
            )
        })
        .collect()
}
