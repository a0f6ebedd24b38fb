//! The keyboard and gamepad on Carreno's board: the directions move the
//! cursor ring, Enter or A acts on its square, Esc or B puts a picked-up
//! piece back (else opens the pause menu), P or Y passes, U or Select takes
//! back, H or X asks for a hint, Start opens the pause menu.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use carreno_rules::{Move, SIDE};

use super::{Act, BoardCursor, BoardInput, Outcome, Selection, activate};
use crate::carreno::CarrenoScreen;
use crate::carreno::computer::HintRequest;
use crate::carreno::game::CarrenoCommand;
use crate::ui::menus::MenuKeys;
use crate::ui::navigation::Nav;
use crate::ui::overlays::{Overlay, OverlayCommand};

/// What the playing screen's keys act on besides the board.
#[derive(SystemParam)]
pub(super) struct KeyActions<'w> {
    selection: ResMut<'w, Selection>,
    cursor: ResMut<'w, BoardCursor>,
    hint: ResMut<'w, HintRequest>,
    commands: MessageWriter<'w, CarrenoCommand>,
    overlays: MessageWriter<'w, OverlayCommand>,
}

/// Reads the keys every frame (see [`MenuKeys<CarrenoScreen>`]) and acts on the board while it takes input.
pub(super) fn keys(mut keys: MenuKeys<CarrenoScreen>, board: BoardInput, mut actions: KeyActions, mut act: Act) {
    let keys = keys.for_screen(CarrenoScreen::Playing);
    let ready = board.ready();
    for n in keys {
        match (n, ready) {
            (Nav::Up, Some(_)) => actions.cursor.step(SIDE, 0, 1),
            (Nav::Down, Some(_)) => actions.cursor.step(SIDE, 0, -1),
            (Nav::Left, Some(_)) => actions.cursor.step(SIDE, -1, 0),
            (Nav::Right, Some(_)) => actions.cursor.step(SIDE, 1, 0),
            (Nav::Confirm, Some(game)) => {
                actions.cursor.visible = true;
                let square = actions.cursor.at;
                act.send(activate(&game.game, &mut actions.selection, square));
            }
            (Nav::Back, _) if actions.selection.picked.is_some() => *actions.selection = Selection::default(),
            (Nav::Back | Nav::Pause, _) => {
                actions.overlays.write(OverlayCommand::Open(Overlay::Pause));
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
