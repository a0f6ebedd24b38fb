//! The scripted run's steps for online play: a server of the script's own
//! (on a loopback port, its database in the data folder's
//! `script-server`), bots on it that seek, challenge, play each other and
//! answer ([`entropy_client::bot`]), a spectator, and the person's side
//! played at random through the screens, so that every online screen can
//! be shot as a player sees it.

use std::net::SocketAddr;
use std::sync::Arc;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use entropy_client::bot::Behaviour;
use entropy_client::{BoardStep, Server};
use entropy_protocol::ClientMessage;
use rand::rngs::SmallRng;

use crate::online::games::OnlineGames;
use crate::online::lobby::Lobby;
use crate::online::net::{Net, NetCommand};
use crate::online::screens::Opening;
use crate::online::screens::sign_in::{NAME, NAME_FIELD, Password};
use crate::online::session::{Link, ServerChoice, Session};
use crate::online::table::{DoGameAction, GameAction, OnTable};
use crate::online::{NextScreen, OnlineScreen};
use crate::simultaneous::{SimMatch, Simultaneous};
use crate::solomon::game::{CurrentMatch, Intent};
use crate::table::turn::Intent as TurnIntent;
use crate::ui::animation::Tween;
use crate::ui::keyboard::OnScreenKeyboard;
use crate::ui::overlays::OverlayCommand;

/// A step of a script in online play.
#[derive(Debug, Clone)]
pub enum OnlineStep {
    /// Starts the script's server and points the sign-in form at it.
    Serve,
    /// A bot on the script's server, playing as it says.
    Bot(&'static str, Behaviour),
    /// A connection of the script's that watches the game on the table (a
    /// spectator).
    Spectate,
    /// Fills the sign-in form as this player.
    Form(&'static str),
    /// Opens the on-screen keyboard on the Name field, as a gamepad does.
    Keyboard,
    /// Registers with the form, and waits for the lobby.
    Register,
    /// Waits for this.
    Until(Wait),
    /// Accepts the open seek this player posted.
    Accept(&'static str),
    /// Watches the game this player plays (from the lobby's list).
    Watch(&'static str),
    /// Plays for the person until the game on the table has this many of
    /// the server's steps (or is over) and the board is still.
    Play(usize),
    /// Plays for the person until this holds (or the game is over).
    PlayUntil(Wait),
    /// Hosts a server inside the game (the sign-in screen's Host).
    Host,
    /// Back to the title.
    Title,
    /// Does this in the game on the table.
    Act(GameAction),
    /// To this screen of online play.
    To(OnlineScreen),
    /// Takes up the game against this player from My games.
    TakeUp(&'static str),
    /// Stops the script's server as SIGKILL would: its tasks and sockets
    /// dropped, nothing stored on the way out.
    KillServer,
}

/// What a script waits for online.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    /// The lobby lists at least so many open seeks, challenges to the
    /// player and games under way.
    Lobby {
        seeks: usize,
        challenges: usize,
        games: usize,
    },
    /// The opponent asks for a takeback in the game on the table.
    TakebackAsked,
    /// The opponent offers a rematch of the game on the table.
    RematchOffered,
    /// The game on the table has been rated.
    Rated,
    /// The game on the table has spectators.
    Watched,
    /// The connection is lost.
    Lost,
    /// The server inside the game listens.
    Hosting,
    /// The game on the table has at least so many of the server's steps.
    Steps(usize),
}

/// The script's own server, and the runtime its bots run on.
#[derive(Resource)]
pub struct ScriptServer {
    runtime: tokio::runtime::Runtime,
    running: Option<entropy_server::Running>,
    address: String,
}

/// What the online steps act on.
#[derive(SystemParam)]
pub struct OnlineStage<'w, 's> {
    server: Option<ResMut<'w, ScriptServer>>,
    folders: Res<'w, crate::app::Folders>,
    choice: ResMut<'w, ServerChoice>,
    password: ResMut<'w, Password>,
    session: ResMut<'w, Session>,
    net: Res<'w, Net>,
    lobby: Res<'w, Lobby>,
    games: Res<'w, OnlineGames>,
    table: Option<Res<'w, OnTable>>,
    opening: ResMut<'w, Opening>,
    next: NextScreen<'w>,
    act: MessageWriter<'w, DoGameAction>,
    keyboard: ResMut<'w, OnScreenKeyboard>,
    solomon: Option<Res<'w, CurrentMatch>>,
    sim: Option<Res<'w, SimMatch>>,
    tweens: Query<'w, 's, &'static Tween>,
    spectators: Local<'s, Vec<entropy_client::Connection>>,
}

/// Runs `step`; returns whether it is done.
pub fn step(step: OnlineStep, stage: &mut OnlineStage, rng: &mut SmallRng, commands: &mut Commands) -> bool {
    let still = !crate::ui::animation::blocks_input(&stage.tweens);
    match step {
        OnlineStep::Serve => match serve(&stage.folders) {
            Ok(server) => {
                stage.choice.address = server.address.clone();
                commands.insert_resource(server);
                true
            }
            Err(why) => {
                error!("the script's server could not start: {why}");
                commands.queue(|world: &mut World| {
                    world.write_message(AppExit::error());
                });
                true
            }
        },
        OnlineStep::Bot(name, behaviour) => {
            let Some(server) = &stage.server else { return false };
            let address = server.address.clone();
            server.runtime.spawn(async move {
                if let Err(why) = entropy_client::bot::play(&address, name, behaviour, name.len() as u64).await {
                    warn!("the script's bot {name} stopped: {why}");
                }
            });
            true
        }
        OnlineStep::Spectate => {
            let (Some(server), Some(table)) = (&stage.server, &stage.table) else {
                return false;
            };
            let address = server.address.clone();
            let game = table.game.clone();
            let watcher = server.runtime.block_on(async move {
                let connection = Server::new(&address).ok()?.connect(None).await.ok()?;
                connection.send(ClientMessage::Watch { game, since: 0 }).ok()?;
                Some(connection)
            });
            if let Some(watcher) = watcher {
                stage.spectators.push(watcher);
            }
            true
        }
        OnlineStep::Form(name) => {
            if let Some(server) = &stage.server {
                stage.choice.address = server.address.clone();
            }
            stage.choice.name = name.to_string();
            stage.password.0 = format!("{}-password", name.to_lowercase());
            true
        }
        OnlineStep::Keyboard => {
            let name = stage.choice.name.clone();
            stage.keyboard.prepare(NAME, &name, NAME_FIELD);
            commands.queue(|world: &mut World| {
                world.write_message(OverlayCommand::Open(crate::ui::overlays::Overlay::Keyboard));
            });
            true
        }
        OnlineStep::Register => {
            if stage.session.signed_in() {
                return true;
            }
            if stage.session.link == Link::Offline {
                stage.session.link = Link::Connecting;
                stage.net.send(NetCommand::SignIn {
                    address: stage.choice.address.clone(),
                    name: stage.choice.name.clone(),
                    password: stage.password.0.clone(),
                    register: true,
                });
            }
            false
        }
        OnlineStep::Until(wait) => waited(wait, stage),
        OnlineStep::Accept(by) => match stage.lobby.seeks.iter().find(|s| s.by.name == by && s.to.is_none()) {
            Some(seek) => {
                stage
                    .net
                    .send(NetCommand::Send(ClientMessage::Accept { seek: seek.id.clone() }));
                true
            }
            None => false,
        },
        OnlineStep::Watch(by) => match stage
            .lobby
            .games
            .iter()
            .find(|g| g.players.iter().any(|p| p.name == by))
        {
            Some(game) => {
                stage.opening.ask(&game.id);
                true
            }
            None => false,
        },
        OnlineStep::Play(steps) => play(|made, _| made >= steps, stage, still, rng, commands),
        OnlineStep::PlayUntil(wait) => play(|_, stage| waited(wait, stage), stage, still, rng, commands),
        OnlineStep::Host => {
            if let Some(folder) = stage.folders.data.clone() {
                stage.session.hosting = crate::online::session::Hosting::Starting;
                stage.net.send(NetCommand::Host { folder });
            }
            true
        }
        OnlineStep::Title => {
            stage.next.title();
            true
        }
        OnlineStep::Act(action) => {
            stage.act.write(DoGameAction(action));
            true
        }
        OnlineStep::To(screen) => {
            stage.next.set(screen);
            true
        }
        OnlineStep::TakeUp(against) => {
            let me = stage.session.name().unwrap_or_default().to_string();
            let found = stage.games.mine(&me).into_iter().find(|g| {
                stage
                    .games
                    .get(&g.game)
                    .and_then(|f| f.view.start())
                    .is_some_and(|s| s.players.iter().any(|p| p.name == against))
            });
            match found {
                Some(game) => {
                    stage.opening.ask(&game.game);
                    true
                }
                None => false,
            }
        }
        OnlineStep::KillServer => {
            if let Some(server) = stage.server.as_mut() {
                let running = server.running.take();
                // As SIGKILL would: the runtime's tasks stop where they are.
                let runtime = std::mem::replace(&mut server.runtime, runtime());
                runtime.shutdown_background();
                drop(running);
            }
            true
        }
    }
}

impl OnlineStage<'_, '_> {
    fn followed(&self) -> Option<&crate::online::games::Followed> {
        self.games.get(&self.table.as_ref()?.game)
    }
}

fn waited(wait: Wait, stage: &OnlineStage) -> bool {
    let followed = stage.followed();
    let me = stage.table.as_ref().and_then(|t| t.me);
    match wait {
        Wait::Lobby {
            seeks,
            challenges,
            games,
        } => {
            let me = stage.session.name();
            stage.lobby.open_seeks(me).count() >= seeks
                && stage.lobby.challenges.len() >= challenges
                && stage.lobby.games.len() >= games
        }
        Wait::TakebackAsked => {
            followed.is_some_and(|f| f.view.takeback_offer().is_some() && f.view.takeback_offer() != me)
        }
        Wait::RematchOffered => {
            followed.is_some_and(|f| f.view.rematch_offer().is_some() && f.view.rematch_offer() != me)
        }
        Wait::Rated => followed.is_some_and(|f| f.view.rated().is_some()),
        Wait::Watched => followed.is_some_and(|f| f.spectators > 0),
        Wait::Lost => matches!(stage.session.link, Link::Lost { .. }),
        Wait::Hosting => matches!(stage.session.hosting, crate::online::session::Hosting::On { .. }),
        Wait::Steps(n) => followed.is_some_and(|f| f.view.steps().len() >= n),
    }
}

/// The person's random move in the game on the table, until `done` holds
/// of the server's steps made (and the stage), or the game is over.
fn play(
    done: impl Fn(usize, &OnlineStage) -> bool,
    stage: &OnlineStage,
    still: bool,
    rng: &mut SmallRng,
    commands: &mut Commands,
) -> bool {
    let Some(followed) = stage.followed() else { return false };
    if !still {
        return false;
    }
    let made = followed
        .view
        .steps()
        .iter()
        .filter(|s| !matches!(s, BoardStep::RoundOver))
        .count();
    if done(made, stage) || followed.view.is_over() {
        return true;
    }
    if let Some(game) = &stage.solomon
        && game.person_to_move()
        && let Some(action) = super::moves::random_move(game.round().position(), rng)
    {
        commands.queue(move |world: &mut World| {
            world.write_message(Intent::<crate::solomon::game::Solomon>(action));
        });
    } else if let Some(game) = &stage.sim
        && let Some(pending) = game.person_to_act()
    {
        let position = game.game.board(pending.board).position();
        if let Some(action) = super::moves::random_move(position, rng) {
            let action = crate::simultaneous::SimAction {
                player: pending.player,
                action,
            };
            commands.queue(move |world: &mut World| {
                world.write_message(TurnIntent::<Simultaneous>(action));
            });
        }
    }
    false
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime for the script's server")
}

/// The script's server on a free loopback port, its database new in the
/// data folder's `script-server`.
fn serve(folders: &crate::app::Folders) -> Result<ScriptServer, String> {
    let folder = folders.data.clone().ok_or("no data folder")?.join("script-server");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).map_err(|e| e.to_string())?;
    let runtime = runtime();
    let database = entropy_server::db::sqlite_url(&folder.join("server.db"));
    let config = entropy_server::Config::new(SocketAddr::from(([127, 0, 0, 1], 0)), database);
    let running = runtime
        .block_on(entropy_server::start(config, Arc::new(entropy_server::SystemClock)))
        .map_err(|e| e.to_string())?;
    let address = running.local_addr().to_string();
    Ok(ScriptServer {
        runtime,
        running: Some(running),
        address,
    })
}
