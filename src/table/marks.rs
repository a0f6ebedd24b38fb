//! Marks on either game's board (a cursor, a hint, the last move): the
//! sprites of each game's marks, redrawn only when they change, and the
//! shapes they are drawn with.

use std::marker::PhantomData;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::table::z;
use crate::ui::art::Art;

/// A sprite of a mark of type `M` (each game's marks are their own).
#[derive(Component)]
pub struct MarkSprite<M: Send + Sync + 'static>(PhantomData<M>);

/// The mark sprites of either game's board: what they show now, and the
/// art to draw new ones. [`MarkSprites::show`] redraws them only when the
/// marks wanted change (or their board was rebuilt).
#[derive(SystemParam)]
pub struct MarkSprites<'w, 's, M: PartialEq + Send + Sync + 'static> {
    art: Res<'w, Art>,
    shown: Local<'s, Vec<M>>,
    old: Query<'w, 's, Entity, With<MarkSprite<M>>>,
    commands: Commands<'w, 's>,
}

impl<M: PartialEq + Send + Sync + 'static> MarkSprites<'_, '_, M> {
    /// Shows `marks`: unless they are those shown, the old sprites go and
    /// `draw` makes each mark's sprites, handing each to the spawner given
    /// to it; every sprite gets the `scope` that ends it with its board.
    pub fn show<B: Bundle + Clone>(
        &mut self,
        marks: Vec<M>,
        scope: B,
        mut draw: impl FnMut(&M, &Art, &mut dyn FnMut((Sprite, Transform))),
    ) {
        if *self.shown == marks && (!self.old.is_empty() || marks.is_empty()) {
            return;
        }
        for entity in &self.old {
            self.commands.entity(entity).despawn();
        }
        let commands = &mut self.commands;
        let mut spawn = |bundle: (Sprite, Transform)| {
            commands.spawn((MarkSprite::<M>(PhantomData), Pickable::IGNORE, scope.clone(), bundle));
        };
        for mark in &marks {
            draw(mark, &self.art, &mut spawn);
        }
        *self.shown = marks;
    }
}

/// A square sprite of `image` in `colour`, `size` wide.
pub fn tinted(image: &Handle<Image>, colour: Color, size: f32) -> Sprite {
    Sprite {
        image: image.clone(),
        color: colour,
        custom_size: Some(Vec2::splat(size)),
        ..default()
    }
}

/// A bar of `colour` and `width` from `a` to `b`, under the pieces: the
/// path of a move.
pub fn line(a: Vec2, b: Vec2, colour: Color, width: f32) -> (Sprite, Transform) {
    (
        Sprite::from_color(colour, Vec2::new(a.distance(b), width)),
        Transform::from_translation(((a + b) / 2.0).extend(z::HIGHLIGHT))
            .with_rotation(Quat::from_rotation_z((b - a).to_angle())),
    )
}
