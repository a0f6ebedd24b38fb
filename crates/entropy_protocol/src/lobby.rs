//! The lobby in parts: a server's lobby may list more seeks, players and
//! games than one message of [`MAX_MESSAGE`] bytes holds, so a server
//! sends it as several [`ServerMessage::Lobby`] messages ([`parts`]),
//! each within the limit and all but the last marked `more`, and a client
//! puts them together again ([`Assembly`]) before it shows the lobby.
//!
//! ```
//! use entropy_protocol::lobby::{Assembly, parts};
//! use entropy_protocol::{MAX_MESSAGE, OnlinePlayer, ServerMessage, encode};
//!
//! let online: Vec<OnlinePlayer> = (0..2000)
//!     .map(|i| OnlinePlayer { name: format!("player-{i}"), bot: false, ratings: Default::default() })
//!     .collect();
//! let sent = parts(Vec::new(), online.clone(), Vec::new());
//! assert!(sent.len() > 1);
//! assert!(sent.iter().all(|m| encode(m).len() <= MAX_MESSAGE));
//! let mut assembly = Assembly::default();
//! let told: Vec<ServerMessage> = sent.into_iter().filter_map(|m| assembly.take(m)).collect();
//! assert!(matches!(&told[..], [ServerMessage::Lobby { online: all, more: false, .. }] if *all == online));
//! ```

use crate::{LiveGame, MAX_MESSAGE, OnlinePlayer, Seek, ServerMessage, encode};

/// The lobby's lists as messages, in as few parts as fit within
/// [`MAX_MESSAGE`] bytes each (one, `more: false`, for a lobby that fits).
pub fn parts(seeks: Vec<Seek>, online: Vec<OnlinePlayer>, games: Vec<LiveGame>) -> Vec<ServerMessage> {
    let empty = |more| ServerMessage::Lobby {
        seeks: Vec::new(),
        online: Vec::new(),
        games: Vec::new(),
        more,
    };
    // The envelope of a part, `more` said; each item adds its text and a comma.
    let room = MAX_MESSAGE - encode(&empty(true)).len();
    let mut out = Vec::new();
    let mut part = empty(true);
    let mut used = 0;
    let mut add =
        |part: &mut ServerMessage, used: &mut usize, bytes: usize, put: &mut dyn FnMut(&mut ServerMessage)| {
            if *used + bytes + 1 > room && *used > 0 {
                out.push(std::mem::replace(part, empty(true)));
                *used = 0;
            }
            put(part);
            *used += bytes + 1;
        };
    for seek in seeks {
        let bytes = encode(&seek).len();
        add(&mut part, &mut used, bytes, &mut |p| lists(p).0.push(seek.clone()));
    }
    for player in online {
        let bytes = encode(&player).len();
        add(&mut part, &mut used, bytes, &mut |p| lists(p).1.push(player.clone()));
    }
    for game in games {
        let bytes = encode(&game).len();
        add(&mut part, &mut used, bytes, &mut |p| lists(p).2.push(game.clone()));
    }
    if let ServerMessage::Lobby { more, .. } = &mut part {
        *more = false;
    }
    out.push(part);
    out
}

type Lists<'a> = (&'a mut Vec<Seek>, &'a mut Vec<OnlinePlayer>, &'a mut Vec<LiveGame>);

fn lists(message: &mut ServerMessage) -> Lists<'_> {
    match message {
        ServerMessage::Lobby {
            seeks, online, games, ..
        } => (seeks, online, games),
        _ => unreachable!("a part is a lobby"),
    }
}

/// A client's lobby being put together from its parts.
#[derive(Clone, Debug, Default)]
pub struct Assembly {
    so_far: Option<ServerMessage>,
}

impl Assembly {
    /// Takes a message as it comes: a lobby's part is kept (None) until
    /// its last part, which gives the whole lobby (`more: false`); any
    /// other message passes as it is.
    pub fn take(&mut self, message: ServerMessage) -> Option<ServerMessage> {
        let ServerMessage::Lobby {
            seeks,
            online,
            games,
            more,
        } = message
        else {
            return Some(message);
        };
        let whole = self.so_far.get_or_insert_with(|| ServerMessage::Lobby {
            seeks: Vec::new(),
            online: Vec::new(),
            games: Vec::new(),
            more: false,
        });
        let (all_seeks, all_online, all_games) = lists(whole);
        all_seeks.extend(seeks);
        all_online.extend(online);
        all_games.extend(games);
        if more { None } else { self.so_far.take() }
    }

    /// Forgets a lobby half told (the connection was lost).
    pub fn clear(&mut self) {
        self.so_far = None;
    }
}
