//! The real `entropy-server` binary as a child process: started on a free
//! loopback port, ready once it answers HTTP, and ended with SIGKILL
//! ([`std::process::Child::kill`]) as a crash or an `kill -9` would end it:
//! no shutdown, no last heartbeat, connections cut.

use std::fs::File;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::{SAFETY_NET, try_get, wall_ms};

/// Where a server process keeps its data.
#[derive(Clone, Debug)]
pub enum Database {
    /// `--data DIR`: the SQLite file `server.db` in it.
    Data(PathBuf),
    /// `--database URL`.
    Url(String),
}

/// A running `entropy-server`.
pub struct ServerProcess {
    child: Option<Child>,
    pub addr: SocketAddr,
    log: PathBuf,
    pub name: String,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl ServerProcess {
    /// Starts the binary on `database`, its log (stderr) in `logs/NAME.log`,
    /// and waits until it answers HTTP (or fails with its log).
    pub async fn start(name: &str, database: &Database, logs: &Path) -> ServerProcess {
        ServerProcess::start_with(name, database, logs, None).await
    }

    /// [`ServerProcess::start`], the process allowed `files` open files at
    /// most (its soft and hard limits, set by util-linux's `prlimit`).
    pub async fn start_with(name: &str, database: &Database, logs: &Path, files: Option<u32>) -> ServerProcess {
        // A port found free may be taken before the server binds it: try another.
        for attempt in 0..5 {
            let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
            let log = logs.join(format!("{name}-{}-{attempt}.log", wall_ms()));
            let binary = env!("CARGO_BIN_EXE_entropy-server");
            let mut command = match files {
                None => Command::new(binary),
                Some(files) => {
                    let mut limited = Command::new("prlimit");
                    limited.arg(format!("--nofile={files}:{files}")).arg("--").arg(binary);
                    limited
                }
            };
            command.arg("--listen").arg(addr.to_string());
            match database {
                Database::Data(dir) => command.arg("--data").arg(dir),
                Database::Url(url) => command.arg("--database").arg(url),
            };
            let child = command
                .env("RUST_LOG", "info,entropy_server=debug,sqlx=warn")
                .env("NO_COLOR", "1")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(File::create(&log).unwrap())
                .spawn()
                .unwrap_or_else(|e| panic!("cannot run entropy-server: {e}"));
            let mut server = ServerProcess {
                child: Some(child),
                addr,
                log,
                name: name.to_string(),
            };
            if server.ready().await {
                return server;
            }
            let log = server.log();
            if !log.contains("cannot listen") {
                panic!("server {name} did not start:\n{log}");
            }
        }
        panic!("server {name} found no free port in 5 attempts");
    }

    /// Waits until the server answers HTTP: true, or false if it exited.
    async fn ready(&mut self) -> bool {
        let deadline = tokio::time::Instant::now() + SAFETY_NET;
        // Any path the server does not know answers 404, from the server itself.
        let probe = self.url("/api/games/-");
        loop {
            if let Some(status) = self.child.as_mut().unwrap().try_wait().unwrap() {
                tracing_note(&format!("server {} exited with {status} before it answered", self.name));
                self.child = None;
                return false;
            }
            if let Some((status, _)) = try_get(probe.clone()).await {
                assert_eq!(status, 404, "server {} answered the probe oddly", self.name);
                return true;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "server {} did not answer HTTP within {SAFETY_NET:?}:\n{}",
                self.name,
                self.log()
            );
            // Polled: the condition is the port answering, not the time.
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// `http://ADDR/PATH`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `ws://ADDR/ws`.
    pub fn ws_url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }

    /// What the process wrote to stderr so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Kills the process with SIGKILL and waits for its end; the machine's
    /// time (ms since 1970) once it is dead.
    pub fn kill(&mut self) -> i64 {
        let mut child = self.child.take().expect("the server runs");
        child.kill().expect("SIGKILL is sent");
        let status = child.wait().expect("the killed server is reaped");
        assert!(!status.success(), "server {} ended by itself: {status}", self.name);
        wall_ms()
    }

    /// Whether the process still runs.
    pub fn runs(&mut self) -> bool {
        match self.child.as_mut() {
            Some(child) => child.try_wait().unwrap().is_none(),
            None => false,
        }
    }
}

fn tracing_note(note: &str) {
    eprintln!("{note}");
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
            if std::thread::panicking() {
                eprintln!("--- log of server {} ---\n{}", self.name, self.log());
            }
        }
    }
}
