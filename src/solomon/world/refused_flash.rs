//! A refused move flashes its cell red (the flash itself, and its fading,
//! are the table's: [`crate::table::squares`]).

use bevy::prelude::*;

use super::pieces::BoardCell;
use crate::solomon::game::{Refused, Solomon};
use crate::table::squares::RefusedFlash;

/// A refused move flashes its cell.
pub(super) fn flash_refusals(
    mut refused: MessageReader<Refused<Solomon>>,
    mut commands: Commands,
    cells: Query<(Entity, &BoardCell)>,
) {
    for r in refused.read() {
        let target = match r.attempt {
            entropy_rules::Action::Place(cell) => Some(cell),
            entropy_rules::Action::Slide(slide) => Some(slide.to),
            _ => None,
        };
        if let Some((entity, _)) = cells.iter().find(|(_, c)| Some(c.0) == target) {
            commands.entity(entity).insert(RefusedFlash::default());
        }
    }
}
