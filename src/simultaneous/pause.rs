//! The pause menu of the simultaneous match (Esc, Start, or the panel's
//! Leave), in the one pause menu of every game ([`crate::ui::pause`]).

use bevy::prelude::*;

use super::game::SimCommand;
use crate::app::screen::Screen;
use crate::ui::pause::{Entry, PausedGame, menu};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(menu::<SimPause>);
}

/// The simultaneous match's pause menu.
pub struct SimPause;

impl PausedGame for SimPause {
    fn shown(screen: &Screen) -> bool {
        *screen == Screen::Game(super::SIMULTANEOUS)
    }
    const ID: &'static str = "simultaneous pause";
    const NOTE: &'static str = "The match is saved after every move: continue it from its setup.";
    const ENTRIES: [(Entry, &'static str); 4] = [
        (Entry::Resume, "Resume"),
        (Entry::HowToPlay, "How to play"),
        (Entry::Settings, "Settings"),
        (Entry::Leave, "Leave match"),
    ];
    type Leave = SimCommand;
    fn leave() -> SimCommand {
        SimCommand::ToTitle
    }
}
