//! The count on the board: the run being counted lit in gold with its
//! "+n" rising from it, each line's points beside it as the count reaches
//! it, and a small burst for a line of 20 or more. Everything here belongs
//! to the count: it goes when the count goes (a new round, a rematch,
//! leaving the match).

use bevy::prelude::*;

use crate::app::redraw::Redraw;
use entropy_rules::{Cell, Line, Run};

use super::BoardEntity;
use super::layout::BoardLayout;
use crate::solomon::count::{Beat, ScoreCount};
use crate::solomon::screen::InMatch;
use crate::table::z;
use crate::ui::art::{Art, ROUNDED_BORDER};
use crate::ui::theme;
use crate::ui::theme::fonts::WorldFont;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            clear_marks.run_if(resource_removed::<ScoreCount>),
            spawn_line_scores.run_if(resource_added::<ScoreCount>),
            (show_counting, update_line_scores).run_if(resource_exists::<ScoreCount>),
            rise_and_fade,
        )
            .chain()
            .after(crate::app::AppSet::Turn),
    );
}

/// Anything the count put on the board.
#[derive(Component)]
struct CountMark;

/// A line's points beside the board.
#[derive(Component)]
struct LineScoreText(Line);

/// The gold bar over the run being counted.
#[derive(Component)]
struct RunBar(Run);

/// Text, a spark or a bar that moves and fades out, then goes.
#[derive(Component)]
pub struct Rising {
    age: f32,
    life: f32,
    velocity: Vec2,
}

impl Rising {
    /// Fades out over `life` seconds while moving at `velocity` (world units a second).
    pub fn fading(life: f32, velocity: Vec2) -> Rising {
        Rising {
            age: 0.0,
            life,
            velocity,
        }
    }
}

fn clear_marks(marks: Query<Entity, With<CountMark>>, mut commands: Commands) {
    for entity in &marks {
        commands.entity(entity).despawn();
    }
}

fn scoped() -> impl Bundle {
    (CountMark, BoardEntity, DespawnOnExit(InMatch), Pickable::IGNORE)
}

fn spawn_line_scores(count: Res<ScoreCount>, layout: Res<BoardLayout>, font: Res<WorldFont>, mut commands: Commands) {
    let tray = BoardLayout::BOARD_SPAN + layout.pitch * 0.35;
    for line in count.lines.iter().map(|l| l.line) {
        let (at, anchor) = match line {
            Line::Row(r) => {
                let y = layout.cell_centre(Cell::new(r as usize, 0).unwrap_or(Cell::TOP_LEFT)).y;
                (
                    Vec3::new(tray / 2.0 + 14.0, y, z::CELL),
                    bevy::sprite::Anchor::CENTER_LEFT,
                )
            }
            Line::Col(c) => {
                let x = layout.cell_centre(Cell::new(0, c as usize).unwrap_or(Cell::TOP_LEFT)).x;
                (Vec3::new(x, -tray / 2.0 - 20.0, z::CELL), bevy::sprite::Anchor::CENTER)
            }
        };
        commands.spawn((
            scoped(),
            LineScoreText(line),
            Text2d::new(""),
            font.strong(21.0),
            TextColor(theme::TEXT),
            anchor,
            Transform::from_translation(at),
        ));
    }
}

/// A gold bar over `run`, and where it stands.
pub fn run_bar(layout: &BoardLayout, art: &Art, run: Run, alpha: f32) -> Option<(Sprite, Vec2)> {
    let (centre, size) = run_geometry(layout, run)?;
    let sprite = art.rounded_sprite(theme::COUNTING.with_alpha(alpha), size, ROUNDED_BORDER, 0.6);
    Some((sprite, centre))
}

/// The centre and length of `run` on the board.
fn run_geometry(layout: &BoardLayout, run: Run) -> Option<(Vec2, Vec2)> {
    let cells: Vec<Cell> = run.cells().collect();
    let (first, last) = (cells.first()?, cells.last()?);
    let (a, b) = (layout.cell_centre(*first), layout.cell_centre(*last));
    let thickness = layout.pitch * 0.94;
    let size = match run.line {
        Line::Row(_) => Vec2::new((b - a).length() + thickness, thickness),
        Line::Col(_) => Vec2::new(thickness, (b - a).length() + thickness),
    };
    Some(((a + b) / 2.0, size))
}

/// Lights the run being counted and sends its "+n" up; bursts for a big line.
fn show_counting(
    count: Res<ScoreCount>,
    layout: Res<BoardLayout>,
    art: Res<Art>,
    font: Res<WorldFont>,
    bars: Query<(Entity, &RunBar)>,
    mut last_shown: Local<usize>,
    mut commands: Commands,
) {
    if count.is_added() {
        *last_shown = 0;
    }
    let current = count.current_run();
    for (entity, bar) in &bars {
        if Some(bar.0) != current {
            commands.entity(entity).despawn();
        }
    }
    if count.shown == *last_shown {
        return;
    }
    // Every beat newly shown (a skip shows many at once: no rising text then).
    let skipped = count.shown > *last_shown + 1;
    let Some(Beat::Run(step)) = count.current() else {
        *last_shown = count.shown;
        return;
    };
    *last_shown = count.shown;
    let Some((bar, centre)) = run_bar(&layout, &art, step.run, 0.55) else {
        return;
    };
    if current == Some(step.run) {
        commands.spawn((
            scoped(),
            RunBar(step.run),
            bar,
            Transform::from_translation(centre.extend(z::HIGHLIGHT + 0.2)),
        ));
    }
    if skipped {
        return;
    }
    commands.spawn((
        scoped(),
        Rising::fading(0.9, Vec2::new(0.0, 70.0)),
        Text2d::new(format!("+{}", step.run.len)),
        font.strong(34.0),
        TextColor(theme::COUNTING),
        Transform::from_translation((centre + Vec2::new(0.0, 10.0)).extend(z::TOP)),
    ));
    let line_done = count
        .lines
        .iter()
        .find(|l| l.line == step.run.line)
        .is_some_and(|l| l.runs.len() == step.in_line);
    if line_done && step.line_total >= crate::solomon::count::CELEBRATED {
        for i in 0..14 {
            let angle = i as f32 / 14.0 * std::f32::consts::TAU;
            commands.spawn((
                scoped(),
                Rising::fading(1.1, Vec2::from_angle(angle) * 160.0),
                Sprite {
                    image: art.glow.clone(),
                    color: theme::COUNTING,
                    custom_size: Some(Vec2::splat(layout.pitch * 0.45)),
                    ..default()
                },
                Transform::from_translation(centre.extend(z::TOP)),
            ));
        }
    }
}

/// Each line's points as the count reaches it; the line being counted in gold.
fn update_line_scores(count: Res<ScoreCount>, mut texts: Query<(&LineScoreText, &mut Text2d, &mut TextColor)>) {
    let counting = count.current().map(|b| b.line()).filter(|_| !count.finished());
    for (LineScoreText(line), mut text, mut colour) in &mut texts {
        let value = count.line_so_far(*line).map_or(String::new(), |l| l.score.to_string());
        if text.0 != value {
            text.0 = value;
        }
        let wanted = if counting == Some(*line) {
            theme::COUNTING
        } else {
            theme::TEXT
        };
        if colour.0 != wanted {
            colour.0 = wanted;
        }
    }
}

/// What a rising mark changes as it rises: its place, and its text's or sprite's colour.
type RisingParts = (
    Entity,
    &'static mut Rising,
    &'static mut Transform,
    Option<&'static mut TextColor>,
    Option<&'static mut Sprite>,
);

fn rise_and_fade(time: Res<Time>, mut rising: Query<RisingParts>, mut commands: Commands, mut redraw: ResMut<Redraw>) {
    if !rising.is_empty() {
        redraw.now();
    }
    let dt = time.delta_secs();
    for (entity, mut r, mut transform, text, sprite) in &mut rising {
        r.age += dt;
        if r.age >= r.life {
            commands.entity(entity).despawn();
            continue;
        }
        transform.translation += (r.velocity * dt).extend(0.0);
        let alpha = 1.0 - (r.age / r.life).powi(2);
        if let Some(mut text) = text {
            text.0.set_alpha(alpha);
        }
        if let Some(mut sprite) = sprite {
            sprite.color.set_alpha(alpha);
        }
    }
}
