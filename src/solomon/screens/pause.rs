//! The pause menu of Solomon's game, in the one pause menu of both games
//! ([`crate::ui::pause`]): Resume, Settings, How to play and Leave match.

use bevy::prelude::*;

use crate::app::screen::Screen;
use crate::solomon::game::SolomonCommand;
use crate::solomon::screen::SOLOMON;
use crate::ui::pause::{Entry, PausedGame, menu};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(menu::<SolomonPause>);
}

/// Solomon's pause menu. The match is saved after every move, so leaving
/// loses nothing: the title offers Continue.
pub struct SolomonPause;

impl PausedGame for SolomonPause {
    fn shown(screen: &Screen) -> bool {
        *screen == Screen::Game(SOLOMON)
    }
    const ID: &'static str = "pause";
    const NOTE: &'static str = "The match is saved after every move.";
    const ENTRIES: [(Entry, &'static str); 4] = [
        (Entry::Resume, "Resume"),
        (Entry::Settings, "Settings"),
        (Entry::HowToPlay, "How to play"),
        (Entry::Leave, "Leave match"),
    ];
    type Leave = SolomonCommand;
    fn leave() -> SolomonCommand {
        SolomonCommand::ToTitle
    }
}
