//! What is marked on the board: the last move (whoever made it), the
//! picked-up counter and where it may go, Chaos's counter under the pointer
//! as a ghost, the keyboard and gamepad cursor, a hint, and the move of the
//! move list under the pointer or focus. Each has a look of its own that
//! shows on every counter colour.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use entropy_rules::{Cell, Colour, OrderMove, Phase, Turn};

use super::BoardEntity;
use super::layout::BoardLayout;
use crate::app::prefs::Settings;
use crate::solomon::computer::HintRequest;
use crate::solomon::game::CurrentMatch;
use crate::solomon::input::Pointing;
use crate::solomon::phase::{CurrentPhase, TurnPhase};
use crate::solomon::screen::InMatch;
use crate::solomon::screen::SolomonScreen;
use crate::table::marks::{MarkSprites, line, tinted};
use crate::table::z;
use crate::ui::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        update_marks
            .run_if(resource_exists::<CurrentMatch>)
            .after(crate::app::AppSet::Sync),
    );
}

/// Which move of the round's list is shown on the board (under the pointer
/// or browsed with the keys), by its index in the round's turns.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ShownMove(pub Option<usize>);

/// A move the computer suggests in a review (shown like a hint).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Suggested(pub Option<entropy_rules::Move>);

/// What is marked, and where.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Mark {
    /// A cell the picked-up counter may slide to.
    Legal(Cell),
    /// The picked-up counter.
    Selected(Cell),
    /// Where the last counter was placed, or where the last slide ended.
    LastTo(Cell),
    /// Where the last slide started.
    LastFrom(Cell),
    /// The path of the last slide.
    LastPath(Cell, Cell),
    /// The keyboard or gamepad cursor.
    Cursor(Cell),
    /// Chaos's counter, where it would go.
    Ghost(Cell, Colour),
    /// The hinted slide's counter and where it goes.
    HintFrom(Cell),
    /// Where the hinted slide goes.
    HintTo(Cell),
    /// The hinted slide's path.
    HintPath(Cell, Cell),
}

/// The marks of the last move of `turn` (its reply if it has one, else its placement).
fn last_move_marks(turn: &Turn, marks: &mut Vec<Mark>) {
    match turn.reply {
        Some(OrderMove::Slide(slide)) => {
            marks.push(Mark::LastPath(slide.from, slide.to));
            marks.push(Mark::LastFrom(slide.from));
            marks.push(Mark::LastTo(slide.to));
        }
        Some(OrderMove::Pass) | None => marks.push(Mark::LastTo(turn.placement.cell)),
    }
}

/// What the marks depend on.
#[derive(SystemParam)]
struct MarkInputs<'w> {
    game: Res<'w, CurrentMatch>,
    pointing: Pointing<'w>,
    settings: Res<'w, Settings>,
    hint: Res<'w, HintRequest>,
    shown_move: Res<'w, ShownMove>,
    suggested: Res<'w, Suggested>,
    phase: CurrentPhase<'w>,
    screen: Option<Res<'w, State<SolomonScreen>>>,
}

impl MarkInputs<'_> {
    fn marks(&self) -> Vec<Mark> {
        let mut marks = Vec::new();
        let round = self.game.round();
        let position = round.position();
        let phase = self.phase.get();
        let playing = matches!(
            phase,
            Some(TurnPhase::Placing | TurnPhase::Sliding | TurnPhase::Drawing)
        ) || self.screen.as_ref().is_some_and(|s| *s.get() == SolomonScreen::Replay);
        if let Some(turn) = self.shown_move.0.and_then(|i| round.turns().get(i)) {
            last_move_marks(turn, &mut marks);
        } else if playing && let Some(turn) = round.turns().last() {
            last_move_marks(turn, &mut marks);
        }
        let person = self.game.person_to_move();
        if let Some(from) = self.pointing.held.picked.filter(|_| person) {
            marks.push(Mark::Selected(from));
            if self.settings.show_destinations {
                marks.extend(position.slide_targets(from).into_iter().map(Mark::Legal));
            }
        }
        if let (Phase::ChaosPlace(colour), true) = (position.phase(), person) {
            let target = if self.pointing.cursor.visible {
                Some(self.pointing.cursor.at)
            } else {
                self.pointing.hovered.0
            };
            if let Some(cell) = target.filter(|&c| position.board().is_vacant(c)) {
                marks.push(Mark::Ghost(cell, colour));
            }
        }
        let hinted = self.hint.for_position(position).map(|h| h.best);
        match hinted.or(self.suggested.0) {
            Some(entropy_rules::Move::Order(OrderMove::Slide(slide))) => {
                marks.push(Mark::HintPath(slide.from, slide.to));
                marks.push(Mark::HintFrom(slide.from));
                marks.push(Mark::HintTo(slide.to));
            }
            Some(entropy_rules::Move::Place(placement)) => marks.push(Mark::HintTo(placement.cell)),
            _ => {}
        }
        if self.pointing.cursor.visible && person && matches!(phase, Some(TurnPhase::Placing | TurnPhase::Sliding)) {
            marks.push(Mark::Cursor(self.pointing.cursor.at));
        }
        marks
    }
}

fn update_marks(inputs: MarkInputs, layout: Res<BoardLayout>, mut sprites: MarkSprites<Mark>) {
    let d = layout.counter_diameter();
    let at = |cell: Cell, z: f32| layout.cell_centre(cell).extend(z);
    let ring = |image: &Handle<Image>, colour: Color, size: f32, cell: Cell, z: f32| {
        (tinted(image, colour, size), Transform::from_translation(at(cell, z)))
    };
    let path = |from: Cell, to: Cell, colour: Color, width: f32| {
        line(layout.cell_centre(from), layout.cell_centre(to), colour, width)
    };
    let scope = (BoardEntity, DespawnOnExit(InMatch));
    sprites.show(inputs.marks(), scope, |&mark, art, spawn| {
        let sprite = match mark {
            Mark::Legal(cell) => ring(&art.ring, theme::LEGAL, d * 0.42, cell, z::HIGHLIGHT),
            Mark::Selected(cell) => ring(&art.ring, theme::SELECTED, d * 1.22, cell, z::HIGHLIGHT),
            Mark::LastTo(cell) => ring(&art.outlined_ring, theme::LAST_MOVE, d * 1.16, cell, z::OVER_COUNTER),
            Mark::LastFrom(cell) => ring(&art.outlined_ring, theme::LAST_MOVE, d * 0.4, cell, z::HIGHLIGHT),
            Mark::LastPath(from, to) => path(from, to, theme::LAST_MOVE.with_alpha(0.35), d * 0.12),
            Mark::Cursor(cell) => ring(&art.outlined_ring, theme::CURSOR, d * 1.3, cell, z::TOP),
            Mark::Ghost(cell, colour) => {
                spawn(ring(
                    &art.dashed_ring,
                    Color::WHITE.with_alpha(0.8),
                    d * 1.02,
                    cell,
                    z::HIGHLIGHT + 0.1,
                ));
                ring(
                    &art.disc,
                    theme::counter_colour(colour.index()).with_alpha(0.42),
                    d * 0.92,
                    cell,
                    z::HIGHLIGHT,
                )
            }
            Mark::HintFrom(cell) => ring(&art.dashed_ring, theme::HINT, d * 1.2, cell, z::TOP - 0.5),
            Mark::HintTo(cell) => ring(&art.dashed_ring, theme::HINT, d * 1.0, cell, z::TOP - 0.5),
            Mark::HintPath(from, to) => path(from, to, theme::HINT.with_alpha(0.55), d * 0.1),
        };
        spawn(sprite);
    });
}
