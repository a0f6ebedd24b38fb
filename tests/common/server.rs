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
