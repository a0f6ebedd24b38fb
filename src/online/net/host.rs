//! A server hosted inside the game, for players on this network (outside
//! the browser only: a page cannot listen; the sign-in screen of the web
//! game does not offer it, and [`Hosting`] there says so).

#[cfg(not(target_arch = "wasm32"))]
use std::net::SocketAddr;
use std::path::Path;
#[cfg(not(target_arch = "wasm32"))]
use std::path::PathBuf;

#[cfg(not(target_arch = "wasm32"))]
use super::HOST_PORT;
use super::NetEvent;
use super::link::Outbox;

/// The server hosted inside the game, if any. Ended ([`Hosting::end`]), it
/// stores when it went down, so that its games' clocks get the time back.
#[derive(Default)]
pub(super) struct Hosting {
    #[cfg(not(target_arch = "wasm32"))]
    running: Option<entropy_server::Running>,
}

impl Hosting {
    /// Starts the server, its database in `folder`, unless it runs; tells how it went.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) async fn start(&mut self, folder: &Path, outbox: &Outbox) {
        if self.running.is_some() {
            return;
        }
        let web = web_folder();
        match host(folder, web.clone()).await {
            Ok(running) => {
                let port = running.local_addr().port();
                let addresses = entropy_server::addresses::local_addresses()
                    .into_iter()
                    .map(|a| format!("{a}:{port}"))
                    .collect();
                let taken = port != HOST_PORT;
                let web = web.is_some();
                outbox.say(NetEvent::Hosting {
                    port,
                    addresses,
                    taken,
                    web,
                });
                self.running = Some(running);
            }
            Err(why) => {
                outbox.say(NetEvent::HostFailed(why));
            }
        }
    }

    /// A page cannot host a server.
    #[cfg(target_arch = "wasm32")]
    pub(super) async fn start(&mut self, _: &Path, outbox: &Outbox) {
        outbox.say(NetEvent::HostFailed("a browser cannot host a server".into()));
    }

    /// Stops the server, if it runs, and says so.
    pub(super) async fn stop(&mut self, outbox: &Outbox) {
        self.end().await;
        outbox.say(NetEvent::HostStopped);
    }

    /// Stops the server, if it runs.
    pub(super) async fn end(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(running) = self.running.take() {
            running.shutdown().await;
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// Starts the server inside the game, its database in `folder`: on
/// [`HOST_PORT`] on every address, or on any free port if that one is taken.
/// With `web`, the web game in that folder is served too.
async fn host(folder: &Path, web: Option<PathBuf>) -> Result<entropy_server::Running, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let database = entropy_server::db::sqlite_url(&folder.join(HOST_DATABASE));
    let clock = || std::sync::Arc::new(entropy_server::SystemClock);
    let config = |port: u16| {
        let mut config = entropy_server::Config::new(SocketAddr::from(([0, 0, 0, 0], port)), database.clone());
        config.web = web.clone();
        config
    };
    match entropy_server::start(config(HOST_PORT), clock()).await {
        Ok(running) => Ok(running),
        Err(entropy_server::StartError::Listen(_)) => entropy_server::start(config(0), clock())
            .await
            .map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(not(target_arch = "wasm32"))]
/// The web game built beside this game (`./serve` builds it into the build
/// folder's `web`; an installed game has it beside the executable), if any.
fn web_folder() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let beside = exe.parent()?;
    [beside.join("web"), beside.parent()?.join("web")]
        .into_iter()
        .find(|folder| entropy_server::web::built(folder))
}

/// The file of a hosted server's database, in the game's data folder.
pub const HOST_DATABASE: &str = "server.db";
