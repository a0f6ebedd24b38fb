//! The player's session on a server: the address and name remembered (and
//! the session's token, so that a player signed in stays signed in across
//! launches), the connection's state as the screens say it, and the one
//! system that reads what the network said each frame and hands it on: to
//! the lobby ([`crate::online::lobby`]) and the games followed
//! ([`crate::online::games`]).

use std::time::Duration;

use bevy::prelude::*;
use entropy_client::Incoming;
use entropy_protocol::{Account, ClientMessage, ServerMessage};
use serde::{Deserialize, Serialize};

use crate::app::AppSet;
use crate::app::prefs::Remembered;
use crate::app::redraw::Redraw;
use crate::online::archive::Archive;
use crate::online::games::{Heard, OnlineGames};
use crate::online::lobby::Lobby;
use crate::online::net::{Net, NetCommand, NetEvent};

pub(crate) fn plugin(app: &mut App) {
    crate::app::prefs::remember::<ServerChoice>(app);
    app.init_resource::<Session>()
        .insert_resource(Net::start())
        .add_systems(Startup, resume_kept_session)
        .add_systems(
            Update,
            hear.in_set(AppSet::Input).before(crate::ui::navigation::ReadDevices),
        );
}

/// A player who was signed in when the game last closed is signed in again
/// as it starts, so that the title can say when a move of theirs is waited
/// for. A server that is not there leaves them signed out quietly: Play
/// online tries again.
fn resume_kept_session(choice: Res<ServerChoice>, mut session: ResMut<Session>, net: Res<Net>) {
    if let Some(token) = choice.token.clone() {
        session.link = Link::Connecting;
        session.quiet = true;
        net.send(NetCommand::Resume {
            address: choice.address.clone(),
            token,
        });
    }
}

/// A failed sign-in in a player's words, and whether the server does not
/// know the session kept from an earlier one. A wrong password and an
/// unknown name read alike, as the server answers them alike.
///
/// ```
/// use entropy::online::session::sign_in_words;
///
/// let (words, unknown) = sign_in_words("this server does not know this session (signed out, or made at another server): sign in");
/// assert!(unknown && words.starts_with("This server does not know"), "{words}");
/// let (words, unknown) = sign_in_words("wrong name or password");
/// assert!(!unknown && words.contains("register if you are new here"), "{words}");
/// ```
pub fn sign_in_words(why: &str) -> (String, bool) {
    let lower = why.to_lowercase();
    if lower.contains("does not know this session") || lower.contains("token is not valid") {
        (
            "This server does not know this session: sign in, or register if you are new here.".into(),
            true,
        )
    } else if lower.contains("wrong name or password") {
        (
            "This server knows no such name with that password: check them, or register if you are new here.".into(),
            false,
        )
    } else {
        (why.to_string(), false)
    }
}

/// How long a notice of the server's stays on screen.
pub const NOTICE: Duration = Duration::from_secs(8);

/// The address a player signs in at the first time outside the browser: a
/// server on this computer (`entropy-server`'s own address).
pub const FIRST_ADDRESS: &str = "127.0.0.1:7849";

/// The address a player signs in at the first time: [`FIRST_ADDRESS`], or
/// in the browser the server the page was loaded from.
pub fn first_address() -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(origin) = web_sys::window().and_then(|w| w.location().origin().ok()) {
        return origin;
    }
    FIRST_ADDRESS.into()
}

/// What is remembered of the server: its address, the name signed in
/// with, and the session's token (kept until the player signs out).
#[derive(Resource, Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ServerChoice {
    /// The server's address as the player typed it.
    pub address: String,
    /// The name last signed in with.
    pub name: String,
    /// The session's token, while signed in.
    pub token: Option<String>,
}

impl Default for ServerChoice {
    fn default() -> Self {
        ServerChoice {
            address: first_address(),
            name: String::new(),
            token: None,
        }
    }
}

impl Remembered for ServerChoice {
    const SECTION: &'static str = "online";
    type Stored = ServerChoice;

    fn stored(&self) -> ServerChoice {
        self.clone()
    }

    fn from_stored(stored: ServerChoice) -> ServerChoice {
        stored
    }
}

/// The connection as the player is told it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Link {
    /// Not signed in.
    #[default]
    Offline,
    /// Signing in: waiting for the server.
    Connecting,
    /// Signed in and connected.
    Online,
    /// The connection was lost at `since` (the app's real time) and is
    /// coming back by itself; `why`.
    Lost { since: Duration, why: String },
}

/// The session as it stands.
#[derive(Resource, Debug, Clone, Default)]
pub struct Session {
    pub link: Link,
    /// Who is signed in.
    pub account: Option<Account>,
    /// Why the last sign-in failed, or the session ended, for the sign-in
    /// screen.
    pub problem: Option<String>,
    /// The last thing the server said that the player should read (a
    /// refusal, a message it could not read), with when (real time).
    pub notice: Option<(String, Duration)>,
    /// The server inside the game, if it hosts one.
    pub hosting: Hosting,
    /// The sign-in under way is the game's own, at launch: a failure is
    /// not the player's to read until they ask for Play online.
    pub quiet: bool,
}

/// A server hosted inside the game, for players on this computer's networks.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Hosting {
    /// None.
    #[default]
    Off,
    /// Starting.
    Starting,
    /// Listening on `port`; friends join at `addresses`. `taken`: the
    /// usual port was taken, so it listens on another; `web`: a browser
    /// plays there too.
    On {
        port: u16,
        addresses: Vec<String>,
        taken: bool,
        web: bool,
    },
    /// Stopping.
    Stopping,
    /// It could not start, why.
    Failed(String),
}

impl Session {
    /// Whether a player is signed in (connected or coming back).
    pub fn signed_in(&self) -> bool {
        self.account.is_some() && matches!(self.link, Link::Online | Link::Lost { .. })
    }

    /// The name signed in with.
    pub fn name(&self) -> Option<&str> {
        self.account.as_ref().map(|a| a.name.as_str())
    }

    /// The time the server's clocks are read at on this screen: `now`, or
    /// while the connection is gone, when it went (the clocks shown stop
    /// rather than run on and jump when the server tells them again).
    pub fn clock_time(&self, now: Duration) -> Duration {
        match self.link {
            Link::Lost { since, .. } => since.min(now),
            _ => now,
        }
    }

    /// Starts hosting a server here, its database in the data folder (none:
    /// says why it cannot). Nothing when one is hosted or on its way.
    pub fn start_hosting(&mut self, data: Option<&std::path::Path>, net: &Net) {
        if !matches!(self.hosting, Hosting::Off | Hosting::Failed(_)) {
            return;
        }
        self.hosting = match data {
            Some(folder) => {
                net.send(NetCommand::Host {
                    folder: folder.to_path_buf(),
                });
                Hosting::Starting
            }
            None => Hosting::Failed(
                "this game keeps no files (another Entropy holds its data folder): host from that one".into(),
            ),
        };
    }

    fn tell(&mut self, words: impl Into<String>, now: Duration) {
        self.notice = Some((words.into(), now));
    }
}

/// Everything the network said since the last frame, taken in.
#[allow(clippy::too_many_arguments)]
fn hear(
    net: Res<Net>,
    time: Res<Time<Real>>,
    mut session: ResMut<Session>,
    mut choice: ResMut<ServerChoice>,
    mut lobby: ResMut<Lobby>,
    mut games: ResMut<OnlineGames>,
    (mut archive, mut redraw): (ResMut<Archive>, ResMut<Redraw>),
) {
    let now = time.elapsed();
    // A notice leaves the screen by itself.
    if let Some((_, at)) = &session.notice
        && let Some(left) = NOTICE.checked_sub(now.saturating_sub(*at))
    {
        redraw.after(left);
    }
    // The network wakes the game when it speaks (`net`): nothing to poll.
    let events = net.drain();
    if events.is_empty() {
        return;
    }
    redraw.now();
    for event in events {
        match event {
            NetEvent::SignedIn {
                address,
                account,
                token,
            } => {
                choice.address = address;
                choice.name = account.name.clone();
                choice.token = Some(token);
                session.account = Some(account);
                session.link = Link::Online;
                session.problem = None;
                session.quiet = false;
                archive.answered = false;
                net.send(NetCommand::Send(ClientMessage::WatchLobby));
            }
            NetEvent::Failed(why) => {
                if session.link == Link::Connecting {
                    session.link = Link::Offline;
                    let (words, session_unknown) = sign_in_words(&why);
                    if session_unknown {
                        // The kept session is of another server, or over:
                        // the next sign-in asks for the name and password.
                        choice.token = None;
                    }
                    if !std::mem::take(&mut session.quiet) {
                        session.problem = Some(words);
                    }
                } else {
                    session.tell(why, now);
                }
            }
            NetEvent::Hosting {
                port,
                addresses,
                taken,
                web,
            } => {
                session.hosting = Hosting::On {
                    port,
                    addresses,
                    taken,
                    web,
                };
                // The form is filled in for signing in at it (the words say so).
                choice.address = format!("127.0.0.1:{port}");
            }
            NetEvent::HostStopped => session.hosting = Hosting::Off,
            NetEvent::HostFailed(why) => session.hosting = Hosting::Failed(why),
            NetEvent::SignedOut => {
                let hosting = std::mem::take(&mut session.hosting);
                *session = Session {
                    hosting,
                    ..Session::default()
                };
                choice.token = None;
                *lobby = Lobby::default();
                *archive = Archive::default();
                games.clear();
            }
            NetEvent::MatchFile { game, file } => {
                if games.get(&game).is_some() {
                    games.file_came(&game, file);
                } else {
                    archive.files.push((game, file));
                }
            }
            NetEvent::Listed(listed) => {
                archive.listed = Some(listed);
                archive.answered = true;
            }
            NetEvent::Incoming(incoming) => match incoming {
                Incoming::Message(message) => hear_message(message, &net, &mut session, &mut lobby, &mut games, now),
                Incoming::Malformed(why) => session.tell(format!("The server sent something unreadable: {why}"), now),
                Incoming::Lost(why) => {
                    if !matches!(session.link, Link::Lost { .. }) {
                        session.link = Link::Lost {
                            since: now,
                            why: plain(&why),
                        };
                    }
                }
                Incoming::Reconnected => {
                    session.link = Link::Online;
                    session.tell("Connected again.", now);
                }
                Incoming::Closed(why) => {
                    session.link = Link::Offline;
                    session.account = None;
                    session.problem = Some(format!("The server ended the session: {why}"));
                    choice.token = None;
                }
            },
        }
    }
}

fn hear_message(
    message: ServerMessage,
    net: &Net,
    session: &mut Session,
    lobby: &mut Lobby,
    games: &mut OnlineGames,
    now: Duration,
) {
    match message {
        ServerMessage::Welcome { .. } | ServerMessage::Pong => {}
        ServerMessage::Error { reason } => session.tell(reason, now),
        ServerMessage::Refused { game, reason } => {
            games.refused(&game, reason.clone());
            session.tell(format!("Refused: {reason}"), now);
        }
        // Whole: the connection puts a lobby told in parts together.
        ServerMessage::Lobby {
            seeks,
            online,
            games: live,
            ..
        } => lobby.set(seeks, online, live),
        ServerMessage::SeekPosted { seek } => lobby.posted(seek),
        ServerMessage::Challenged { seek } => {
            session.tell(format!("{} challenges you.", seek.by.name), now);
            lobby.challenged(seek);
        }
        ServerMessage::SeekGone { seek, reason } => {
            if lobby.gone(&seek) {
                session.tell(format!("Your seek is gone: {reason}."), now);
            }
        }
        ServerMessage::GameStarted { game } => {
            // The games under way at sign-in come before the lobby does.
            if games.follow(&game, lobby.told) {
                net.send(NetCommand::Send(ClientMessage::Watch { game, since: 0 }));
            }
        }
        ServerMessage::Event {
            game,
            version,
            event,
            clocks,
        } => match games.event(&game, version, event, clocks, now) {
            Heard::Taken => {}
            Heard::WatchAgain => net.send(NetCommand::Send(ClientMessage::Watch { game, since: 0 })),
            Heard::GaveUp(why) => session.tell(format!("The server's game {game} cannot be read: {why}"), now),
        },
        ServerMessage::Presence { game, player, here } => games.presence(&game, player, here),
        ServerMessage::Spectators { game, count } => games.spectators(&game, count),
    }
}

/// Why a connection was lost, in a player's words where the network's are
/// a programmer's.
///
/// ```
/// use entropy::online::session::plain;
/// assert_eq!(
///     plain("WebSocket protocol error: Connection reset without closing handshake"),
///     "the connection to the server broke"
/// );
/// assert_eq!(plain("the server said nothing for 1.5 s"), "the server stopped answering");
/// ```
pub fn plain(why: &str) -> String {
    let lower = why.to_lowercase();
    if lower.contains("said nothing") {
        "the server stopped answering".into()
    } else if [
        "reset",
        "closing handshake",
        "broken pipe",
        "closed the connection",
        "eof",
    ]
    .iter()
    .any(|w| lower.contains(w))
    {
        "the connection to the server broke".into()
    } else {
        why.to_string()
    }
}
