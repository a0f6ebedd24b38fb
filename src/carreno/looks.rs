//! How Carreno's board looks: the tray, the squares (lit under the pointer
//! when the board takes input, flashing red where a move was refused), the
//! coordinates, and the pieces — light for O, dark for S, in the counters'
//! style (shadow, shaded body, gloss) with their side's letter — and the
//! picked-up piece's lift. Everything here reads the game and the input
//! state; nothing changes them.

use bevy::prelude::*;
use carreno_rules::Side;

use super::board::{BoardSquare, CarrenoLayout, Coordinate, Piece, Tray};
use super::game::{Attempt, Carreno, Refused};
use super::input::{BoardInput, Hovered, Selection};
use crate::table::pieces::lift;
use crate::table::pieces::piece_sprites;
use crate::table::squares::{RefusedFlash, tint_square};
use crate::table::z;
use crate::ui::art::{Art, ROUNDED_BORDER};
use crate::ui::theme;
use crate::ui::theme::fonts::WorldFont;

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
                .after(crate::app::AppSet::Sync),
        );
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
            art.rounded_sprite(
                theme::CELL,
                Vec2::splat(CarrenoLayout::PITCH * 0.92),
                ROUNDED_BORDER * 0.5,
                0.5,
            ),
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
        art.rounded_sprite(theme::TRAY, Vec2::splat(CarrenoLayout::tray()), ROUNDED_BORDER, 0.5),
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
            piece_sprites(parent, &art, theme::piece_colour(side == Side::O), d);
            parent.spawn((
                Text2d::new(side.symbol().to_string()),
                font.strong(d * 0.36),
                TextColor(theme::piece_letter_colour(side == Side::O)),
                Transform::from_xyz(0.0, 0.0, 0.2),
                Pickable::IGNORE,
            ));
        });
}

/// A refused move flashes its square (the flash fades with the main board's).
fn flash_refusals(
    mut refused: MessageReader<Refused<Carreno>>,
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
        tint_square(&mut sprite, interactive && hovered.0 == Some(*square), flash);
    }
}

/// The picked-up piece floats a little above the board.
fn lift_selected(
    selection: Res<Selection>,
    mut pieces: Query<(&Piece, &mut Transform), Without<crate::ui::animation::Tween>>,
) {
    for (piece, mut transform) in &mut pieces {
        let lifted = selection.picked == Some(piece.at);
        if lifted {
            lift(&mut transform, 1.1, z::LIFTED);
        } else {
            lift(&mut transform, 1.0, z::COUNTER);
        }
    }
}
