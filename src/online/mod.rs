//! Playing a person on another machine, through a server (`entropy-server`):
//! the network's thread ([`net`]), the session ([`session`]), the lobby
//! ([`lobby`]), the games followed ([`games`]), and the screens to sign in
//! and meet in the lobby ([`screens`]). A game itself is played in the room
//! that plays its format, which opens it when told ([`games::OpenOnlineGame`])
//! and sends its player's moves with [`net::Net`]: this floor names no
//! game's room.
//!
//! ```text
//! title: Play online -> SignIn -> Lobby -> (a game starts) -> the room that plays it
//!                                  Lobby <-> Games (My games) -> the room that plays it
//! ```

use bevy::prelude::*;

use crate::app::screen::{GameId, GameScreens, Screen};

pub mod archive;
pub mod card;
pub mod ending;
pub mod follower;
pub mod games;
pub mod lobby;
pub mod net;
pub mod screens;
pub mod session;
pub mod table;

pub(crate) fn plugin(app: &mut App) {
    app.add_sub_state::<OnlineScreen>().add_plugins((
        archive::plugin,
        session::plugin,
        lobby::plugin,
        games::plugin,
        table::plugin,
        screens::plugin,
    ));
}

/// Playing online, when it is on.
pub const ONLINE: GameId = GameId("online");

/// The screen of online play the player is on.
///
/// ```text
/// SignIn -> Lobby -> (a game) ; Lobby <-> Games -> (a game) ; Lobby -> SignIn (sign out)
/// ```
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game(ONLINE))]
pub enum OnlineScreen {
    /// The server's address, a name and a password: sign in or register.
    #[default]
    SignIn,
    /// Seeks, challenges, players online and games under way.
    Lobby,
    /// This player's games under way ("My games"), those waiting for
    /// their move first.
    Games,
}

impl GameScreens for OnlineScreen {
    const GAME: GameId = ONLINE;
}

/// Moves to one of online play's screens, or back to the title.
pub type NextScreen<'w> = crate::app::screen::NextScreen<'w, OnlineScreen>;
