//! The sprites' shader, replaced with one without colour grading.
//!
//! Bevy's sprite shader runs its tone mapping in every pixel of a camera
//! that has a `Tonemapping` component, even `Tonemapping::None` (an
//! exposure, a `pow`, a saturation), and a 2D camera must have one: Bevy
//! prepares the sprites' view bindings only for cameras that do. On
//! software rendering (Mesa's lavapipe, where a CPU runs every shader)
//! that step cost more than the rest of the sprite. The game's colours
//! are the ones to show, so this shader draws a sprite as its colour
//! times its texture: what Bevy's does with tone mapping "none".
//!
//! Bevy loads its sprite shader from its embedded assets when the renderer
//! starts; this plugin, added after Bevy's, puts this one at that path.

use std::path::{Path, PathBuf};

use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::prelude::*;

/// Where Bevy's sprite pipeline loads its shader from (`embedded://…`).
const BEVY_SPRITE_SHADER: &str = "bevy_sprite_render/render/sprite.wgsl";

pub(crate) fn plugin(app: &mut App) {
    app.world().resource::<EmbeddedAssetRegistry>().insert_asset(
        PathBuf::new(),
        Path::new(BEVY_SPRITE_SHADER),
        include_bytes!("shaders/sprite.wgsl").as_slice(),
    );
}
