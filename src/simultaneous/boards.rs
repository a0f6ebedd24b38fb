//! The two boards in the world, side by side: player 1's on the left,
//! player 2's on the right (each is its owner's, who is Order on it), the
//! drawn counter between them, shown once for both. One entity per square
//! and per counter; the counters follow the rules' events (a placement
//! drops in, a slide glides, a refused move shakes). How they look is
//! [`super::looks`]'s.

use bevy::prelude::*;
use entropy_rules::{Cell, Event, Player, Size};

use super::game::{SimMatch, Simultaneous};
use super::{InSimultaneous, SimScreen};
use crate::app::AppSet;
use crate::table::turn::{Applied, Refused, Undone};
use crate::table::z;
use crate::ui::animation::{Motion, Shake, Tween};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<RebuildSimBoards>()
        .add_systems(OnEnter(SimScreen::Playing), build_boards)
        .add_systems(OnEnter(SimScreen::Replay), build_boards)
        .add_systems(OnExit(InSimultaneous), clear_boards)
        .add_systems(
            Update,
            (follow_moves, rebuild_on_undo, refuse_feedback)
                .chain()
                .run_if(in_state(InSimultaneous).and_then(resource_exists::<SimMatch>))
                .in_set(AppSet::Sync),
        );
}

/// Where the boards stand in the world.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SimLayout {
    /// The board size.
    pub size: Size,
}

impl SimLayout {
    /// Distance between the centres of neighbouring cells.
    pub const PITCH: f32 = 60.0;
    /// Space between the two boards, where the drawn counter shows.
    pub const GAP: f32 = 150.0;

    /// The side of a board's tray.
    pub fn tray(self) -> f32 {
        Self::PITCH * (self.size.n() as f32 + 0.3)
    }

    /// The centre of `owner`'s board.
    pub fn board_centre(self, owner: Player) -> Vec2 {
        let offset = (self.tray() + Self::GAP) / 2.0;
        match owner {
            Player::One => Vec2::new(-offset, 0.0),
            Player::Two => Vec2::new(offset, 0.0),
        }
    }

    /// Where the drawn counter waits: between the boards.
    pub fn hand(self) -> Vec2 {
        Vec2::new(0.0, 0.0)
    }

    /// The part of the world the camera shows: both boards, their titles
    /// and a margin.
    pub fn view(self) -> (Vec2, Vec2) {
        let half = Vec2::new(self.tray() + Self::GAP / 2.0 + 30.0, self.tray() / 2.0 + 70.0);
        (-half, half)
    }

    /// The centre of `cell` on `owner`'s board: row A at the top.
    pub fn cell_centre(self, owner: Player, cell: Cell) -> Vec2 {
        let half = (self.size.n() as f32 - 1.0) / 2.0;
        self.board_centre(owner)
            + Vec2::new(
                (cell.col() as f32 - half) * Self::PITCH,
                (half - cell.row() as f32) * Self::PITCH,
            )
    }

    /// The board and cell under `point`, if any.
    pub fn cell_at(self, point: Vec2) -> Option<(Player, Cell)> {
        Player::BOTH.into_iter().find_map(|owner| {
            let n = self.size.n() as f32;
            let local = (point - self.board_centre(owner)) / Self::PITCH + Vec2::splat(n / 2.0);
            if local.x < 0.0 || local.y < 0.0 || local.x >= n || local.y >= n {
                return None;
            }
            let row = (n - local.y).floor() as usize;
            Cell::new(row, local.x.floor() as usize).map(|cell| (owner, cell))
        })
    }

    /// The diameter of a counter.
    pub fn counter_diameter() -> f32 {
        Self::PITCH * 0.8
    }
}

/// Everything of the boards on screen.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct SimEntity;

/// A square of a board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SimSquare {
    /// Whose board.
    pub owner: Player,
    /// Which cell.
    pub cell: Cell,
}

/// A counter on a board (or, with no cell, the drawn one between them).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimCounter {
    /// Its colour's index.
    pub colour: usize,
    /// Where it stands: a board and cell, or `None` in the hand.
    pub at: Option<(Player, Cell)>,
}

/// A board's tray, and its owner.
#[derive(Component, Debug, Clone, Copy)]
pub struct SimTray(pub Player);

/// A row's letter or a column's letter beside a board.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct SimCoordinate(pub char);

/// A board's title above it ("Ada's board").
#[derive(Component, Debug, Clone, Copy)]
pub struct SimTitle(pub Player);

/// The boards leave with the match.
fn clear_boards(mut commands: Commands, old: Query<Entity, With<SimEntity>>) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
}

/// The boards of the match about to be played, afresh.
fn build_boards(mut commands: Commands, game: Option<Res<SimMatch>>, old: Query<Entity, With<SimEntity>>) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let Some(game) = game else { return };
    let layout = SimLayout { size: game.game.size() };
    for owner in Player::BOTH {
        let centre = layout.board_centre(owner);
        commands.spawn((
            SimEntity,
            SimTray(owner),
            Transform::from_translation(centre.extend(z::TRAY)),
        ));
        commands.spawn((
            SimEntity,
            SimTitle(owner),
            Transform::from_translation((centre + Vec2::new(0.0, layout.tray() / 2.0 + 28.0)).extend(z::TOP)),
        ));
        let n = layout.size.n();
        let edge = layout.tray() / 2.0 + 16.0;
        for i in 0..n {
            let Some(cell) = Cell::new(i, i) else { continue };
            let at = layout.cell_centre(owner, cell);
            // Rows A… down the left side, columns a… under the board.
            commands.spawn((
                SimEntity,
                SimCoordinate((b'A' + i as u8) as char),
                Transform::from_translation(Vec3::new(centre.x - edge, at.y, z::CELL)),
            ));
            commands.spawn((
                SimEntity,
                SimCoordinate((b'a' + i as u8) as char),
                Transform::from_translation(Vec3::new(at.x, centre.y - edge, z::CELL)),
            ));
        }
        for cell in Cell::all(layout.size) {
            commands.spawn((
                SimEntity,
                SimSquare { owner, cell },
                Transform::from_translation(layout.cell_centre(owner, cell).extend(z::CELL)),
            ));
            if let Some(colour) = game.game.board(owner).board().get(cell) {
                spawn_counter(&mut commands, layout, colour.index(), Some((owner, cell)), None);
            }
        }
    }
    if let entropy_rules::Phase::ChaosPlace(colour) = game.game.board(Player::One).phase() {
        spawn_counter(&mut commands, layout, colour.index(), None, None);
    }
}

fn spawn_counter(
    commands: &mut Commands,
    layout: SimLayout,
    colour: usize,
    at: Option<(Player, Cell)>,
    from: Option<Vec2>,
) {
    let rest = match at {
        Some((owner, cell)) => layout.cell_centre(owner, cell),
        None => layout.hand(),
    }
    .extend(z::COUNTER);
    let mut entity = commands.spawn((SimEntity, SimCounter { colour, at }, Transform::from_translation(rest)));
    if let Some(from) = from {
        entity.insert(Tween::new(from.extend(z::LIFTED), rest, 0.25, EaseFunction::CubicOut).showing(Motion::Place));
    }
}

/// The counters follow the rules' events.
fn follow_moves(
    mut applied: MessageReader<Applied<Simultaneous>>,
    game: Res<SimMatch>,
    mut counters: Query<(Entity, &mut SimCounter, &Transform)>,
    mut commands: Commands,
) {
    let layout = SimLayout { size: game.game.size() };
    let mut hand_emptied = false;
    for Applied(event) in applied.read() {
        match event.event {
            Event::Drew(colour) => {
                spawn_counter(
                    &mut commands,
                    layout,
                    colour.index(),
                    None,
                    Some(layout.hand() + Vec2::new(0.0, -80.0)),
                );
            }
            Event::Placed(placement) => {
                let at = (event.board, placement.cell);
                spawn_counter(
                    &mut commands,
                    layout,
                    placement.colour.index(),
                    Some(at),
                    Some(layout.hand()),
                );
                // The drawn counter leaves the hand once both boards have it.
                let both_placed = Player::BOTH.iter().all(|&owner| {
                    game.game.board(owner).board().counters() == game.game.board(owner.other()).board().counters()
                });
                if both_placed && !hand_emptied {
                    hand_emptied = true;
                    for (entity, counter, _) in &counters {
                        if counter.at.is_none() {
                            commands.entity(entity).despawn();
                        }
                    }
                }
            }
            Event::Slid(slide) => {
                for (entity, mut counter, transform) in &mut counters {
                    if counter.at == Some((event.board, slide.from)) {
                        counter.at = Some((event.board, slide.to));
                        let to = layout.cell_centre(event.board, slide.to).extend(z::COUNTER);
                        let duration = Tween::slide_duration(slide.distance());
                        commands.entity(entity).insert(
                            Tween::new(transform.translation, to, duration, EaseFunction::CubicInOut)
                                .showing(Motion::Slide),
                        );
                    }
                }
            }
            Event::Passed => {}
        }
    }
}

/// The boards are to be built again as the rules have them (the match
/// was replaced: a jump in a replay).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RebuildSimBoards;

/// A move taken back, or a jump: the boards are built again as the rules have them.
fn rebuild_on_undo(
    mut undone: MessageReader<Undone<Simultaneous>>,
    mut rebuild: MessageReader<RebuildSimBoards>,
    commands: Commands,
    game: Option<Res<SimMatch>>,
    old: Query<Entity, With<SimEntity>>,
) {
    if undone.read().count() + rebuild.read().count() > 0 {
        build_boards(commands, game, old);
    }
}

/// A refused slide shakes the counter that was to move.
fn refuse_feedback(
    mut refused: MessageReader<Refused<Simultaneous>>,
    counters: Query<(Entity, &SimCounter, &Transform), Without<Shake>>,
    mut commands: Commands,
) {
    for refusal in refused.read() {
        let entropy_rules::Action::Slide(slide) = refusal.attempt.action else {
            continue;
        };
        let board = refusal.attempt.player;
        for (entity, counter, transform) in &counters {
            if counter.at == Some((board, slide.from)) {
                commands.entity(entity).insert(Shake::at(transform.translation));
            }
        }
    }
}
