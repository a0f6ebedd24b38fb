//! A server for the game's tests to play online through: `entropy-server`
//! in the test's own process, on a loopback port, its database in a
//! scratch folder; killed as SIGKILL would kill it (its tasks and sockets
//! dropped, nothing stored on the way out) and started again on the same
//! port and database. (Included with `#[path]` by the tests that need it.)

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::Arc;

use super::common::{Scratch, scratch};

/// A server on a loopback port, in a runtime of its own, its database in a
/// scratch folder.
pub struct TestServer {
    runtime: Option<tokio::runtime::Runtime>,
    running: Option<entropy_server::Running>,
    /// Where clients reach it: `127.0.0.1:PORT`.
    pub address: String,
    listen: SocketAddr,
    dir: Scratch,
}

/// A runtime of two threads, for a server or a test's bots.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

impl TestServer {
    /// A new server with an empty database.
    pub fn start(name: &str) -> TestServer {
        let mut server = TestServer {
            runtime: None,
            running: None,
            address: String::new(),
            listen: "127.0.0.1:0".parse().unwrap(),
            dir: scratch(name),
        };
        server.restart();
        server.listen = server.running.as_ref().unwrap().local_addr();
        server.address = server.listen.to_string();
        server
    }

    /// Starts the server (again): the same port, the same database.
    pub fn restart(&mut self) {
        assert!(self.running.is_none(), "the server runs already");
        let runtime = runtime();
        let database = entropy_server::db::sqlite_url(&self.dir.join("server.db"));
        let config = entropy_server::Config::new(self.listen, database);
        let running = runtime
            .block_on(entropy_server::start(config, Arc::new(entropy_server::SystemClock)))
            .unwrap();
        self.running = Some(running);
        self.runtime = Some(runtime);
    }

    /// Kills the server as SIGKILL would: its tasks stop where they are,
    /// its sockets close without a word, and nothing is stored on the way out.
    pub fn kill(&mut self) {
        let running = self.running.take();
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
        drop(running);
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let (Some(running), Some(runtime)) = (self.running.take(), self.runtime.take()) {
            runtime.block_on(running.shutdown());
        }
    }
}

/// The variable that makes [`serve_in_this_process`] serve: `DIR PORT`.
pub const SERVER_HELPER: &str = "ENTROPY_TEST_SERVER";

/// A server in a process of its own, started from this test executable
/// (its test `server_process_helper`, which calls [`serve_in_this_process`]),
/// so that it can be killed with a real SIGKILL: the kernel closes its
/// sockets, nothing of it runs on the way out, its database is left as
/// the moment found it. Started again on the same port and database.
pub struct ServerProcess {
    child: Option<std::process::Child>,
    /// Where clients reach it: `127.0.0.1:PORT`.
    pub address: String,
    port: u16,
    dir: Scratch,
    /// The built web game it serves at `/`, if any.
    web: Option<std::path::PathBuf>,
}

impl ServerProcess {
    /// A new server with an empty database, on a free loopback port.
    pub fn start(name: &str) -> ServerProcess {
        ServerProcess::start_serving(name, None)
    }

    /// A new server as [`ServerProcess::start`] starts one, serving the
    /// built web game in `web` at `/` (as `entropy-server --web` does).
    pub fn start_serving(name: &str, web: Option<&std::path::Path>) -> ServerProcess {
        let mut server = ServerProcess {
            child: None,
            address: String::new(),
            port: 0,
            dir: scratch(name),
            web: web.map(std::path::Path::to_path_buf),
        };
        server.restart();
        server
    }

    /// Starts the server (again): the same port, the same database. Waits
    /// until it listens.
    pub fn restart(&mut self) {
        assert!(self.child.is_none(), "the server runs already");
        let ready = self.dir.join("ready");
        let _ = std::fs::remove_file(&ready);
        let mut command = std::process::Command::new(std::env::current_exe().unwrap());
        command
            .args(["server_process_helper", "--exact", "--nocapture"])
            .env(SERVER_HELPER, format!("{} {}", self.dir.display(), self.port))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::inherit());
        match &self.web {
            Some(web) => command.env(SERVER_WEB, web),
            None => command.env_remove(SERVER_WEB),
        };
        let child = super::common::spawn_alone(&mut command).expect("the server's process starts");
        self.child = Some(child);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
        let port = loop {
            if let Ok(text) = std::fs::read_to_string(&ready)
                && let Ok(port) = text.trim().parse::<u16>()
            {
                break port;
            }
            if let Some(status) = self.child.as_mut().unwrap().try_wait().unwrap() {
                panic!("the server's process stopped ({status})");
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the server's process never listened"
            );
            std::thread::sleep(std::time::Duration::from_millis(20));
        };
        self.port = port;
        self.address = format!("127.0.0.1:{port}");
    }

    /// Kills the server's process with SIGKILL, and waits for its end.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            let status = child.wait().unwrap();
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(status.signal(), Some(9), "the server's process was killed: {status}");
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The variable that makes [`serve_in_this_process`] serve the web game
/// in a folder too.
pub const SERVER_WEB: &str = "ENTROPY_TEST_WEB";

/// Run by a test file's `server_process_helper` test: with
/// [`SERVER_HELPER`] set (`DIR PORT`, port 0 for any), serves on that
/// loopback port with its database in `DIR` until it is killed, having
/// written its port to `DIR/ready`; without it, does nothing.
pub fn serve_in_this_process() {
    let Ok(said) = std::env::var(SERVER_HELPER) else {
        return;
    };
    let (dir, port) = said.rsplit_once(' ').expect("DIR PORT");
    let dir = std::path::PathBuf::from(dir);
    let port: u16 = port.parse().expect("a port");
    let runtime = runtime();
    let database = entropy_server::db::sqlite_url(&dir.join("server.db"));
    let mut config = entropy_server::Config::new(SocketAddr::from(([127, 0, 0, 1], port)), database);
    config.web = std::env::var_os(SERVER_WEB).map(std::path::PathBuf::from);
    let running = runtime
        .block_on(entropy_server::start(config, Arc::new(entropy_server::SystemClock)))
        .unwrap();
    let port = running.local_addr().port();
    std::fs::write(dir.join("ready.tmp"), port.to_string()).unwrap();
    std::fs::rename(dir.join("ready.tmp"), dir.join("ready")).unwrap();
    loop {
        std::thread::sleep(std::time::Duration::from_secs(1));
    }
}
