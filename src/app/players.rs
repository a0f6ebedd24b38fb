//! The names the people at this screen typed, for every game.

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PlayerNames>();
}

/// The names typed for player 1 and player 2 (empty when none was typed).
/// A game's setup writes them; every game names its people by them.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct PlayerNames(pub [String; 2]);
