//! The network in the browser: the page's own event loop carries the
//! connection, so nothing here has a thread. Hosting a server is not
//! offered in the browser (the sign-in screen leaves it out).
//!
//! The connection to the server the page came from is not carried yet:
//! every command is answered that online play waits for it.

use std::sync::Mutex;

use bevy::prelude::*;

use super::{NetCommand, NetEvent};

/// What the app asks of the network and what the network tells it.
#[derive(Resource, Default)]
pub struct Net {
    events: Mutex<Vec<NetEvent>>,
}

impl Net {
    /// The network of the page.
    pub fn start() -> Net {
        Net::default()
    }

    /// Asks the network for `command`; never waits.
    pub fn send(&self, command: NetCommand) {
        let event = match command {
            NetCommand::SignOut => NetEvent::SignedOut,
            NetCommand::Host { .. } => NetEvent::HostFailed("a browser cannot host a server".into()),
            NetCommand::StopHosting => NetEvent::HostStopped,
            _ => NetEvent::Failed(
                "online play is not in the web game yet: play online from the game on a computer".into(),
            ),
        };
        self.events.lock().unwrap_or_else(|p| p.into_inner()).push(event);
        crate::app::redraw::wake();
    }

    /// What the network has said since the last call; never waits.
    pub fn drain(&self) -> Vec<NetEvent> {
        std::mem::take(&mut *self.events.lock().unwrap_or_else(|p| p.into_inner()))
    }
}
