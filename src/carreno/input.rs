//! The board's input in Carreno's game: the mouse and the keyboard and
//! gamepad cursor become [`CarrenoIntent`]s. Picking a piece up and putting
//! it down are not moves, so they change only [`Selection`]; picking up a
//! piece the rules say may not move is refused with their reason.
//!
//! - Mouse: click a piece then its destination, or drag it there. Clicking
//!   the picked-up piece again, or off the board, puts it back.
//! - Keyboard and gamepad: the directions move a cursor ring, Enter or A
//!   picks up or puts down, Esc or B puts a picked-up piece back (else opens
//!   the pause menu), P or Y passes, U or Select takes back, H or X asks for
//!   a hint, Start opens the pause menu.
//!
//! The board takes input only while a person is to move, no dialog is open
//! and nothing moves.

use bevy::ecs::system::SystemParam;
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use carreno_rules::{Game, Move, Side, Square};

use super::InCarreno;
use super::board::{CarrenoLayout, Piece};
use super::computer::HintRequest;
use super::game::{Attempt, CarrenoCommand, CarrenoIntent, CarrenoMatch, CarrenoRefused, CarrenoUndone};
use crate::AppSet;
use crate::animation::{Shake, Tween};
use crate::camera::WorldCamera;
use crate::input::pointer::pointer_world;
use crate::navigation::Nav;
use crate::screens::{MenuKeys, Overlay, OverlayCommand, Overlays, Screen};
use crate::world::z;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .init_resource::<Selection>()
        .init_resource::<BoardCursor>()
        .add_systems(OnEnter(Screen::Carreno), reset)
        .add_systems(
            Update,
            (
                keys.after(crate::navigation::ReadDevices),
                hide_cursor_on_move,
                mouse_input.run_if(board_takes_input),
                forget_selection,
            )
                .chain()
                .in_set(AppSet::Input),
        )
        .add_systems(
            Update,
            follow_pointer
                .run_if(in_state(InCarreno))
                .after(AppSet::Sync)
                .before(AppSet::Animate),
        );
}

/// The square under the mouse pointer (set by the squares' picking observers).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hovered(pub Option<Square>);

/// The piece picked up, and how.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct Selection {
    /// The square of the picked-up piece.
    pub square: Option<Square>,
    /// Whether it follows the pointer.
    pub dragging: bool,
    /// Where the mouse button went down (square and world point).
    press: Option<(Square, Vec2)>,
    /// The piece was picked up by this very press (so its release keeps it).
    fresh: bool,
}

/// The keyboard and gamepad cursor.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCursor {
    /// The square it is on.
    pub square: Square,
    /// Shown after a key or button was used, hidden when the mouse moves.
    pub visible: bool,
}

impl Default for BoardCursor {
    fn default() -> Self {
        BoardCursor {
            square: Square::new(2, 0).unwrap_or(Square::A1),
            visible: false,
        }
    }
}

impl BoardCursor {
    /// Moves the cursor by columns and rows (up is towards row 5), staying on the board.
    pub fn step(&mut self, files: i32, ranks: i32) {
        let file = (self.square.file() as i32 + files).clamp(0, 4) as usize;
        let rank = (self.square.rank() as i32 + ranks).clamp(0, 4) as usize;
        if let Some(square) = Square::new(file, rank) {
            self.square = square;
        }
        self.visible = true;
    }
}

/// Whether the board takes a person's input now: a person is to move, no
/// dialog is open and nothing moves.
#[derive(SystemParam)]
pub struct BoardInput<'w, 's> {
    game: Option<Res<'w, CarrenoMatch>>,
    screen: Res<'w, State<Screen>>,
    overlays: Res<'w, Overlays>,
    tweens: Query<'w, 's, &'static Tween>,
}

impl BoardInput<'_, '_> {
    /// The game, when the board takes input.
    pub fn ready(&self) -> Option<&CarrenoMatch> {
        let game = self.game.as_deref()?;
        let ready = *self.screen.get() == Screen::Carreno
            && game.person_to_move()
            && self.overlays.is_empty()
            && !crate::animation::blocks_input(&self.tweens);
        ready.then_some(game)
    }
}

/// Run condition: the board takes a person's input now.
pub fn board_takes_input(input: BoardInput) -> bool {
    input.ready().is_some()
}

/// What acting on a square asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A move, for the rules to judge.
    Intent(Move),
    /// A piece that may not be picked up, with the rules' reason.
    Refused(CarrenoRefused),
}

/// What acting on `square` (a click, Enter, the A button) asks for, given
/// the piece picked up: a piece is picked up when the rules give it moves,
/// else refused with their reason; with a piece picked up, any other
/// square is a move for the rules to judge.
pub fn activate(game: &Game, selection: &mut Selection, square: Square) -> Option<Outcome> {
    let mover = game.to_move();
    let owner = game.position().board().side_at(square);
    match (selection.square, owner) {
        (Some(from), _) if from == square => {
            selection.square = None;
            None
        }
        (Some(_), Some(side)) if side == mover => pick_up(game, selection, square),
        (Some(from), _) => {
            selection.square = None;
            Some(Outcome::Intent(Move::slide(from, square)))
        }
        (None, Some(_)) => pick_up(game, selection, square),
        (None, None) => None,
    }
}

/// Picks up the piece on `square` if the rules give it moves, else says why not.
fn pick_up(game: &Game, selection: &mut Selection, square: Square) -> Option<Outcome> {
    match game.piece_moves(square) {
        Ok(_) => {
            selection.square = Some(square);
            None
        }
        Err(error) => {
            selection.square = None;
            Some(Outcome::Refused(CarrenoRefused {
                attempt: Attempt::PickUp(square),
                error,
            }))
        }
    }
}

/// Where acting sends what it asks for.
#[derive(SystemParam)]
pub struct Act<'w> {
    intents: MessageWriter<'w, CarrenoIntent>,
    refused: MessageWriter<'w, CarrenoRefused>,
}

impl Act<'_> {
    fn send(&mut self, outcome: Option<Outcome>) {
        match outcome {
            Some(Outcome::Intent(mv)) => {
                self.intents.write(CarrenoIntent(mv));
            }
            Some(Outcome::Refused(refusal)) => {
                self.refused.write(refusal);
            }
            None => {}
        }
    }
}

/// A new game: nothing picked up, the cursor on the first person's back row.
fn reset(
    mut selection: ResMut<Selection>,
    mut hovered: ResMut<Hovered>,
    mut cursor: ResMut<BoardCursor>,
    game: Option<Res<CarrenoMatch>>,
) {
    *selection = Selection::default();
    hovered.0 = None;
    let side = game
        .and_then(|g| Side::ALL.into_iter().rev().find(|&s| g.seat(s) == super::Seat::Person))
        .unwrap_or(Side::O);
    let rank = if side == Side::O { 0 } else { 4 };
    cursor.square = Square::new(2, rank).unwrap_or(Square::A1);
    cursor.visible = false;
}

/// What the playing screen's keys act on besides the board.
#[derive(SystemParam)]
struct KeyActions<'w> {
    selection: ResMut<'w, Selection>,
    cursor: ResMut<'w, BoardCursor>,
    hint: ResMut<'w, HintRequest>,
    commands: MessageWriter<'w, CarrenoCommand>,
    overlays: MessageWriter<'w, OverlayCommand>,
}

/// Reads the keys every frame (see [`MenuKeys`]) and acts on the board while it takes input.
fn keys(mut keys: MenuKeys, board: BoardInput, mut actions: KeyActions, mut act: Act) {
    let keys = keys.for_screen(Screen::Carreno);
    let ready = board.ready();
    for n in keys {
        match (n, ready) {
            (Nav::Up, Some(_)) => actions.cursor.step(0, 1),
            (Nav::Down, Some(_)) => actions.cursor.step(0, -1),
            (Nav::Left, Some(_)) => actions.cursor.step(-1, 0),
            (Nav::Right, Some(_)) => actions.cursor.step(1, 0),
            (Nav::Confirm, Some(game)) => {
                actions.cursor.visible = true;
                let square = actions.cursor.square;
                act.send(activate(&game.game, &mut actions.selection, square));
            }
            (Nav::Back, _) if actions.selection.square.is_some() => *actions.selection = Selection::default(),
            (Nav::Back | Nav::Pause, _) => {
                actions.overlays.write(OverlayCommand::Open(Overlay::CarrenoPause));
            }
            (Nav::Pass, Some(_)) => {
                *actions.selection = Selection::default();
                act.send(Some(Outcome::Intent(Move::Pass)));
            }
            (Nav::Undo, Some(game)) if game.undo_allowed() => {
                *actions.selection = Selection::default();
                actions.commands.write(CarrenoCommand::Undo);
            }
            (Nav::Hint, Some(_)) => actions.hint.wanted = true,
            _ => {}
        }
    }
}

fn hide_cursor_on_move(mut moved: MessageReader<CursorMoved>, mut cursor: ResMut<BoardCursor>) {
    if moved.read().count() > 0 && cursor.visible {
        cursor.visible = false;
    }
}

/// How far the pointer must move with the button down before a press becomes a drag.
const DRAG_THRESHOLD: f32 = 6.0;

/// Where the mouse is.
#[derive(SystemParam)]
struct Mouse<'w, 's> {
    buttons: Res<'w, ButtonInput<MouseButton>>,
    hovered: Res<'w, Hovered>,
    pointers: Query<'w, 's, (&'static PointerId, &'static PointerLocation)>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<WorldCamera>>,
}

fn mouse_input(mouse: Mouse, board: BoardInput, mut selection: ResMut<Selection>, mut act: Act) {
    let Some(game) = board.ready() else { return };
    let point = pointer_world(&mouse.pointers, &mouse.camera);
    let hovered = mouse.hovered.0;
    if mouse.buttons.just_pressed(MouseButton::Left) {
        match (hovered, point) {
            (Some(square), Some(point)) => {
                selection.press = Some((square, point));
                let before = selection.square;
                let outcome = activate(&game.game, &mut selection, square);
                if outcome.is_some() {
                    act.send(outcome);
                } else if before == Some(square) {
                    // A second press on the picked-up piece: decide on release
                    // (a click puts it down, a drag takes it somewhere).
                    selection.square = Some(square);
                    selection.fresh = false;
                } else {
                    selection.fresh = selection.square == Some(square);
                }
            }
            _ => *selection = Selection::default(),
        }
    }
    if mouse.buttons.pressed(MouseButton::Left)
        && let (Some(square), Some((pressed, at)), Some(point)) = (selection.square, selection.press, point)
        && square == pressed
        && !selection.dragging
        && point.distance(at) > DRAG_THRESHOLD
    {
        selection.dragging = true;
    }
    if mouse.buttons.just_released(MouseButton::Left) {
        let pressed = selection.press.take().map(|(square, _)| square);
        if selection.dragging {
            let from = selection.square;
            *selection = Selection::default();
            if let (Some(from), Some(to)) = (from, hovered)
                && from != to
            {
                act.send(Some(Outcome::Intent(Move::slide(from, to))));
            }
        } else if pressed.is_some() && pressed == selection.square && !selection.fresh {
            selection.square = None;
        }
        selection.fresh = false;
    }
}

/// A selection the game no longer allows (a move taken back, the turn passed
/// to the computer) is put down.
fn forget_selection(
    game: Option<Res<CarrenoMatch>>,
    mut undone: MessageReader<CarrenoUndone>,
    mut selection: ResMut<Selection>,
) {
    let stale = match &game {
        Some(game) => !game.person_to_move() || undone.read().count() > 0,
        None => true,
    };
    if stale && *selection != Selection::default() {
        *selection = Selection::default();
    }
}

/// Pieces neither sliding nor shaking.
type NotMoving = (Without<Tween>, Without<Shake>);

/// A dragged piece follows the pointer; a released one goes home.
fn follow_pointer(
    selection: Res<Selection>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    camera: Query<(&Camera, &GlobalTransform), With<WorldCamera>>,
    mut pieces: Query<(Entity, &Piece, &mut Transform), NotMoving>,
    mut commands: Commands,
) {
    let point = pointer_world(&pointers, &camera);
    for (entity, piece, mut transform) in &mut pieces {
        let home = CarrenoLayout::rest(piece.at);
        if selection.dragging && selection.square == Some(piece.at) {
            if let Some(point) = point {
                transform.translation = point.extend(z::LIFTED);
            }
        } else if transform.translation.truncate().distance(home.truncate()) > 0.5 {
            commands
                .entity(entity)
                .insert(Tween::new(transform.translation, home, 0.16, EaseFunction::CubicOut));
        }
    }
}
