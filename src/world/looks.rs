//! How the board looks: the tray and its coordinates, the cells, the
//! counters (shadow, tinted body, gloss, and the colour's number or symbol
//! when the settings ask for it), cell tints and the picked-up counter's
//! lift. Everything here reads the match and the input state; nothing
//! changes them.

use bevy::prelude::*;
use entropy_rules::Cell;

use super::pieces::{BoardCell, Counter, CounterAt};
use super::{BoardEntity, BoardLayout, z};
use crate::art::{Art, ROUNDED_BORDER};
use crate::game::{CurrentMatch, Refused};
use crate::input::{Held, Hovered};
use crate::prefs::{ColourMarks, Settings};
use crate::screens::{InMatch, TurnPhase};
use crate::theme::{self, fonts::WorldFont};

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
            .after(crate::AppSet::Sync),
    )
    .add_systems(
        Update,
        (
            (flash_refusals, fade_refusal_flashes),
            (tint_cells, lift_held_counter, update_markings).run_if(resource_exists::<CurrentMatch>),
        )
            .chain()
            .after(crate::AppSet::Sync),
    );
}

/// The number or symbol on a counter, for players who tell colours apart with difficulty.
#[derive(Component)]
struct Marking;

/// A red flash on a square after a refused move, on either game's board;
/// [`fade_refusal_flashes`] ends it.
#[derive(Component)]
pub struct RefusedFlash(Timer);

impl Default for RefusedFlash {
    fn default() -> Self {
        RefusedFlash(Timer::from_seconds(0.6, TimerMode::Once))
    }
}

/// A board square's colour: lit while `hovered`, reddened by a refusal's flash.
pub fn square_colour(hovered: bool, flash: Option<&RefusedFlash>) -> Color {
    let colour = if hovered { theme::CELL_HOVER } else { theme::CELL };
    match flash {
        Some(flash) => theme::REFUSED.mix(&colour, flash.0.fraction()),
        None => colour,
    }
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
            Sprite {
                image: art.rounded.clone(),
                color: theme::CELL,
                custom_size: Some(size),
                image_mode: SpriteImageMode::Sliced(TextureSlicer {
                    border: BorderRect::all(ROUNDED_BORDER * 0.5),
                    max_corner_scale: 0.5,
                    ..default()
                }),
                ..default()
            },
        ))
        .observe(move |_: On<Pointer<Over>>, mut hovered: ResMut<Hovered>| hovered.0 = Some(cell))
        .observe(move |_: On<Pointer<Out>>, mut hovered: ResMut<Hovered>| {
            if hovered.0 == Some(cell) {
                hovered.0 = None;
            }
        });
}

/// The sprites that make a counter of `colour` at diameter `d`, as children of `parent`.
pub fn counter_sprites(parent: &mut ChildSpawnerCommands, art: &Art, colour: entropy_rules::Colour, d: f32) {
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
            color: theme::counter_colour(colour),
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

fn dress_counter(
    add: On<Add, Counter>,
    counters: Query<&Counter>,
    layout: Res<BoardLayout>,
    art: Res<Art>,
    font: Res<WorldFont>,
    settings: Res<Settings>,
    mut commands: Commands,
) {
    let Ok(counter) = counters.get(add.entity) else { return };
    let d = layout.counter_diameter();
    let colour = counter.colour;
    commands
        .entity(add.entity)
        .insert(Pickable::IGNORE)
        .with_children(|parent| {
            counter_sprites(parent, &art, colour, d);
            spawn_markings(parent, &art, &font, colour, d, settings.colour_marks);
        });
}

/// The number and the symbol of `colour` on a counter of diameter `d`, the
/// one the settings choose shown (the board's counters and the bag's row).
pub fn spawn_markings(
    parent: &mut ChildSpawnerCommands,
    art: &Art,
    font: &WorldFont,
    colour: entropy_rules::Colour,
    d: f32,
    shown: ColourMarks,
) {
    let visibility = |kind: ColourMarks| {
        if kind == shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    };
    parent.spawn((
        Marking,
        ColourMarks::Numbers,
        Text2d::new(colour.number().to_string()),
        font.strong(d * 0.44),
        TextColor(theme::marking_colour(colour)),
        Transform::from_xyz(0.0, 0.0, 0.2),
        visibility(ColourMarks::Numbers),
        Pickable::IGNORE,
    ));
    parent.spawn((
        Marking,
        ColourMarks::Symbols,
        Sprite {
            image: art.symbols[colour.index()].clone(),
            color: theme::marking_colour(colour),
            custom_size: Some(Vec2::splat(d * 0.5)),
            ..default()
        },
        Transform::from_xyz(0.0, 0.0, 0.2),
        visibility(ColourMarks::Symbols),
        Pickable::IGNORE,
    ));
}

/// The tray under the cells and the coordinates around it.
fn spawn_tray(mut commands: Commands, layout: Res<BoardLayout>, art: Res<Art>, font: Res<WorldFont>) {
    let span = BoardLayout::BOARD_SPAN;
    let tray = span + layout.pitch * 0.35;
    let scoped = || (BoardEntity, DespawnOnExit(InMatch), Pickable::IGNORE);
    commands.spawn((
        Name::new("tray"),
        scoped(),
        Sprite {
            image: art.rounded.clone(),
            color: theme::TRAY,
            custom_size: Some(Vec2::splat(tray)),
            image_mode: SpriteImageMode::Sliced(TextureSlicer {
                border: BorderRect::all(ROUNDED_BORDER),
                ..default()
            }),
            ..default()
        },
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

fn flash_refusals(mut refused: MessageReader<Refused>, mut commands: Commands, cells: Query<(Entity, &BoardCell)>) {
    for r in refused.read() {
        let target = match r.action {
            entropy_rules::Action::Place(cell) => Some(cell),
            entropy_rules::Action::Slide(slide) => Some(slide.to),
            _ => None,
        };
        if let Some((entity, _)) = cells.iter().find(|(_, c)| Some(c.0) == target) {
            commands.entity(entity).insert(RefusedFlash::default());
        }
    }
}

/// Ends the refusals' flashes, on either game's board.
fn fade_refusal_flashes(time: Res<Time>, mut commands: Commands, mut flashes: Query<(Entity, &mut RefusedFlash)>) {
    for (entity, mut flash) in &mut flashes {
        if flash.0.tick(time.delta()).is_finished() {
            commands.entity(entity).remove::<RefusedFlash>();
        }
    }
}

/// Cell colours: hover on a person's turn, a refused move.
fn tint_cells(
    hovered: Res<Hovered>,
    phase: Option<Res<State<TurnPhase>>>,
    game: Res<CurrentMatch>,
    mut cells: Query<(&BoardCell, &mut Sprite, Option<&RefusedFlash>)>,
) {
    let interactive = matches!(
        phase.as_ref().map(|p| *p.get()),
        Some(TurnPhase::Placing | TurnPhase::Sliding)
    ) && game.person_to_move();
    for (BoardCell(cell), mut sprite, flash) in &mut cells {
        let colour = square_colour(interactive && hovered.0 == Some(*cell), flash);
        if sprite.color != colour {
            sprite.color = colour;
        }
    }
}

/// The picked-up counter floats a little above the board.
fn lift_held_counter(
    held: Res<Held>,
    mut counters: Query<(&Counter, &mut Transform), Without<crate::animation::Tween>>,
) {
    for (counter, mut transform) in &mut counters {
        let lifted = matches!(counter.at, CounterAt::Cell(cell) if held.cell == Some(cell));
        let scale = if lifted { 1.12 } else { 1.0 };
        if transform.scale.x != scale {
            transform.scale = Vec3::splat(scale);
        }
        let z = if lifted || counter.at == CounterAt::Hand {
            z::LIFTED
        } else {
            z::COUNTER
        };
        if transform.translation.z != z {
            transform.translation.z = z;
        }
    }
}

/// Shows the numbers or the symbols on the counters, as the settings say.
fn update_markings(settings: Res<Settings>, mut marks: Query<(&ColourMarks, &mut Visibility), With<Marking>>) {
    if !settings.is_changed() {
        return;
    }
    for (kind, mut visibility) in &mut marks {
        let shown = *kind == settings.colour_marks;
        let wanted = if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if *visibility != wanted {
            *visibility = wanted;
        }
    }
}
