//! egui's shader, replaced with one that converts colours once a vertex.
//!
//! bevy_egui's shader turns every pixel's texel to sRGB and the product
//! back to linear: two `pow`s a pixel, which on software rendering (Mesa's
//! lavapipe, where a CPU runs every shader) made egui's meshes cost several
//! times a sprite's a pixel. Here a vertex's colour is made linear in the
//! vertex shader and a pixel is the texel times it. egui's own renderer
//! multiplies in sRGB; the two differ only where a texel is neither clear
//! nor opaque (the edges of glyphs), by one to three levels in 255.
//!
//! bevy_egui loads its shader under a fixed handle when its plugin is
//! built; this plugin, added after it, puts this shader in its place.

use bevy::prelude::*;
use bevy::shader::Shader;
use bevy_egui::render::EGUI_SHADER_HANDLE;

pub(crate) fn plugin(app: &mut App) {
    let shader = Shader::from_wgsl(include_str!("shaders/egui.wgsl"), file!());
    let _ = app
        .world_mut()
        .resource_mut::<Assets<Shader>>()
        .insert(EGUI_SHADER_HANDLE.id(), shader);
}
