//! A piece on either game's board: its sprites and its lift.

use bevy::prelude::*;

use crate::ui::art::Art;

/// The sprites that make a counter (or one of Carreno's pieces) tinted
/// `tint` at diameter `d`, as children of `parent`: shadow, body, gloss.
pub fn piece_sprites(parent: &mut ChildSpawnerCommands, art: &Art, tint: Color, d: f32) {
    parent.spawn((
        Sprite {
            image: art.shadow.clone(),
            custom_size: Some(Vec2::splat(d * 1.25)),
            ..default()
        },
        Transform::from_xyz(d * 0.05, -d * 0.08, -0.3),
        Pickable::IGNORE,
    ));
    parent.spawn((
        Sprite {
            image: art.disc.clone(),
            color: tint,
            custom_size: Some(Vec2::splat(d)),
            ..default()
        },
        Pickable::IGNORE,
    ));
    parent.spawn((
        Sprite {
            image: art.gloss.clone(),
            custom_size: Some(Vec2::splat(d)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 0.1),
        Pickable::IGNORE,
    ));
}

/// Sets a piece's `scale` and depth `z` (lifted or at rest), touching its
/// transform only when they change: on either game's board.
pub fn lift(transform: &mut Transform, scale: f32, z: f32) {
    if transform.scale.x != scale {
        transform.scale = Vec3::splat(scale);
    }
    if transform.translation.z != z {
        transform.translation.z = z;
    }
}
