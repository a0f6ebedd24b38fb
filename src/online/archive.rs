//! The player's finished games on the server, as the history keeps them:
//! every game of theirs that ends while it is followed, and, at each
//! sign-in, the ones the server's archive lists that ended while the game
//! was closed or the player elsewhere ([`Archive`]). A match file is read,
//! its draws checked against the seed it reveals, and the opponent's kind
//! marked `online` ([`for_history`]); the room that keeps the history
//! takes them from here.

use bevy::prelude::*;
use entropy_protocol::{GameId, GameSummary};
use entropy_rules::AnyMatchFile;

/// What the server's archive said at the last sign-in, and the files that
/// came of games not followed.
#[derive(Resource, Debug, Clone, Default)]
pub struct Archive {
    /// The player's finished games the server lists (the latest first, at
    /// most 100), once listed.
    pub listed: Option<Vec<GameSummary>>,
    /// Whether the archive has answered since the last sign-in (its list
    /// is taken by the history as it comes).
    pub answered: bool,
    /// Files of games not followed, as they came.
    pub files: Vec<(GameId, Result<String, String>)>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Archive>();
}

/// The text of a server's match file as the history keeps it, for the
/// player named `me`: read, its draws checked against the seed it reveals,
/// every other player's kind marked `online`.
///
/// ```
/// let refused = entropy::online::archive::for_history("not a match file", "Ann");
/// assert!(refused.is_err());
/// ```
pub fn for_history(text: &str, me: &str) -> Result<AnyMatchFile, String> {
    let mut file = AnyMatchFile::parse(text).map_err(|e| e.to_string())?;
    entropy_protocol::fairness::verify(&file).map_err(|e| format!("its draws do not follow from its seed: {e}"))?;
    let players = match &mut file {
        AnyMatchFile::Rounds(rounds) => &mut rounds.tags.players,
        AnyMatchFile::Simultaneous(sim) => &mut sim.tags.players,
    };
    for player in players.iter_mut() {
        if !player.name.eq_ignore_ascii_case(me) {
            player.kind = format!("online {}", player.kind.trim());
        }
    }
    Ok(file)
}

/// The server's id of the game a match file holds (its `GameId` tag).
pub fn game_id(file: &AnyMatchFile) -> Option<&str> {
    file.tags()
        .extra
        .iter()
        .find(|(tag, _)| tag == "GameId")
        .map(|(_, id)| id.as_str())
}
