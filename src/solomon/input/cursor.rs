//! The keyboard and gamepad cursor on the board: the directions of [`Nav`]
//! move it (a held direction repeats), confirm acts on its cell.

use bevy::prelude::*;

use crate::app::AppSet;
use crate::solomon::game::{Intent, Solomon};
use crate::solomon::input::{BoardCursor, BoardInput, Held, activate};
use crate::solomon::screen::SolomonScreen;
use crate::ui::menus::MenuKeys;
use crate::ui::navigation::Nav;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        cursor_input
            .after(crate::ui::navigation::ReadDevices)
            .in_set(AppSet::Input),
    );
}

/// Reads the keys every frame (see [`MenuKeys<SolomonScreen>`]) and acts while the board takes input.
fn cursor_input(
    mut keys: MenuKeys<SolomonScreen>,
    board: BoardInput,
    mut held: ResMut<Held>,
    mut cursor: ResMut<BoardCursor>,
    mut intents: MessageWriter<Intent<Solomon>>,
) {
    let keys = keys.for_screen(SolomonScreen::Playing);
    let Some(game) = board.ready() else { return };
    let size = game.round().size();
    for n in keys {
        match n {
            Nav::Up => cursor.step(size.n(), 0, 1),
            Nav::Down => cursor.step(size.n(), 0, -1),
            Nav::Left => cursor.step(size.n(), -1, 0),
            Nav::Right => cursor.step(size.n(), 1, 0),
            Nav::Confirm => {
                cursor.visible = true;
                if let Some(intent) = activate(game.round().position(), &mut held, cursor.at) {
                    intents.write(intent);
                }
            }
            _ => {}
        }
    }
}
