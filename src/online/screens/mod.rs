//! Online play's screens, one plugin each: signing in ([`sign_in`]), the
//! lobby ([`lobby`]) and this player's games under way ([`my_games`]); its
//! entry on the title, Play online, which goes to the lobby when signed
//! in, else signs in again with the session kept from the last launch,
//! else to the sign-in screen, and says beside it when a move of the
//! player's is waited for; and [`Opening`], a game asked for (to watch, or
//! to take up again) opening in its room once the server has told it.

use bevy::prelude::*;
use entropy_protocol::{ClientMessage, GameId};

use crate::app::AppSet;
use crate::online::OnlineScreen;
use crate::online::games::{OnlineGames, OpenOnlineGame};
use crate::online::net::{Net, NetCommand};
use crate::online::session::{Link, ServerChoice, Session};
use crate::ui::title::TitleMenu;

pub mod lobby;
pub mod my_games;
pub mod sign_in;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Opening>()
        .add_plugins((sign_in::plugin, lobby::plugin, my_games::plugin))
        .add_systems(Update, (open_when_told, say_on_the_title).in_set(AppSet::Input));
    TitleMenu::add(
        app,
        PLAY_ONLINE,
        "Play a person on another computer, through a server: a lobby, live and correspondence games.",
        30,
        open,
    );
}

/// A game asked to be shown: watched from the lobby, or taken up from My
/// games. It opens in the room that plays it once its start is known.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Opening(Option<GameId>);

impl Opening {
    /// Asks for `game` to be shown.
    pub fn ask(&mut self, game: &str) {
        self.0 = Some(game.to_string());
    }
}

/// The game asked for is followed (and watched, if it was not yet) and,
/// once the server has told how it started, opened.
fn open_when_told(
    mut opening: ResMut<Opening>,
    mut games: ResMut<OnlineGames>,
    session: Res<Session>,
    net: Res<Net>,
    mut open: MessageWriter<OpenOnlineGame>,
) {
    let Some(game) = opening.0.clone() else { return };
    if !session.signed_in() {
        opening.0 = None;
        return;
    }
    if games.follow(&game, false) {
        net.send(NetCommand::Send(ClientMessage::Watch {
            game: game.clone(),
            since: 0,
        }));
    }
    if let Some(start) = games.get(&game).and_then(|f| f.view.start()) {
        open.write(OpenOnlineGame {
            game,
            format: start.options.format,
        });
        opening.0 = None;
    }
}

/// What the title says beside Play online: the games waiting for this
/// player's move.
fn say_on_the_title(session: Res<Session>, games: Res<OnlineGames>, mut menu: ResMut<TitleMenu>) {
    let waiting = match session.name() {
        Some(me) => games.mine(me).iter().filter(|g| g.waiting).count(),
        None => 0,
    };
    let badge = match waiting {
        0 => None,
        1 => Some("Your move in 1 game".to_string()),
        n => Some(format!("Your move in {n} games")),
    };
    if let Some(entry) = menu.entry_mut(PLAY_ONLINE)
        && entry.badge != badge
    {
        entry.badge = badge;
    }
}

/// The title's entry.
pub const PLAY_ONLINE: &str = "Play online";

/// Play online, chosen on the title.
fn open(mut next: crate::online::NextScreen, mut session: ResMut<Session>, choice: Res<ServerChoice>, net: Res<Net>) {
    if session.signed_in() {
        next.set(OnlineScreen::Lobby);
        return;
    }
    // The sign-in the game began at launch is the player's to read now.
    session.quiet = false;
    if let (Some(token), Link::Offline) = (choice.token.clone(), &session.link) {
        session.link = Link::Connecting;
        session.problem = None;
        net.send(NetCommand::Resume {
            address: choice.address.clone(),
            token,
        });
    }
    next.set(OnlineScreen::SignIn);
}
