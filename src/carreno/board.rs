//! The board of Carreno's game in the world: its geometry
//! ([`CarrenoLayout`]), one entity per square, per piece, for the tray and
//! for each coordinate, and the pieces' motion as the rules' events say: a
//! move slides its piece along its line, a move taken back slides it home,
//! a refused move shakes it. How they look is [`super::looks`]'s.

use bevy::prelude::*;
use carreno_rules::{Move, SIDE, Side, Square};

use super::InCarreno;
use super::game::{Applied, Carreno, CarrenoMatch, Refused, Undone};
use crate::app::AppSet;
use crate::carreno::CarrenoScreen;
use crate::table::z;
use crate::ui::animation::{Motion, Shake, Tween};
use crate::ui::camera::WorldView;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(CarrenoScreen::Playing), build_board)
        .add_systems(
            Update,
            (follow_moves, follow_undos, refuse_feedback)
                .chain()
                .run_if(in_state(InCarreno))
                .in_set(AppSet::Sync),
        );
}

/// Where the board stands in the world: centred in the camera's view, with
/// room around it for the coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CarrenoLayout;

impl CarrenoLayout {
    /// Distance between the centres of neighbouring squares.
    pub const PITCH: f32 = 112.0;

    /// The centre of the board: the centre of the world camera's view.
    pub fn centre() -> Vec2 {
        WorldView::WIDE.centre()
    }

    /// The part of the world the camera shows of Carreno's board: the
    /// board, its coordinates and a margin, as a square.
    pub fn view() -> (Vec2, Vec2) {
        let half = Vec2::splat(Self::tray() / 2.0 + 52.0);
        (Self::centre() - half, Self::centre() + half)
    }

    /// The side of the tray under the squares.
    pub fn tray() -> f32 {
        Self::PITCH * (SIDE as f32 + 0.3)
    }

    /// The diameter of a piece.
    pub fn piece_diameter() -> f32 {
        Self::PITCH * 0.78
    }

    /// The centre of `square`: column a on the left, row 5 at the top.
    pub fn square_centre(square: Square) -> Vec2 {
        let half = (SIDE as f32 - 1.0) / 2.0;
        Self::centre()
            + Vec2::new(
                (square.file() as f32 - half) * Self::PITCH,
                (square.rank() as f32 - half) * Self::PITCH,
            )
    }

    /// The square under `point`, if any.
    pub fn square_at(point: Vec2) -> Option<Square> {
        let local = (point - Self::centre()) / Self::PITCH + Vec2::splat(SIDE as f32 / 2.0);
        if local.x < 0.0 || local.y < 0.0 {
            return None;
        }
        Square::new(local.x.floor() as usize, local.y.floor() as usize)
    }

    /// Where a piece at rest on `square` stands.
    pub fn rest(square: Square) -> Vec3 {
        Self::square_centre(square).extend(z::COUNTER)
    }

    /// How long a piece takes to move `squares` squares: a quarter of a
    /// second for one, two fifths of a second across the board.
    pub fn move_duration(squares: usize) -> f32 {
        (0.19 + 0.05 * squares as f32).clamp(0.25, 0.4)
    }
}

/// Everything of the board on screen.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct CarrenoEntity;

/// A square of the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardSquare(pub Square);

/// A piece, and the square it stands on.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Its side.
    pub side: Side,
    /// Where it stands.
    pub at: Square,
}

/// The tray under the squares.
#[derive(Component, Debug, Clone, Copy, Default)]
pub struct Tray;

/// A row's digit or a column's letter beside the board.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Coordinate(pub char);

/// Builds the board of the game about to be played, afresh.
fn build_board(mut commands: Commands, game: Option<Res<CarrenoMatch>>, old: Query<Entity, With<CarrenoEntity>>) {
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let Some(game) = game else { return };
    let scoped = || (CarrenoEntity, DespawnOnExit(InCarreno));
    commands.spawn((
        Name::new("carreno tray"),
        scoped(),
        Tray,
        Transform::from_translation(CarrenoLayout::centre().extend(z::TRAY)),
        Visibility::default(),
    ));
    let edge = CarrenoLayout::tray() / 2.0;
    for square in Square::all() {
        commands.spawn((
            Name::new(format!("square {square}")),
            scoped(),
            BoardSquare(square),
            Transform::from_translation(CarrenoLayout::square_centre(square).extend(z::CELL)),
            Visibility::default(),
        ));
        // Row digits on the left, column letters along the bottom.
        let centre = CarrenoLayout::square_centre(square);
        let labels = [
            (
                square.file() == 0,
                square.rank_char(),
                Vec2::new(CarrenoLayout::centre().x - edge - 20.0, centre.y),
            ),
            (
                square.rank() == 0,
                square.file_char(),
                Vec2::new(centre.x, CarrenoLayout::centre().y - edge - 20.0),
            ),
        ];
        for (shown, label, at) in labels {
            if shown {
                commands.spawn((
                    scoped(),
                    Coordinate(label),
                    Transform::from_translation(at.extend(z::CELL)),
                    Visibility::default(),
                ));
            }
        }
    }
    let board = game.game.position().board();
    for side in Side::ALL {
        for square in board.pieces(side) {
            commands.spawn((
                Name::new(format!("{side} piece")),
                scoped(),
                Piece { side, at: square },
                Transform::from_translation(CarrenoLayout::rest(square)),
                Visibility::default(),
            ));
        }
    }
}

/// A move slides its piece from its square to the new one, along its line.
fn follow_moves(
    mut applied: MessageReader<Applied<Carreno>>,
    mut pieces: Query<(Entity, &mut Piece, &Transform)>,
    mut commands: Commands,
) {
    for Applied(event) in applied.read() {
        if let Move::Slide { from, to } = event.mv {
            slide(&mut pieces, &mut commands, from, to);
        }
    }
}

/// A move taken back slides its piece home.
fn follow_undos(
    mut undone: MessageReader<Undone<Carreno>>,
    mut pieces: Query<(Entity, &mut Piece, &Transform)>,
    mut commands: Commands,
) {
    for Undone(mv) in undone.read() {
        if let Move::Slide { from, to } = *mv {
            slide(&mut pieces, &mut commands, to, from);
        }
    }
}

fn slide(pieces: &mut Query<(Entity, &mut Piece, &Transform)>, commands: &mut Commands, from: Square, to: Square) {
    let Some((entity, mut piece, transform)) = pieces.iter_mut().find(|(_, p, _)| p.at == from) else {
        return;
    };
    piece.at = to;
    let squares = from.line_to(to).map_or(1, |(_, n)| n);
    // A piece dropped by the pointer starts from where it was let go.
    let start = transform.translation.with_z(z::LIFTED);
    let end = CarrenoLayout::rest(to);
    commands.entity(entity).remove::<Shake>().insert(
        Tween::new(
            start,
            end,
            CarrenoLayout::move_duration(squares),
            EaseFunction::CubicInOut,
        )
        .showing(Motion::Slide),
    );
}

/// A refused move or pick-up: the piece goes home if it was dragged away, and shakes.
fn refuse_feedback(
    mut refused: MessageReader<Refused<Carreno>>,
    pieces: Query<(Entity, &Piece, &Transform)>,
    mut commands: Commands,
) {
    for refusal in refused.read() {
        let Some(square) = refusal.attempt.piece() else {
            continue;
        };
        let Some((entity, piece, transform)) = pieces.iter().find(|(_, p, _)| p.at == square) else {
            continue;
        };
        let home = CarrenoLayout::rest(piece.at);
        if transform.translation.truncate().distance(home.truncate()) > 1.0 {
            commands
                .entity(entity)
                .insert(Tween::new(transform.translation, home, 0.18, EaseFunction::CubicOut));
        }
        commands.entity(entity).insert(Shake::at(home));
    }
}
