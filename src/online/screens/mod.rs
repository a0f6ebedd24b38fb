//! Online play's screens, one plugin each: signing in ([`sign_in`]) and the
//! lobby ([`lobby`]); and its entry on the title, Play online, which goes
//! to the lobby when signed in, else signs in again with the session kept
//! from the last launch, else to the sign-in screen.

use bevy::prelude::*;

use crate::online::OnlineScreen;
use crate::online::net::{Net, NetCommand};
use crate::online::session::{Link, ServerChoice, Session};
use crate::ui::title::TitleMenu;

pub mod lobby;
pub mod sign_in;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((sign_in::plugin, lobby::plugin));
    TitleMenu::add(
        app,
        PLAY_ONLINE,
        "Play a person on another computer, through a server: a lobby, live and correspondence games.",
        30,
        open,
    );
}

/// The title's entry.
pub const PLAY_ONLINE: &str = "Play online";

/// Play online, chosen on the title.
fn open(mut next: crate::online::NextScreen, mut session: ResMut<Session>, choice: Res<ServerChoice>, net: Res<Net>) {
    if session.signed_in() {
        next.set(OnlineScreen::Lobby);
        return;
    }
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
