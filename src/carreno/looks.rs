//! How Carreno's board looks: the tray, the squares (lit under the pointer
//! when the board takes input, flashing red where a move was refused), the
//! coordinates, and the pieces — light for O, dark for S, in the counters'
//! style (shadow, shaded body, gloss) with their side's letter — and the
//! picked-up piece's lift. Everything here reads the game and the input
//! state; nothing changes them.

use bevy::prelude::*;

use super::board::{BoardSquare, CarrenoLayout, Coordinate, Piece, Tray};
use super::game::{Attempt, CarrenoRefused};
use super::input::{BoardInput, Hovered, Selection};
use crate::art::{Art, ROUNDED_BORDER};
use crate::theme::{self, fonts::WorldFont};
use crate::world::looks::{RefusedFlash, square_colour};
use crate::world::z;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(dress_square)
        .add_observer(dress_piece)
        .add_observer(dress_tray)
        .add_observer(dress_coordinate)
        .add_systems(
            Update,
            (flash_refusals, tint_squares, lift_selected)
                .chain()
                .run_if(in_state(super::InCarreno))
                .after(crate::AppSet::Sync),
        );
}

fn rounded(art: &Art, colour: Color, size: f32, border: f32) -> Sprite {
    Sprite {
        image: art.rounded.clone(),
        color: colour,
        custom_size: Some(Vec2::splat(size)),
        image_mode: SpriteImageMode::Sliced(TextureSlicer {
            border: BorderRect::all(border),
            max_corner_scale: 0.5,
            ..default()
        }),
        ..default()
    }
}

fn dress_square(add: On<Add, BoardSquare>, squares: Query<&BoardSquare>, art: Res<Art>, mut commands: Commands) {
    let Ok(&BoardSquare(square)) = squares.get(add.entity) else {
        return;
    };
    commands
        .entity(add.entity)
        .insert((
            // Sprites are picked only with this component, and by their square.
            Pickable::default(),
            rounded(&art, theme::CELL, CarrenoLayout::PITCH * 0.92, ROUNDED_BORDER * 0.5),
        ))
        .observe(move |_: On<Pointer<Over>>, mut hovered: ResMut<Hovered>| hovered.0 = Some(square))
        .observe(move |_: On<Pointer<Out>>, mut hovered: ResMut<Hovered>| {
            if hovered.0 == Some(square) {
                hovered.0 = None;
            }
        });
}

fn dress_tray(add: On<Add, Tray>, art: Res<Art>, mut commands: Commands) {
    commands.entity(add.entity).insert((
        Pickable::IGNORE,
        rounded(&art, theme::TRAY, CarrenoLayout::tray(), ROUNDED_BORDER),
    ));
}

fn dress_coordinate(
    add: On<Add, Coordinate>,
    labels: Query<&Coordinate>,
    font: Res<WorldFont>,
    mut commands: Commands,
) {
    let Ok(Coordinate(label)) = labels.get(add.entity) else {
        return;
    };
    commands.entity(add.entity).insert((
        Pickable::IGNORE,
        Text2d::new(label.to_string()),
        font.at(20.0),
        TextColor(theme::LABEL),
    ));
}

fn dress_piece(
    add: On<Add, Piece>,
    pieces: Query<&Piece>,
    art: Res<Art>,
    font: Res<WorldFont>,
    mut commands: Commands,
) {
    let Ok(piece) = pieces.get(add.entity) else { return };
    let d = CarrenoLayout::piece_diameter();
    let side = piece.side;
    commands
        .entity(add.entity)
        .insert(Pickable::IGNORE)
        .with_children(|parent| {
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
                    color: theme::piece_colour(side),
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
            parent.spawn((
                Text2d::new(side.symbol().to_string()),
                font.strong(d * 0.36),
                TextColor(theme::piece_letter_colour(side)),
                Transform::from_xyz(0.0, 0.0, 0.2),
                Pickable::IGNORE,
            ));
        });
}

/// A refused move flashes its square (the flash fades with the main board's).
fn flash_refusals(
    mut refused: MessageReader<CarrenoRefused>,
    mut commands: Commands,
    squares: Query<(Entity, &BoardSquare)>,
) {
    for refusal in refused.read() {
        let target = match refusal.attempt {
            Attempt::Move(mv) => mv.to(),
            Attempt::PickUp(square) => Some(square),
        };
        if let Some((entity, _)) = squares.iter().find(|(_, s)| Some(s.0) == target) {
            commands.entity(entity).insert(RefusedFlash::default());
        }
    }
}

/// Square colours: hover while the board takes input, a refusal's flash.
fn tint_squares(
    hovered: Res<Hovered>,
    board: BoardInput,
    mut squares: Query<(&BoardSquare, &mut Sprite, Option<&RefusedFlash>)>,
) {
    let interactive = board.ready().is_some();
    for (BoardSquare(square), mut sprite, flash) in &mut squares {
        let colour = square_colour(interactive && hovered.0 == Some(*square), flash);
        if sprite.color != colour {
            sprite.color = colour;
        }
    }
}

/// The picked-up piece floats a little above the board.
fn lift_selected(
    selection: Res<Selection>,
    mut pieces: Query<(&Piece, &mut Transform), Without<crate::animation::Tween>>,
) {
    for (piece, mut transform) in &mut pieces {
        let lifted = selection.square == Some(piece.at);
        let scale = if lifted { 1.1 } else { 1.0 };
        if transform.scale.x != scale {
            transform.scale = Vec3::splat(scale);
        }
        let z = if lifted { z::LIFTED } else { z::COUNTER };
        if transform.translation.z != z {
            transform.translation.z = z;
        }
    }
}
