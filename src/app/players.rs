//! The names the people at this screen typed, for every game.

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PlayerNames>();
}

/// The names typed for player 1 and player 2 (empty when none was typed).
/// A game's setup writes them; every game names its people by them.
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct PlayerNames(pub [String; 2]);

/// A name's possessive as it opens a title or a sentence: "Your" for the
/// person spoken to ("You"), else the name and 's ("Ada's", "Medium's").
///
/// ```
/// use entropy::app::players::{possessive, possessive_within};
///
/// assert_eq!(format!("{} board", possessive("You")), "Your board");
/// assert_eq!(format!("{} board", possessive("Medium")), "Medium's board");
/// assert_eq!(format!("on {} board", possessive_within("You")), "on your board");
/// assert_eq!(format!("on {} board", possessive_within("Ada")), "on Ada's board");
/// ```
pub fn possessive(name: &str) -> String {
    match name {
        "You" => "Your".to_string(),
        _ => format!("{name}'s"),
    }
}

/// A name's possessive within a sentence: "your" for "You", else as [`possessive`].
pub fn possessive_within(name: &str) -> String {
    match name {
        "You" => "your".to_string(),
        _ => possessive(name),
    }
}
