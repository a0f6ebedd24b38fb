//! The board in the world: one entity per cell and one per counter, kept in
//! step with the rules crate's round by a single sync step that follows
//! the rule events. Geometry lives in [`BoardLayout`].

use bevy::prelude::*;
use entropy_rules::{Cell, Colour, Event, Size};

use crate::animation::{Motion, Shake, Tween};
use crate::game::{Applied, CurrentMatch, GameSystems, Intent, Refused};
use crate::screens::{InMatch, Screen};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(BoardLayout::new(Size::Seven))
        .add_systems(OnEnter(Screen::Playing), rebuild_board)
        .add_systems(
            Update,
            (follow_events, refuse_feedback).chain().in_set(GameSystems::Sync),
        );
}

/// Where things are in the world. The board is centred on the origin; the
/// bag and Chaos's hand stand to its left. One world unit is one pixel at
/// the default window size.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct BoardLayout {
    /// The board size.
    pub size: Size,
    /// Distance between the centres of neighbouring cells.
    pub pitch: f32,
}

impl BoardLayout {
    /// The side of the board's square of cells, whatever its size.
    pub const BOARD_SPAN: f32 = 532.0;
    /// The bag's centre.
    pub const BAG: Vec2 = Vec2::new(-455.0, -95.0);
    /// Where a drawn counter waits in Chaos's hand.
    pub const HAND: Vec2 = Vec2::new(-455.0, 180.0);
    /// The part of the world the camera must always show.
    pub const VIEW_MIN: Vec2 = Vec2::new(-600.0, -340.0);
    /// The part of the world the camera must always show.
    pub const VIEW_MAX: Vec2 = Vec2::new(360.0, 340.0);

    /// The layout for a board of `size`.
    pub fn new(size: Size) -> BoardLayout {
        BoardLayout {
            size,
            pitch: Self::BOARD_SPAN / size.n() as f32,
        }
    }

    /// The diameter of a counter.
    pub fn counter_diameter(&self) -> f32 {
        self.pitch * 0.8
    }

    /// The centre of `cell`.
    pub fn cell_centre(&self, cell: Cell) -> Vec2 {
        let half = (self.size.n() as f32 - 1.0) / 2.0;
        Vec2::new(
            (cell.col() as f32 - half) * self.pitch,
            (half - cell.row() as f32) * self.pitch,
        )
    }

    /// The cell under `point`, if any.
    pub fn cell_at(&self, point: Vec2) -> Option<Cell> {
        let n = self.size.n() as f32;
        let col = ((point.x / self.pitch) + n / 2.0).floor();
        let row = (n / 2.0 - (point.y / self.pitch)).floor();
        if (0.0..n).contains(&col) && (0.0..n).contains(&row) {
            Cell::new(row as usize, col as usize)
        } else {
            None
        }
    }

    /// Where a drawn counter appears: the mouth of the bag.
    pub fn bag_mouth(&self) -> Vec2 {
        Self::BAG + Vec2::new(0.0, 70.0)
    }
}

/// Z layers of the world.
pub mod z {
    /// The board tray.
    pub const TRAY: f32 = 0.0;
    /// Cells.
    pub const CELL: f32 = 1.0;
    /// Highlights on cells.
    pub const HIGHLIGHT: f32 = 2.0;
    /// Counters at rest.
    pub const COUNTER: f32 = 5.0;
    /// A counter in the air (drawn, picked up, sliding).
    pub const LIFTED: f32 = 8.0;
}

/// A cell of the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardCell(pub Cell);

/// A counter of the match.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counter {
    /// Its colour.
    pub colour: Colour,
    /// Where it is.
    pub at: CounterAt,
}

/// Where a counter is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CounterAt {
    /// In Chaos's hand, drawn and not yet placed.
    Hand,
    /// On a cell of the board.
    Cell(Cell),
}

/// Everything that belongs to the board of the round on screen.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct BoardEntity;

/// Builds the board for the round about to be played (or shown).
pub(crate) fn rebuild_board(
    mut commands: Commands,
    game: Option<Res<CurrentMatch>>,
    old: Query<Entity, With<BoardEntity>>,
    mut layout: ResMut<BoardLayout>,
) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let Some(game) = game else { return };
    let round = game.round();
    *layout = BoardLayout::new(round.size());
    for cell in Cell::all(round.size()) {
        commands.spawn((
            Name::new(format!("cell {cell}")),
            BoardCell(cell),
            BoardEntity,
            DespawnOnExit(InMatch),
            Transform::from_translation(layout.cell_centre(cell).extend(z::CELL)),
            Visibility::default(),
        ));
    }
    for cell in Cell::all(round.size()) {
        if let Some(colour) = round.board().get(cell) {
            spawn_counter(
                &mut commands,
                colour,
                CounterAt::Cell(cell),
                layout.cell_centre(cell).extend(z::COUNTER),
            );
        }
    }
}

fn spawn_counter(commands: &mut Commands, colour: Colour, at: CounterAt, translation: Vec3) -> Entity {
    commands
        .spawn((
            Name::new(format!("{} counter", colour.name())),
            Counter { colour, at },
            BoardEntity,
            DespawnOnExit(InMatch),
            Transform::from_translation(translation),
            Visibility::default(),
        ))
        .id()
}

/// The sync step: moves the counter entities as the rule events say.
fn follow_events(
    mut applied: MessageReader<Applied>,
    mut commands: Commands,
    layout: Res<BoardLayout>,
    mut counters: Query<(Entity, &mut Counter, &Transform)>,
) {
    for Applied(event) in applied.read() {
        match *event {
            Event::Drew(colour) => {
                let from = layout.bag_mouth().extend(z::LIFTED);
                let to = BoardLayout::HAND.extend(z::LIFTED);
                let entity = spawn_counter(&mut commands, colour, CounterAt::Hand, from);
                commands.entity(entity).insert(
                    Tween::new(from, to, 0.42, EaseFunction::CubicOut)
                        .growing_from(0.35)
                        .showing(Motion::Draw),
                );
            }
            Event::Placed(placement) => {
                if let Some((entity, mut counter, transform)) =
                    counters.iter_mut().find(|(_, c, _)| c.at == CounterAt::Hand)
                {
                    counter.at = CounterAt::Cell(placement.cell);
                    let to = layout.cell_centre(placement.cell).extend(z::COUNTER);
                    let from = transform.translation.with_z(z::LIFTED);
                    commands
                        .entity(entity)
                        .insert(Tween::new(from, to, 0.26, EaseFunction::CubicOut).showing(Motion::Place));
                }
            }
            Event::Slid(slide) => {
                if let Some((entity, mut counter, transform)) = counters
                    .iter_mut()
                    .find(|(_, c, _)| c.at == CounterAt::Cell(slide.from))
                {
                    counter.at = CounterAt::Cell(slide.to);
                    let to = layout.cell_centre(slide.to).extend(z::COUNTER);
                    let from = transform.translation.with_z(z::LIFTED);
                    let duration = Tween::slide_duration(slide.distance());
                    commands
                        .entity(entity)
                        .insert(Tween::new(from, to, duration, EaseFunction::CubicInOut).showing(Motion::Slide));
                }
            }
            Event::Passed => {}
        }
    }
}

/// A refused move: the counter goes back where it belongs and shakes.
fn refuse_feedback(
    mut refused: MessageReader<Refused>,
    mut commands: Commands,
    layout: Res<BoardLayout>,
    counters: Query<(Entity, &Counter, &Transform)>,
) {
    for Refused { intent, .. } in refused.read() {
        let wanted = match intent {
            Intent::Slide(slide) => CounterAt::Cell(slide.from),
            Intent::Place(_) => CounterAt::Hand,
            _ => continue,
        };
        let Some((entity, counter, transform)) = counters.iter().find(|(_, c, _)| c.at == wanted) else {
            continue;
        };
        let home = match counter.at {
            CounterAt::Cell(cell) => layout.cell_centre(cell).extend(z::COUNTER),
            CounterAt::Hand => BoardLayout::HAND.extend(z::LIFTED),
        };
        if transform.translation.truncate().distance(home.truncate()) > 1.0 {
            commands
                .entity(entity)
                .insert(Tween::new(transform.translation, home, 0.18, EaseFunction::CubicOut));
        }
        commands.entity(entity).insert(Shake::at(home));
    }
}
