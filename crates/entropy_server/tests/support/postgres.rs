//! A PostgreSQL server of a test's own: a fresh cluster in a scratch
//! folder, listening on a free loopback port, stopped and removed when the
//! value is dropped. Debian's package puts the programs in
//! `/usr/lib/postgresql/<version>/bin` (the README's test command installs
//! it where missing). Run as root, the cluster belongs to the `postgres`
//! user, as PostgreSQL refuses to run as root.

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub struct Postgres {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
    as_postgres: bool,
}

/// The newest PostgreSQL installed, or None.
pub fn programs() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .collect();
    found.sort();
    found.pop().map(|(_, bin)| bin)
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc_geteuid() == 0 }
}

unsafe extern "C" {
    #[link_name = "geteuid"]
    fn libc_geteuid() -> u32;
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl Postgres {
    /// Starts a new cluster; panics with PostgreSQL's own words if it cannot.
    pub fn start() -> Postgres {
        Postgres::start_in(&std::env::temp_dir())
    }

    /// Starts a new cluster in a folder made in `parent` (a disk of the test's own, say).
    pub fn start_in(parent: &Path) -> Postgres {
        let bin = programs().expect("PostgreSQL is not installed: the README's test command installs it");
        let as_postgres = is_root();
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let dir = parent.join(format!("entropy-pg-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut pg = Postgres {
            dir,
            bin,
            port: 0,
            as_postgres,
        };
        if as_postgres {
            pg.checked(Command::new("chown").args(["postgres:postgres"]).arg(&pg.dir), "chown");
        }
        let data = pg.dir.join("data");
        pg.run(
            "initdb",
            &["-A", "trust", "-U", "postgres", "--no-sync", "-D", path(&data)],
        );
        // A port found free may be taken before the server binds it: try again.
        for _ in 0..5 {
            pg.port = free_port();
            let options = format!(
                "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
                pg.port,
                path(&pg.dir)
            );
            let log = pg.dir.join("log");
            let out = pg.output(
                "pg_ctl",
                &[
                    "start",
                    "-w",
                    "-t",
                    "120",
                    "-D",
                    path(&data),
                    "-l",
                    path(&log),
                    "-o",
                    &options,
                ],
            );
            if out.status.success() {
                return pg;
            }
        }
        let log = std::fs::read_to_string(pg.dir.join("log")).unwrap_or_default();
        panic!("PostgreSQL did not start: {log}");
    }

    /// The URL of its `postgres` database.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    fn command(&self, program: &str) -> Command {
        let program = self.bin.join(program);
        if self.as_postgres {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(program);
            command
        } else {
            Command::new(program)
        }
    }

    fn output(&self, program: &str, args: &[&str]) -> Output {
        self.command(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"))
    }

    fn run(&self, program: &str, args: &[&str]) {
        let out = self.output(program, args);
        assert!(
            out.status.success(),
            "{program} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn checked(&self, command: &mut Command, what: &str) {
        let status = command.status().unwrap_or_else(|e| panic!("{what}: {e}"));
        assert!(status.success(), "{what} failed");
    }
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a temporary folder's path is UTF-8")
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        let _ = self.output("pg_ctl", &["stop", "-m", "immediate", "-w", "-D", path(&data)]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
