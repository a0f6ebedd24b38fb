//! The lobby as the server last told it: the open seeks, the players
//! online, the games under way; and this player's own seeks and the
//! challenges made to them.

use bevy::prelude::*;
use entropy_protocol::{LiveGame, OnlinePlayer, Seek};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Lobby>();
}

/// The lobby.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Lobby {
    /// The seeks open, anyone's (challenges to other players left out).
    pub seeks: Vec<Seek>,
    /// The players online, with their ratings.
    pub online: Vec<OnlinePlayer>,
    /// The games under way.
    pub games: Vec<LiveGame>,
    /// This player's seeks and challenges, open.
    pub mine: Vec<Seek>,
    /// The challenges made to this player, open.
    pub challenges: Vec<Seek>,
    /// Whether the server has told the lobby yet.
    pub told: bool,
}

impl Lobby {
    /// The lobby as the server tells it now.
    pub fn set(&mut self, seeks: Vec<Seek>, online: Vec<OnlinePlayer>, games: Vec<LiveGame>) {
        self.seeks = seeks;
        self.online = online;
        self.games = games;
        self.told = true;
    }

    /// One of this player's seeks, posted.
    pub fn posted(&mut self, seek: Seek) {
        if !self.mine.iter().any(|s| s.id == seek.id) {
            self.mine.push(seek);
        }
    }

    /// A challenge made to this player.
    pub fn challenged(&mut self, seek: Seek) {
        if !self.challenges.iter().any(|s| s.id == seek.id) {
            self.challenges.push(seek);
        }
    }

    /// A seek or challenge gone; whether it was this player's own.
    pub fn gone(&mut self, id: &str) -> bool {
        self.challenges.retain(|s| s.id != id);
        let before = self.mine.len();
        self.mine.retain(|s| s.id != id);
        self.mine.len() != before
    }

    /// A seek or challenge this player accepted or declined: off the lists
    /// at once. (The server tells the lobby at most four times a second,
    /// so its next lobby may come a moment later; until then the list
    /// would offer the seek again.)
    pub fn taken(&mut self, id: &str) {
        self.seeks.retain(|s| s.id != id);
        self.challenges.retain(|s| s.id != id);
    }

    /// The seeks others posted that anyone may accept, newest last.
    pub fn open_seeks<'a>(&'a self, me: Option<&'a str>) -> impl Iterator<Item = &'a Seek> + 'a {
        self.seeks
            .iter()
            .filter(move |s| s.to.is_none() && Some(s.by.name.as_str()) != me)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use entropy_protocol::{GameOptions, Seat};

    fn seek(id: &str, by: &str, to: Option<&str>) -> Seek {
        Seek {
            id: id.into(),
            by: Seat {
                name: by.into(),
                bot: false,
                rating: None,
            },
            options: GameOptions::default(),
            to: to.map(str::to_string),
        }
    }

    #[test]
    fn own_seeks_and_challenges_to_others_are_not_offered() {
        let mut lobby = Lobby::default();
        lobby.set(
            vec![
                seek("a", "ann", None),
                seek("b", "bob", None),
                seek("c", "bob", Some("cy")),
            ],
            Vec::new(),
            Vec::new(),
        );
        let offered: Vec<_> = lobby.open_seeks(Some("ann")).map(|s| s.id.as_str()).collect();
        assert_eq!(offered, ["b"]);
        lobby.posted(seek("a", "ann", None));
        lobby.posted(seek("a", "ann", None));
        assert_eq!(lobby.mine.len(), 1);
        assert!(lobby.gone("a"));
        assert!(!lobby.gone("b"));
    }
}
