//! A server's game on the table, whichever room plays it ([`OnTable`]): the
//! seat of the player at this screen (none for a spectator), the names and
//! ratings, what that player may do in the game now ([`GameAction`]: ask
//! for a takeback or answer one, abort or resign, go back to the lobby),
//! offered in the pause menu (every device reaches it: Esc, Start) and on
//! the room's online card; the result's choices; and whether the finished
//! game is kept in the history ([`OnTable::kept`]).
//!
//! The room that plays the game's format inserts `OnTable` with its match
//! and takes it away with it; a game watched is unwatched and forgotten
//! when it leaves the table.

use bevy::prelude::*;
use entropy_client::GameView;
use entropy_protocol::{ClientMessage, GameId};

use crate::app::AppSet;
use crate::online::games::{Followed, OnlineGames, OpenOnlineGame};
use crate::online::net::{Net, NetCommand};
use crate::online::{NextScreen, OnlineScreen};
use crate::ui::pause::{PauseExtraChosen, PauseExtras};

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<DoGameAction>().add_systems(
        Update,
        (
            offer_in_the_pause_menu,
            act_on_the_pause_menu,
            act,
            fetch_the_finished_file,
            open_the_rematch,
            leave_watched,
        )
            .chain()
            .in_set(AppSet::Input)
            .after(crate::ui::navigation::ReadDevices),
    );
}

/// The player at this screen does a [`GameAction`] (from the pause menu or
/// the card's buttons).
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoGameAction(pub GameAction);

/// The server's game on the table.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct OnTable {
    /// The server's game.
    pub game: GameId,
    /// The seat (0 or 1) of the player at this screen; `None`: they watch.
    pub me: Option<u8>,
    /// Both players' names on the server.
    pub names: [String; 2],
    /// Their ratings when the game started (rated games).
    pub ratings: [Option<f64>; 2],
    /// Resign was pressed once: the next press resigns.
    pub resign_armed: bool,
    /// The finished game's match file was asked for.
    asked_file: bool,
    /// The finished game kept in the history, or why it could not be.
    pub kept: Option<Result<(), String>>,
    /// A move of this player's is played on the table but not yet in the
    /// server's game ([`crate::online::follower::Follower::pending`]).
    pub pending: bool,
    /// What was asked of the server while the connection was gone, sent
    /// when it is back (the card says so until then).
    pub unsent: Vec<GameAction>,
}

impl OnTable {
    /// The game `view` shows, for the player named `name` (a spectator
    /// when they do not play it); `None` before it has started.
    pub fn new(view: &GameView, name: Option<&str>) -> Option<OnTable> {
        let start = view.start()?;
        Some(OnTable {
            game: view.id().to_string(),
            me: name.and_then(|name| view.player_named(name)),
            names: start.players.clone().map(|seat| seat.name),
            ratings: start.players.clone().map(|seat| seat.rating),
            resign_armed: false,
            asked_file: false,
            kept: None,
            pending: false,
            unsent: Vec::new(),
        })
    }

    /// The opponent of the player at this screen.
    pub fn opponent(&self) -> Option<u8> {
        self.me.map(|me| 1 - me)
    }

    /// Whether the player at this screen only watches.
    pub fn watching(&self) -> bool {
        self.me.is_none()
    }

    /// A player's name as the screen says it, with their rating: the one
    /// the game started with, or once the game has been rated, the new one.
    pub fn named(&self, player: u8, view: &GameView) -> String {
        let i = usize::from(player.min(1));
        let rating = view.rated().map(|r| r[i].after).or(self.ratings[i]);
        match rating {
            Some(rating) => format!("{} ({rating:.0})", self.names[i]),
            None => self.names[i].clone(),
        }
    }
}

/// What the player at this screen may do in the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameAction {
    /// Ask to take back one's last move (casual games).
    OfferTakeback,
    /// The opponent asked to take back their last move: yes…
    AcceptTakeback,
    /// …or no.
    DeclineTakeback,
    /// End the game before both have moved; it counts for nobody.
    Abort,
    /// Lose the game (pressed twice: the first press arms it).
    Resign,
    /// Back to the lobby; the game goes on on the server.
    Lobby,
}

impl GameAction {
    /// Every action, in the order the menus list them.
    pub const ALL: [GameAction; 6] = [
        GameAction::AcceptTakeback,
        GameAction::DeclineTakeback,
        GameAction::OfferTakeback,
        GameAction::Abort,
        GameAction::Resign,
        GameAction::Lobby,
    ];

    /// Its id among the pause menu's extras.
    fn id(self) -> u8 {
        GameAction::ALL.iter().position(|a| *a == self).unwrap_or(0) as u8
    }

    fn of_id(id: u8) -> Option<GameAction> {
        GameAction::ALL.get(usize::from(id)).copied()
    }

    /// Its words: `armed` when Resign has been pressed once.
    pub fn label(self, armed: bool) -> &'static str {
        match self {
            GameAction::OfferTakeback => TAKEBACK,
            GameAction::AcceptTakeback => ACCEPT_TAKEBACK,
            GameAction::DeclineTakeback => DECLINE_TAKEBACK,
            GameAction::Abort => ABORT,
            GameAction::Resign if armed => CONFIRM_RESIGN,
            GameAction::Resign => RESIGN,
            GameAction::Lobby => LOBBY,
        }
    }
}

/// The labels the screens show, for the tests and the tour.
pub const GAME_MENU: &str = "Game menu";
pub const TAKEBACK: &str = "Ask to take back";
pub const ACCEPT_TAKEBACK: &str = "Allow the takeback";
pub const DECLINE_TAKEBACK: &str = "Refuse the takeback";
pub const ABORT: &str = "Abort";
pub const RESIGN: &str = "Resign";
pub const CONFIRM_RESIGN: &str = "Resign: sure?";
pub const LOBBY: &str = "Lobby";

/// What the player at this screen may do now, in the menus' order; a
/// spectator may only go back to the lobby. A move of the player's still
/// on its way counts as made: once the opponent has moved too, it is
/// Resign, not Abort (the server takes the move first, and then refuses
/// an abort).
pub fn actions(table: &OnTable, followed: &Followed) -> Vec<GameAction> {
    let mut actions = Vec::new();
    if let Some(me) = table.me
        && !followed.view.is_over()
    {
        if followed.view.takeback_offer() == Some(1 - me) {
            actions.extend([GameAction::AcceptTakeback, GameAction::DeclineTakeback]);
        }
        if followed.may_offer_takeback(me) {
            actions.push(GameAction::OfferTakeback);
        }
        let both_will_have_moved = table.pending && followed.view.has_moved(1 - me);
        actions.push(if followed.abortable() && !both_will_have_moved {
            GameAction::Abort
        } else {
            GameAction::Resign
        });
    }
    actions.push(GameAction::Lobby);
    actions
}

/// Does the actions asked for: asks the server, arms Resign, or goes to the lobby.
/// An answer to a takeback that the opponent's own move has withdrawn
/// meanwhile is not sent (the server would take it for an offer). What is
/// asked while the connection is gone is noted as not yet sent, until the
/// connection is back.
fn act(
    mut asked: MessageReader<DoGameAction>,
    table: Option<ResMut<OnTable>>,
    (games, session): (Res<OnlineGames>, Res<crate::online::session::Session>),
    net: Res<Net>,
    mut next: NextScreen,
) {
    let Some(mut table) = table else {
        asked.clear();
        return;
    };
    let online = session.link == crate::online::session::Link::Online;
    if online && !table.unsent.is_empty() {
        table.unsent.clear();
    }
    let offered = games
        .get(&table.game)
        .is_some_and(|f| f.view.takeback_offer().is_some() && f.view.takeback_offer() == table.opponent());
    for DoGameAction(action) in asked.read() {
        let answer = matches!(action, GameAction::AcceptTakeback | GameAction::DeclineTakeback);
        if (!answer || offered) && act_on(*action, &mut table, &net, &mut next) && !online {
            table.unsent.push(*action);
        }
    }
}

/// Does `action` in the game on the table; whether it asked the server.
fn act_on(action: GameAction, table: &mut OnTable, net: &Net, next: &mut NextScreen) -> bool {
    let game = table.game.clone();
    if action != GameAction::Resign {
        table.resign_armed = false;
    }
    let message = match action {
        GameAction::OfferTakeback | GameAction::AcceptTakeback => ClientMessage::Takeback { game },
        GameAction::DeclineTakeback => ClientMessage::DeclineTakeback { game },
        GameAction::Abort => ClientMessage::Abort { game },
        GameAction::Resign if table.resign_armed => {
            table.resign_armed = false;
            ClientMessage::Resign { game }
        }
        GameAction::Resign => {
            table.resign_armed = true;
            return false;
        }
        GameAction::Lobby => {
            next.set(OnlineScreen::Lobby);
            return false;
        }
    };
    net.send(NetCommand::Send(message));
    true
}

/// A choice on the result of a game on the table, as the room that shows
/// it names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResultChoice {
    Rematch,
    Lobby,
    Title,
}

/// A choice on the result: Rematch asks the server for one (or accepts
/// the opponent's); leaving declines a rematch the opponent offered; Lobby
/// goes back to the lobby.
pub fn on_result(choice: ResultChoice, table: &OnTable, games: &OnlineGames, net: &Net, next: &mut NextScreen) {
    let game = table.game.clone();
    let offered = games
        .get(&game)
        .and_then(|f| f.view.rematch_offer())
        .is_some_and(|by| Some(by) == table.opponent());
    match choice {
        ResultChoice::Rematch if table.me.is_some() => net.send(NetCommand::Send(ClientMessage::Rematch { game })),
        ResultChoice::Rematch => {}
        ResultChoice::Lobby | ResultChoice::Title => {
            if offered {
                net.send(NetCommand::Send(ClientMessage::DeclineRematch { game }));
            }
            if choice == ResultChoice::Lobby {
                next.set(OnlineScreen::Lobby);
            }
        }
    }
}

/// Both asked for a rematch: its game opens once the server has started it.
fn open_the_rematch(table: Option<Res<OnTable>>, games: Res<OnlineGames>, mut open: MessageWriter<OpenOnlineGame>) {
    let Some(table) = table else { return };
    let Some(rematch) = games.get(&table.game).and_then(|f| f.view.rematch()) else {
        return;
    };
    if let Some(start) = games.get(rematch).and_then(|f| f.view.start()) {
        open.write(OpenOnlineGame {
            game: rematch.to_string(),
            format: start.options.format,
        });
    }
}

/// The words of the result's Rematch: "Rematch", "Accept rematch"
/// when the opponent offers one, "Rematch asked" once this player has.
pub fn rematch_label(table: &OnTable, followed: &Followed) -> &'static str {
    match (followed.view.rematch_offer(), table.me) {
        (Some(offer), Some(me)) if offer == me => REMATCH_ASKED,
        (Some(_), Some(_)) => ACCEPT_REMATCH,
        _ => REMATCH,
    }
}

/// The result's Rematch labels.
pub const REMATCH: &str = "Rematch";
pub const ACCEPT_REMATCH: &str = "Accept rematch";
pub const REMATCH_ASKED: &str = "Rematch asked";

/// The pause menu offers what the player may do in the game on the table.
fn offer_in_the_pause_menu(
    table: Option<Res<OnTable>>,
    games: Res<OnlineGames>,
    mut extras: ResMut<PauseExtras>,
    mut had: Local<bool>,
) {
    let Some(table) = table else {
        if std::mem::take(&mut *had) {
            *extras = PauseExtras::default();
        }
        return;
    };
    *had = true;
    let Some(followed) = games.get(&table.game) else { return };
    let wanted = PauseExtras {
        entries: actions(&table, followed)
            .into_iter()
            .map(|a| (a.id(), a.label(table.resign_armed).to_string()))
            .collect(),
        note: Some(if table.watching() {
            "You are watching this game.".into()
        } else {
            "The game goes on on the server while this menu is open, and if you leave this screen.".into()
        }),
        // Nothing pauses a game on a server.
        title: Some(GAME_MENU.into()),
    };
    if *extras != wanted {
        *extras = wanted;
    }
}

fn act_on_the_pause_menu(mut chosen: MessageReader<PauseExtraChosen>, mut act: MessageWriter<DoGameAction>) {
    for PauseExtraChosen(id) in chosen.read() {
        if let Some(action) = GameAction::of_id(*id) {
            act.write(DoGameAction(action));
        }
    }
}

/// A finished game watched: its match file is asked of the server's
/// archive, once, for its review (a player's own games are fetched for
/// the history by the room that keeps it).
fn fetch_the_finished_file(table: Option<ResMut<OnTable>>, games: Res<OnlineGames>, net: Res<Net>) {
    let Some(mut table) = table else { return };
    let Some(followed) = games.get(&table.game) else { return };
    let aborted = followed.view.end().is_some_and(|e| e.result == "*");
    if table.watching() && followed.view.is_over() && !aborted && followed.file.is_none() && !table.asked_file {
        table.asked_file = true;
        net.send(NetCommand::FetchMatch {
            game: table.game.clone(),
        });
    }
}

/// A game watched that leaves the table is unwatched and forgotten.
fn leave_watched(
    table: Option<Res<OnTable>>,
    mut games: ResMut<OnlineGames>,
    net: Res<Net>,
    mut watched: Local<Option<GameId>>,
) {
    let now = table.as_ref().filter(|t| t.watching()).map(|t| t.game.clone());
    if *watched != now {
        if let Some(old) = watched.take() {
            net.send(NetCommand::Send(ClientMessage::Unwatch { game: old.clone() }));
            games.forget(&old);
        }
        *watched = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use entropy_protocol::{Format, GameEvent, GameOptions, Seat, Speed};

    fn seat(name: &str) -> Seat {
        Seat {
            name: name.into(),
            bot: false,
            rating: None,
        }
    }

    fn followed(rated: bool) -> Followed {
        let mut games = OnlineGames::default();
        games.follow("g", true);
        let options = GameOptions {
            size: 5,
            format: Format::Match,
            speed: Speed::Live { seconds: 300 },
            rated,
        };
        let started = GameEvent::Started {
            players: [seat("ann"), seat("bob")],
            options,
            first_order: 0,
            seed_hash: "h".into(),
            rematch_of: None,
        };
        games.event("g", 1, started, None, std::time::Duration::ZERO);
        games.event(
            "g",
            2,
            GameEvent::Drew { board: 0, colour: 1 },
            None,
            std::time::Duration::ZERO,
        );
        games.get("g").unwrap().clone()
    }

    fn moved(followed: &mut Followed, version: u64, player: u8, action: &str) {
        let event = GameEvent::Moved {
            board: 0,
            player,
            action: action.into(),
            left_ms: None,
            forced: false,
        };
        followed.view.apply(version, event).unwrap();
    }

    #[test]
    fn a_player_may_abort_until_both_have_moved_then_resign_and_take_back_in_casual_games() {
        let mut game = followed(false);
        let ann = OnTable::new(&game.view, Some("ann")).unwrap();
        let watcher = OnTable::new(&game.view, Some("cy")).unwrap();
        assert_eq!((ann.me, watcher.me), (Some(0), None));
        assert_eq!(actions(&ann, &game), [GameAction::Abort, GameAction::Lobby]);
        assert_eq!(actions(&watcher, &game), [GameAction::Lobby]);
        // Bob (Chaos) places, Ann (Order) passes: both have moved.
        moved(&mut game, 3, 1, "Aa");
        assert!(game.abortable());
        // Ann's pass on its way (the connection gone) counts already.
        let passing = OnTable {
            pending: true,
            ..ann.clone()
        };
        assert_eq!(actions(&passing, &game), [GameAction::Resign, GameAction::Lobby]);
        moved(&mut game, 4, 0, "AaAa");
        assert_eq!(
            actions(&ann, &game),
            [GameAction::OfferTakeback, GameAction::Resign, GameAction::Lobby]
        );
        game.view.apply(5, GameEvent::TakebackOffered { player: 1 }).unwrap();
        assert_eq!(
            actions(&ann, &game),
            [
                GameAction::AcceptTakeback,
                GameAction::DeclineTakeback,
                GameAction::Resign,
                GameAction::Lobby
            ]
        );
        // A rated game has no takebacks.
        let mut rated = followed(true);
        moved(&mut rated, 3, 1, "Aa");
        moved(&mut rated, 4, 0, "AaAa");
        assert_eq!(actions(&ann, &rated), [GameAction::Resign, GameAction::Lobby]);
    }

    #[test]
    fn resign_asks_to_be_sure_first() {
        assert_eq!(GameAction::Resign.label(false), RESIGN);
        assert_eq!(GameAction::Resign.label(true), CONFIRM_RESIGN);
        for action in GameAction::ALL {
            assert_eq!(GameAction::of_id(action.id()), Some(action));
        }
    }
}
