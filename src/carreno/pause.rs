//! The pause menu of Carreno's game (Esc, Start, or the panel's Leave), in
//! the one pause menu of both games ([`crate::ui::pause`]): Resume,
//! How to play, Settings and Leave game. The game is not kept, so the
//! panel's Leave opens this menu with Leave game focused: one more Enter
//! or click leaves.

use bevy::prelude::*;

use super::game::CarrenoCommand;
use crate::app::screen::Screen;
use crate::ui::pause::{Entry, PausedGame, menu};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(menu::<CarrenoPause>);
}

/// Carreno's pause menu.
pub struct CarrenoPause;

impl PausedGame for CarrenoPause {
    fn shown(screen: &Screen) -> bool {
        *screen == Screen::Game(super::CARRENO)
    }
    const ID: &'static str = "carreno pause";
    const NOTE: &'static str = "Leaving ends this game.";
    const ENTRIES: [(Entry, &'static str); 4] = [
        (Entry::Resume, "Resume"),
        (Entry::HowToPlay, "How to play"),
        (Entry::Settings, "Settings"),
        (Entry::Leave, "Leave game"),
    ];
    type Leave = CarrenoCommand;
    fn leave() -> CarrenoCommand {
        CarrenoCommand::ToTitle
    }
}
