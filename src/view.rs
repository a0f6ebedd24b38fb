//! How the board looks: the tray, cells, counters (shadow, tinted body,
//! gloss), coordinates, highlights, and the per-line scores when counting.
//! Everything here reads the match and the input state; nothing changes them.

use bevy::prelude::*;
use bevy::sprite::Anchor;
use entropy_rules::{Cell, Line, Phase};

use crate::board::{BoardCell, BoardEntity, BoardLayout, Counter, CounterAt, z};
use crate::game::{CurrentMatch, Refused, ScoreCount};
use crate::input::{Held, Hovered, KeyCursor};
use crate::screens::{InMatch, Screen, TurnPhase};
use crate::textures::{GameFont, ROUNDED_BORDER, Textures};
use crate::theme;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ViewOptions>()
        .add_observer(dress_cell)
        .add_observer(dress_counter)
        .add_systems(OnEnter(Screen::Playing), spawn_tray.after(crate::board::rebuild_board))
        .add_systems(
            Update,
            (
                flash_refusals,
                (
                    tint_cells,
                    update_highlights,
                    lift_held_counter,
                    update_line_scores,
                    update_labels,
                )
                    .run_if(resource_exists::<CurrentMatch>),
            )
                .chain()
                .after(crate::game::GameSystems::Sync),
        );
}

/// Display choices.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewOptions {
    /// Write each counter's colour number on it (for colour-blind players).
    pub colour_numbers: bool,
    /// Show where the picked-up counter may go.
    pub show_destinations: bool,
}

impl Default for ViewOptions {
    fn default() -> Self {
        ViewOptions {
            colour_numbers: false,
            show_destinations: true,
        }
    }
}

/// The body of a counter (the tinted disc).
#[derive(Component)]
struct CounterBody;

/// The colour number written on a counter.
#[derive(Component)]
struct CounterLabel;

/// A red flash on a cell after a refused move.
#[derive(Component)]
struct RefusedFlash(Timer);

/// A highlight sprite, rebuilt when the highlights change.
#[derive(Component)]
struct Highlight;

/// A line's score beside the board while counting.
#[derive(Component)]
struct LineScoreText(Line);

fn dress_cell(
    add: On<Add, BoardCell>,
    cells: Query<&BoardCell>,
    layout: Res<BoardLayout>,
    textures: Res<Textures>,
    mut commands: Commands,
) {
    let Ok(&BoardCell(cell)) = cells.get(add.entity) else {
        return;
    };
    let size = Vec2::splat(layout.pitch * 0.92);
    commands
        .entity(add.entity)
        .insert(Sprite {
            image: textures.rounded.clone(),
            color: theme::CELL,
            custom_size: Some(size),
            image_mode: SpriteImageMode::Sliced(TextureSlicer {
                border: BorderRect::all(ROUNDED_BORDER * 0.5),
                max_corner_scale: 0.5,
                ..default()
            }),
            ..default()
        })
        .observe(move |_: On<Pointer<Over>>, mut hovered: ResMut<Hovered>| hovered.0 = Some(cell))
        .observe(move |_: On<Pointer<Out>>, mut hovered: ResMut<Hovered>| {
            if hovered.0 == Some(cell) {
                hovered.0 = None;
            }
        });
}

fn dress_counter(
    add: On<Add, Counter>,
    counters: Query<&Counter>,
    layout: Res<BoardLayout>,
    textures: Res<Textures>,
    font: Res<GameFont>,
    options: Res<ViewOptions>,
    mut commands: Commands,
) {
    let Ok(counter) = counters.get(add.entity) else { return };
    let d = layout.counter_diameter();
    let colour = theme::counter_colour(counter.colour);
    let label_colour = if matches!(counter.colour.index(), 2 | 4) {
        Color::BLACK.with_alpha(0.7)
    } else {
        Color::WHITE.with_alpha(0.85)
    };
    commands
        .entity(add.entity)
        .insert(Pickable::IGNORE)
        .with_children(|parent| {
            parent.spawn((
                Sprite {
                    image: textures.shadow.clone(),
                    custom_size: Some(Vec2::splat(d * 1.25)),
                    ..default()
                },
                Transform::from_xyz(d * 0.05, -d * 0.08, -0.3),
                Pickable::IGNORE,
            ));
            parent.spawn((
                CounterBody,
                Sprite {
                    image: textures.disc.clone(),
                    color: colour,
                    custom_size: Some(Vec2::splat(d)),
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, 0.0),
                Pickable::IGNORE,
            ));
            parent.spawn((
                Sprite {
                    image: textures.gloss.clone(),
                    custom_size: Some(Vec2::splat(d)),
                    ..default()
                },
                Transform::from_xyz(0.0, 0.0, 0.1),
                Pickable::IGNORE,
            ));
            parent.spawn((
                CounterLabel,
                Text2d::new(counter.colour.number().to_string()),
                font.at(d * 0.42),
                TextColor(label_colour),
                Transform::from_xyz(0.0, 0.0, 0.2),
                if options.colour_numbers {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                },
                Pickable::IGNORE,
            ));
        });
}

/// The tray under the cells, coordinates around it, the hand's place.
fn spawn_tray(mut commands: Commands, layout: Res<BoardLayout>, textures: Res<Textures>, game_font: Res<GameFont>) {
    let span = BoardLayout::BOARD_SPAN;
    let tray = span + layout.pitch * 0.35;
    let scoped = || (BoardEntity, DespawnOnExit(InMatch), Pickable::IGNORE);
    commands.spawn((
        Name::new("tray"),
        scoped(),
        Sprite {
            image: textures.rounded.clone(),
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
    let font = game_font.at(18.0);
    for i in 0..n {
        let Some(row_cell) = Cell::new(i, 0) else { continue };
        let Some(col_cell) = Cell::new(0, i) else { continue };
        let y = layout.cell_centre(row_cell).y;
        let x = layout.cell_centre(col_cell).x;
        commands.spawn((
            scoped(),
            Text2d::new(row_cell.row_letter().to_string()),
            font.clone(),
            TextColor(theme::LABEL),
            Transform::from_xyz(-tray / 2.0 - 16.0, y, z::CELL),
        ));
        commands.spawn((
            scoped(),
            Text2d::new(col_cell.col_letter().to_string()),
            font.clone(),
            TextColor(theme::LABEL),
            Transform::from_xyz(x, tray / 2.0 + 14.0, z::CELL),
        ));
        // Scores of each row (right) and column (below), filled in while counting.
        for line in [Line::Row(i as u8), Line::Col(i as u8)] {
            let (pos, anchor) = match line {
                Line::Row(_) => (Vec3::new(tray / 2.0 + 14.0, y, z::CELL), Anchor::CENTER_LEFT),
                Line::Col(_) => (Vec3::new(x, -tray / 2.0 - 18.0, z::CELL), Anchor::CENTER),
            };
            commands.spawn((
                scoped(),
                LineScoreText(line),
                Text2d::new(""),
                game_font.at(20.0),
                TextColor(theme::TEXT),
                anchor,
                Transform::from_translation(pos),
            ));
        }
    }
}

fn flash_refusals(
    mut refused: MessageReader<Refused>,
    time: Res<Time>,
    mut commands: Commands,
    mut flashes: Query<(Entity, &mut RefusedFlash)>,
    cells: Query<(Entity, &BoardCell)>,
) {
    for r in refused.read() {
        let target = match r.intent {
            crate::game::Intent::Place(cell) => Some(cell),
            crate::game::Intent::Slide(slide) => Some(slide.to),
            _ => None,
        };
        if let Some((entity, _)) = cells.iter().find(|(_, c)| Some(c.0) == target) {
            commands
                .entity(entity)
                .insert(RefusedFlash(Timer::from_seconds(0.6, TimerMode::Once)));
        }
    }
    for (entity, mut flash) in &mut flashes {
        if flash.0.tick(time.delta()).is_finished() {
            commands.entity(entity).remove::<RefusedFlash>();
        }
    }
}

/// Cell colours: hover, a run being counted, a refused move.
fn tint_cells(
    hovered: Res<Hovered>,
    phase: Option<Res<State<TurnPhase>>>,
    count: Option<Res<ScoreCount>>,
    screen: Res<State<Screen>>,
    mut cells: Query<(&BoardCell, &mut Sprite, Option<&RefusedFlash>)>,
) {
    // The run being counted is marked only while the count is on.
    let counting: Vec<Cell> = match (count, screen.get()) {
        (Some(count), Screen::Playing) => count.current().map(|run| run.cells().collect()).unwrap_or_default(),
        _ => Vec::new(),
    };
    let interactive = matches!(
        phase.as_ref().map(|p| *p.get()),
        Some(TurnPhase::Placing | TurnPhase::Sliding)
    );
    for (BoardCell(cell), mut sprite, flash) in &mut cells {
        let mut colour = theme::CELL;
        if interactive && hovered.0 == Some(*cell) {
            colour = theme::CELL_HOVER;
        }
        if counting.contains(cell) {
            colour = theme::COUNTING.mix(&theme::CELL, 0.35);
        }
        if let Some(flash) = flash {
            colour = theme::REFUSED.mix(&colour, flash.0.fraction());
        }
        if sprite.color != colour {
            sprite.color = colour;
        }
    }
}

/// What is highlighted on the board: (cell, kind).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Mark {
    Legal,
    Selected,
    Glow,
    JustPlaced,
    Cursor,
    Ghost(entropy_rules::Colour),
    Hint,
}

#[allow(clippy::too_many_arguments)]
fn update_highlights(
    game: Res<CurrentMatch>,
    held: Res<Held>,
    hovered: Res<Hovered>,
    cursor: Res<KeyCursor>,
    options: Res<ViewOptions>,
    hint: Res<crate::ai::HintRequest>,
    phase: Option<Res<State<TurnPhase>>>,
    layout: Res<BoardLayout>,
    textures: Res<Textures>,
    mut shown: Local<Vec<(Cell, Mark)>>,
    old: Query<Entity, With<Highlight>>,
    mut commands: Commands,
) {
    let mut marks = Vec::new();
    let position = game.round().position();
    let phase = phase.map(|p| *p.get());
    if matches!(phase, Some(TurnPhase::Sliding))
        && let Some(cell) = position.last_placed()
    {
        marks.push((cell, Mark::JustPlaced));
    }
    if let Some(from) = held.cell {
        marks.push((from, Mark::Selected));
        marks.push((from, Mark::Glow));
        if options.show_destinations {
            marks.extend(position.slide_targets(from).into_iter().map(|c| (c, Mark::Legal)));
        }
    }
    if let Phase::ChaosPlace(colour) = position.phase() {
        let target = if cursor.visible { Some(cursor.cell) } else { hovered.0 };
        if let Some(cell) = target.filter(|&c| position.board().is_vacant(c)) {
            marks.push((cell, Mark::Ghost(colour)));
        }
    }
    if let Some(entropy_rules::OrderMove::Slide(slide)) = hint.for_position(position).map(|h| h.best) {
        marks.push((slide.from, Mark::Hint));
        marks.push((slide.to, Mark::Hint));
    }
    if cursor.visible && matches!(phase, Some(TurnPhase::Placing | TurnPhase::Sliding)) {
        marks.push((cursor.cell, Mark::Cursor));
    }
    if *shown == marks && old.iter().len() > 0 || (marks.is_empty() && shown.is_empty()) {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let d = layout.counter_diameter();
    for &(cell, mark) in &marks {
        let at = layout.cell_centre(cell);
        let (image, colour, size, z) = match mark {
            Mark::Legal => (
                textures.dot.clone(),
                theme::LEGAL.with_alpha(0.85),
                d * 0.32,
                z::HIGHLIGHT,
            ),
            Mark::Selected => (textures.ring.clone(), theme::SELECTED, d * 1.22, z::HIGHLIGHT),
            Mark::Glow => (
                textures.glow.clone(),
                theme::SELECTED.with_alpha(0.45),
                d * 1.7,
                z::HIGHLIGHT - 0.5,
            ),
            Mark::JustPlaced => (
                textures.ring.clone(),
                Color::WHITE.with_alpha(0.55),
                d * 1.12,
                z::HIGHLIGHT,
            ),
            Mark::Cursor => (textures.ring.clone(), theme::CURSOR, d * 1.28, z::LIFTED + 1.0),
            Mark::Hint => (textures.ring.clone(), theme::HINT, d * 1.05, z::LIFTED + 0.5),
            Mark::Ghost(colour) => (
                textures.disc.clone(),
                theme::counter_colour(colour).with_alpha(0.45),
                d,
                z::HIGHLIGHT,
            ),
        };
        commands.spawn((
            Highlight,
            BoardEntity,
            DespawnOnExit(InMatch),
            Pickable::IGNORE,
            Sprite {
                image,
                color: colour,
                custom_size: Some(Vec2::splat(size)),
                ..default()
            },
            Transform::from_translation(at.extend(z)),
        ));
    }
    *shown = marks;
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

/// Each line's points, as far as the count has gone, beside the board.
fn update_line_scores(
    count: Option<Res<ScoreCount>>,
    screen: Res<State<Screen>>,
    mut texts: Query<(&LineScoreText, &mut Text2d, &mut TextColor)>,
) {
    let counting = matches!(screen.get(), Screen::Playing | Screen::RoundOver | Screen::MatchOver);
    for (LineScoreText(line), mut text, mut colour) in &mut texts {
        let value = match (&count, counting) {
            (Some(count), true) => {
                let counted: u32 = count.runs[..count.shown]
                    .iter()
                    .filter(|r| r.line == *line)
                    .map(|r| r.len as u32)
                    .sum();
                // Lines are counted in order (rows, then columns): show those reached.
                let started = count.finished() || count.current().is_some_and(|r| r.line >= *line);
                let active = count.current().is_some_and(|r| r.line == *line) && !count.finished();
                colour.0 = if active { theme::COUNTING } else { theme::TEXT };
                if started { counted.to_string() } else { String::new() }
            }
            _ => String::new(),
        };
        if text.0 != value {
            text.0 = value;
        }
    }
}

fn update_labels(options: Res<ViewOptions>, mut labels: Query<&mut Visibility, With<CounterLabel>>) {
    if !options.is_changed() {
        return;
    }
    for mut visibility in &mut labels {
        *visibility = if options.colour_numbers {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}
