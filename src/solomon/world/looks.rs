//! How the board looks: the tray and its coordinates, the cells, the
//! counters (their sprites in [`super::counter_sprites`]), cell tints (a
//! refusal's flash in [`super::refused_flash`]) and the picked-up
//! counter's lift. Everything here reads the match and the input state;
//! nothing changes them.

use bevy::prelude::*;
use entropy_rules::Cell;

use super::BoardEntity;
use super::counter_sprites::{dress_counter, update_markings};
use super::layout::BoardLayout;
use super::pieces::{BoardCell, Counter, CounterAt};
use super::refused_flash::flash_refusals;
use crate::solomon::game::CurrentMatch;
use crate::solomon::input::{Held, Hovered};
use crate::solomon::phase::{CurrentPhase, TurnPhase};
use crate::solomon::screen::InMatch;
use crate::table::pieces::lift;
use crate::table::squares::{RefusedFlash, tint_square};
use crate::table::z;
use crate::ui::art::{Art, ROUNDED_BORDER};
use crate::ui::theme;
use crate::ui::theme::fonts::WorldFont;

pub(super) fn plugin(app: &mut App) {
    // Cells are picked by their square: the drawn images keep no pixels in
    // main memory once they are on the GPU, so testing their alpha would miss.
    app.insert_resource(bevy::sprite::SpritePickingSettings {
        picking_mode: bevy::sprite::SpritePickingMode::BoundingBox,
        ..default()
    })
    .add_observer(dress_cell)
    .add_observer(dress_counter)
    .add_systems(
        Update,
        spawn_tray
            .run_if(on_message::<super::pieces::BoardBuilt>)
            .after(crate::app::AppSet::Sync),
    )
    .add_systems(
        Update,
        (
            flash_refusals,
            (tint_cells, lift_held_counter, update_markings).run_if(resource_exists::<CurrentMatch>),
        )
            .chain()
            .after(crate::app::AppSet::Sync),
    );
}

fn dress_cell(
    add: On<Add, BoardCell>,
    cells: Query<&BoardCell>,
    layout: Res<BoardLayout>,
    art: Res<Art>,
    mut commands: Commands,
) {
    let Ok(&BoardCell(cell)) = cells.get(add.entity) else {
        return;
    };
    let size = Vec2::splat(layout.pitch * 0.92);
    commands
        .entity(add.entity)
        .insert((
            // Sprites are picked only with this component.
            Pickable::default(),
            art.rounded_sprite(theme::CELL, size, ROUNDED_BORDER * 0.5, 0.5),
        ))
        .observe(move |_: On<Pointer<Over>>, mut hovered: ResMut<Hovered>| hovered.0 = Some(cell))
        .observe(move |_: On<Pointer<Out>>, mut hovered: ResMut<Hovered>| {
            if hovered.0 == Some(cell) {
                hovered.0 = None;
            }
        });
}

/// The tray under the cells and the coordinates around it.
fn spawn_tray(mut commands: Commands, layout: Res<BoardLayout>, art: Res<Art>, font: Res<WorldFont>) {
    let span = BoardLayout::BOARD_SPAN;
    let tray = span + layout.pitch * 0.35;
    let scoped = || (BoardEntity, DespawnOnExit(InMatch), Pickable::IGNORE);
    commands.spawn((
        Name::new("tray"),
        scoped(),
        art.rounded_sprite(theme::TRAY, Vec2::splat(tray), ROUNDED_BORDER, 1.0),
        Transform::from_xyz(0.0, 0.0, z::TRAY),
    ));
    let n = layout.size.n();
    for i in 0..n {
        let (Some(row_cell), Some(col_cell)) = (Cell::new(i, 0), Cell::new(0, i)) else {
            continue;
        };
        let y = layout.cell_centre(row_cell).y;
        let x = layout.cell_centre(col_cell).x;
        for (text, at) in [
            (row_cell.row_letter(), Vec3::new(-tray / 2.0 - 18.0, y, z::CELL)),
            (col_cell.col_letter(), Vec3::new(x, tray / 2.0 + 16.0, z::CELL)),
        ] {
            commands.spawn((
                scoped(),
                Text2d::new(text.to_string()),
                font.at(20.0),
                TextColor(theme::LABEL),
                Transform::from_translation(at),
            ));
        }
    }
}

/// Cell colours: hover on a person's turn, a refused move.
fn tint_cells(
    hovered: Res<Hovered>,
    phase: CurrentPhase,
    game: Res<CurrentMatch>,
    mut cells: Query<(&BoardCell, &mut Sprite, Option<&RefusedFlash>)>,
) {
    let interactive = matches!(phase.get(), Some(TurnPhase::Placing | TurnPhase::Sliding)) && game.person_to_move();
    for (BoardCell(cell), mut sprite, flash) in &mut cells {
        tint_square(&mut sprite, interactive && hovered.0 == Some(*cell), flash);
    }
}

/// The picked-up counter floats a little above the board.
fn lift_held_counter(
    held: Res<Held>,
    mut counters: Query<(&Counter, &mut Transform), Without<crate::ui::animation::Tween>>,
) {
    for (counter, mut transform) in &mut counters {
        let lifted = matches!(counter.at, CounterAt::Cell(cell) if held.picked == Some(cell));
        let z = if lifted || counter.at == CounterAt::Hand {
            z::LIFTED
        } else {
            z::COUNTER
        };
        lift(&mut transform, if lifted { 1.12 } else { 1.0 }, z);
    }
}
