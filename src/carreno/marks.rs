//! What is marked on Carreno's board: the last move, the picked-up piece and
//! its legal destinations, the pieces of the person to move that may not
//! move (dimmed, with a small no-entry badge), the pieces in check (ringed
//! red), the keyboard and gamepad cursor, a hint, and at the end the
//! winner's pieces. Legality and check come from the rules crate.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use carreno_rules::{Move, Square};

use super::InCarreno;
use super::board::{CarrenoEntity, CarrenoLayout};
use super::computer::HintRequest;
use super::game::CarrenoMatch;
use super::input::{BoardCursor, BoardInput, Selection};
use crate::carreno::CarrenoScreen;
use crate::table::marks::{MarkSprites, line, tinted};
use crate::table::z;
use crate::ui::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        update_marks
            .run_if(in_state(InCarreno).and_then(resource_exists::<CarrenoMatch>))
            .after(crate::app::AppSet::Sync),
    );
}

/// What is marked, and where.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Mark {
    /// A square the picked-up piece may move to.
    Legal(Square),
    /// The picked-up piece.
    Selected(Square),
    /// A piece of the person to move that may not move.
    Locked(Square),
    /// A piece that puts its side in check.
    Check(Square),
    /// Where the last move started.
    LastFrom(Square),
    /// Where the last move ended.
    LastTo(Square),
    /// The line of the last move.
    LastPath(Square, Square),
    /// The keyboard or gamepad cursor.
    Cursor(Square),
    /// The hinted move's piece.
    HintFrom(Square),
    /// Where the hinted move goes.
    HintTo(Square),
    /// The hinted move's line.
    HintPath(Square, Square),
    /// A piece of the winner.
    Winner(Square),
}

/// What the marks depend on.
#[derive(SystemParam)]
struct MarkInputs<'w, 's> {
    game: Res<'w, CarrenoMatch>,
    selection: Res<'w, Selection>,
    cursor: Res<'w, BoardCursor>,
    hint: Res<'w, HintRequest>,
    screen: Option<Res<'w, State<CarrenoScreen>>>,
    board: BoardInput<'w, 's>,
}

impl MarkInputs<'_, '_> {
    fn marks(&self) -> Vec<Mark> {
        let mut marks = Vec::new();
        let game = &self.game.game;
        let position = game.position();
        if let Some(Move::Slide { from, to }) = game.moves().last().copied() {
            marks.extend([Mark::LastPath(from, to), Mark::LastFrom(from), Mark::LastTo(to)]);
        }
        if !game.is_over() {
            marks.extend(position.checked_pieces().into_iter().map(Mark::Check));
        }
        if self.game.person_to_move() {
            let own = position.pieces(position.to_move());
            marks.extend(
                own.into_iter()
                    .filter(|&s| game.piece_moves(s).is_err())
                    .map(Mark::Locked),
            );
            if let Some(from) = self.selection.picked {
                marks.push(Mark::Selected(from));
                let legal = game.piece_moves(from).unwrap_or_default();
                marks.extend(legal.into_iter().map(Mark::Legal));
            }
            if let Some(hint) = self.hint.for_game(game)
                && let Move::Slide { from, to } = hint.best
            {
                marks.extend([Mark::HintPath(from, to), Mark::HintFrom(from), Mark::HintTo(to)]);
            }
            if self.cursor.visible && self.board.ready().is_some() {
                marks.push(Mark::Cursor(self.cursor.at));
            }
        }
        if self.screen.as_ref().is_some_and(|s| *s.get() == CarrenoScreen::Over)
            && let Some(winner) = game.result().and_then(|r| r.winner())
        {
            marks.extend(position.pieces(winner).into_iter().map(Mark::Winner));
        }
        marks
    }
}

fn update_marks(inputs: MarkInputs, mut sprites: MarkSprites<Mark>) {
    let d = CarrenoLayout::piece_diameter();
    let at = |square: Square, z: f32| CarrenoLayout::square_centre(square).extend(z);
    let sprite = tinted;
    let path = |from: Square, to: Square, colour: Color, width: f32| {
        line(
            CarrenoLayout::square_centre(from),
            CarrenoLayout::square_centre(to),
            colour,
            width,
        )
    };
    let scope = (CarrenoEntity, DespawnOnExit(InCarreno));
    sprites.show(inputs.marks(), scope, |&mark, art, spawn| {
        match mark {
            Mark::Legal(s) => spawn((
                sprite(&art.disc, theme::LEGAL, d * 0.3),
                Transform::from_translation(at(s, z::HIGHLIGHT)),
            )),
            Mark::Selected(s) => spawn((
                sprite(&art.ring, theme::SELECTED, d * 1.24),
                Transform::from_translation(at(s, z::HIGHLIGHT)),
            )),
            Mark::Locked(s) => {
                // The piece dimmed, and a no-entry badge at its upper right.
                spawn((
                    sprite(&art.disc, theme::BACKGROUND.with_alpha(0.5), d * 0.98),
                    Transform::from_translation(at(s, z::OVER_COUNTER)),
                ));
                let badge = at(s, z::OVER_COUNTER + 0.1) + Vec3::new(d * 0.36, d * 0.36, 0.0);
                spawn((
                    sprite(&art.disc, theme::TRAY, d * 0.36),
                    Transform::from_translation(badge),
                ));
                spawn((
                    sprite(&art.ring, theme::LABEL, d * 0.3),
                    Transform::from_translation(badge + Vec3::Z * 0.1),
                ));
                spawn((
                    Sprite::from_color(theme::LABEL, Vec2::new(d * 0.26, d * 0.045)),
                    Transform::from_translation(badge + Vec3::Z * 0.1)
                        .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
                ));
            }
            Mark::Check(s) => {
                spawn((
                    sprite(&art.glow, theme::CHECK.with_alpha(0.55), d * 1.7),
                    Transform::from_translation(at(s, z::HIGHLIGHT - 0.1)),
                ));
                spawn((
                    sprite(&art.outlined_ring, theme::CHECK, d * 1.26),
                    Transform::from_translation(at(s, z::OVER_COUNTER + 0.2)),
                ));
            }
            Mark::LastFrom(s) => spawn((
                sprite(&art.outlined_ring, theme::LAST_MOVE, d * 0.4),
                Transform::from_translation(at(s, z::HIGHLIGHT)),
            )),
            Mark::LastTo(s) => spawn((
                sprite(&art.outlined_ring, theme::LAST_MOVE, d * 1.16),
                Transform::from_translation(at(s, z::OVER_COUNTER)),
            )),
            Mark::LastPath(from, to) => spawn(path(from, to, theme::LAST_MOVE.with_alpha(0.35), d * 0.12)),
            Mark::Cursor(s) => spawn((
                sprite(&art.outlined_ring, theme::CURSOR, d * 1.32),
                Transform::from_translation(at(s, z::TOP)),
            )),
            Mark::HintFrom(s) => spawn((
                sprite(&art.dashed_ring, theme::HINT, d * 1.2),
                Transform::from_translation(at(s, z::TOP - 0.5)),
            )),
            Mark::HintTo(s) => spawn((
                sprite(&art.dashed_ring, theme::HINT, d * 1.0),
                Transform::from_translation(at(s, z::TOP - 0.5)),
            )),
            Mark::HintPath(from, to) => spawn(path(from, to, theme::HINT.with_alpha(0.55), d * 0.1)),
            Mark::Winner(s) => spawn((
                sprite(&art.ring, theme::SELECTED, d * 1.2),
                Transform::from_translation(at(s, z::HIGHLIGHT)),
            )),
        }
    });
}
