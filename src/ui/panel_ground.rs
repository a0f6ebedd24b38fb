//! The side panel's ground: one sprite the interface camera draws under
//! egui, where [`theme::widgets::side_panel`] stood this frame.
//!
//! egui could fill the panel itself, but on software rendering its meshes
//! cost several times a sprite's a pixel, and the panel's ground was most
//! of egui's pixels. What egui draws on the panel (cards, text, buttons)
//! it still draws.

use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPostUpdateSet};

use super::camera::INTERFACE_LAYER;
use super::theme;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_ground)
        .add_systems(PostUpdate, place_ground.after(EguiPostUpdateSet::EndPass));
}

/// The sprite under the side panel.
#[derive(Component)]
struct PanelGround;

fn spawn_ground(mut commands: Commands) {
    commands.spawn((
        Name::new("side panel's ground"),
        PanelGround,
        Sprite::from_color(theme::panel_ground(), Vec2::ONE),
        RenderLayers::layer(INTERFACE_LAYER),
        Visibility::Hidden,
    ));
}

/// Puts the ground where the panel stood in this frame's egui pass, or
/// hides it if no panel was drawn. The interface camera's world is the
/// window's logical pixels, its origin in the middle, y up.
fn place_ground(
    mut contexts: EguiContexts,
    window: Single<&Window, With<PrimaryWindow>>,
    ground: Single<(&mut Sprite, &mut Transform, &mut Visibility), With<PanelGround>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let stood = theme::widgets::take_side_panel(ctx);
    let (mut sprite, mut transform, mut visibility) = ground.into_inner();
    let Some(rect) = stood else {
        visibility.set_if_neq(Visibility::Hidden);
        return Ok(());
    };
    let zoom = ctx.zoom_factor();
    let size = Vec2::new(rect.width(), rect.height()) * zoom;
    let centre = Vec2::new(rect.center().x, rect.center().y) * zoom;
    let at = Vec3::new(centre.x - window.width() / 2.0, window.height() / 2.0 - centre.y, 0.0);
    if sprite.custom_size != Some(size) {
        sprite.custom_size = Some(size);
    }
    if transform.translation != at {
        transform.translation = at;
    }
    visibility.set_if_neq(Visibility::Inherited);
    Ok(())
}
