//! `entropy-cli online` against a real entropy-server started in the
//! test's process (127.0.0.1, any free port, a fresh SQLite database): two
//! bots, one seeking a rated game and one taking it, play it to its end
//! as child processes; `online games` downloads its file and `verify`
//! passes on it. A server that stops in mid-game and comes back on the
//! same port finds the bots back: they finish the game.

use std::fs::File;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use entropy_server::{Config, Running, SystemClock};
use tempfile::TempDir;

/// Bounds a test that hangs; each test waits for what it waits for, and
/// is done as soon as it happens.
const BOUND: Duration = Duration::from_secs(240);

const BIN: &str = env!("CARGO_BIN_EXE_entropy-cli");

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn start_server(runtime: &tokio::runtime::Runtime, listen: SocketAddr, database: &Path) -> Running {
    let config = Config::new(listen, entropy_server::db::sqlite_url(database));
    runtime
        .block_on(entropy_server::start(config, Arc::new(SystemClock)))
        .unwrap()
}

/// A bot as a child process, its output in files of `dir`.
struct Bot {
    name: String,
    child: Child,
    stdout: PathBuf,
    stderr: PathBuf,
}

impl Bot {
    fn start(dir: &Path, url: &str, name: &str, extra: &[&str]) -> Bot {
        let stdout = dir.join(format!("{name}.out"));
        let stderr = dir.join(format!("{name}.err"));
        // Greedy, unless the bot is given a program instead.
        let level: &[&str] = if extra.contains(&"--program") {
            &[]
        } else {
            &["--level", "greedy"]
        };
        let child = Command::new(BIN)
            .args(["online", "bot", "--server", url, "--name", name])
            .args(level)
            .args(["--board", "5x5", "--rated", "--clock", "120", "--games", "1"])
            .args(extra)
            .env("ENTROPY_BOT_PASSWORD", format!("password of {name}"))
            .stdin(Stdio::null())
            .stdout(File::create(&stdout).unwrap())
            .stderr(File::create(&stderr).unwrap())
            .spawn()
            .unwrap();
        Bot {
            name: name.into(),
            child,
            stdout,
            stderr,
        }
    }

    fn out(&self) -> String {
        std::fs::read_to_string(&self.stdout).unwrap_or_default()
    }

    fn logs(&self) -> String {
        format!(
            "{} stdout:\n{}\n{} stderr:\n{}",
            self.name,
            self.out(),
            self.name,
            std::fs::read_to_string(&self.stderr).unwrap_or_default()
        )
    }

    /// Waits until `condition` holds of the bot's output.
    fn wait_for(&mut self, what: &str, condition: impl Fn(&str) -> bool) {
        let start = Instant::now();
        while !condition(&self.out()) {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("{} exited ({status}) before {what}\n{}", self.name, self.logs());
            }
            assert!(start.elapsed() < BOUND, "no {what}\n{}", self.logs());
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for the bot to exit, with success; its standard output and error.
    fn finish(mut self) -> (String, String) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "{} exited with {status}\n{}", self.name, self.logs());
                return (self.out(), std::fs::read_to_string(&self.stderr).unwrap_or_default());
            }
            if start.elapsed() > BOUND {
                let _ = self.child.kill();
                panic!("{} still playing\n{}", self.name, self.logs());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn cli(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

/// `online games` for `player` into `out`, then `verify` on each file,
/// against the key the server publishes: the whole file is the server's.
fn download_and_verify(url: &str, player: &str, out: &Path) -> Vec<PathBuf> {
    let games = cli(&[
        "online",
        "games",
        "--server",
        url,
        "--player",
        player,
        "--out",
        out.to_str().unwrap(),
    ]);
    let said = String::from_utf8_lossy(&games.stdout).into_owned();
    assert!(
        games.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&games.stderr)
    );
    assert!(said.contains("1 written"), "{said}");
    let files: Vec<PathBuf> = std::fs::read_dir(out).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1, "{files:?}");
    for file in &files {
        let verified = cli(&["verify", "--server", url, file.to_str().unwrap()]);
        let text = String::from_utf8_lossy(&verified.stdout);
        assert!(
            verified.status.success(),
            "{text}{}",
            String::from_utf8_lossy(&verified.stderr)
        );
        assert!(text.contains("every draw follows from the seed"), "{text}");
        assert!(
            text.contains(&format!(
                "that {url} publishes: the whole file is as that server signed it, players, ratings, clocks, \
                 moves and result"
            )),
            "{text}"
        );
    }
    files
}

/// A file of the server's, signed again with a key of one's own after a
/// change: valid for that key, and refused against the server's.
fn forged_fails(url: &str, file: &Path) {
    let text = std::fs::read_to_string(file).unwrap();
    let forger = entropy_protocol::signature::SigningKey::from_bytes([5; 32]);
    // Beside the folder of downloads, which stays the server's alone.
    let forged = file.parent().unwrap().with_extension("forged.txt");
    std::fs::write(&forged, forger.sign_file(&text.replace("seeker", "forger"))).unwrap();
    let output = cli(&["verify", "--server", url, forged.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains(&format!("that {url} publishes: someone else signed it")),
        "{err}"
    );
    // A server that does not answer: its key cannot be had, and the file
    // does not verify.
    let output = cli(&["verify", "--server", "http://127.0.0.1:9", file.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("cannot fetch the key http://127.0.0.1:9 publishes"),
        "{err}"
    );
}

#[test]
fn two_bots_play_a_rated_game_whose_file_verifies() {
    let dir = TempDir::new().unwrap();
    let runtime = runtime();
    let server = start_server(&runtime, "127.0.0.1:0".parse().unwrap(), &dir.path().join("server.db"));
    let url = format!("ws://{}", server.local_addr());

    let seeker = Bot::start(dir.path(), &url, "seeker", &["--seek"]);
    let taker = Bot::start(dir.path(), &url, "taker", &[]);
    let (seeker_out, _) = seeker.finish();
    let (taker_out, _) = taker.finish();
    for out in [&seeker_out, &taker_out] {
        assert!(out.contains("started"), "{out}");
        assert!(out.contains("1 of 1 finished"), "{out}");
    }
    assert!(seeker_out.contains("against taker"), "{seeker_out}");
    for out in [&seeker_out, &taker_out] {
        assert!(
            out.contains(", rating 1500 → "),
            "a rated game's line says the rating: {out}"
        );
    }

    let out = dir.path().join("games");
    let files = download_and_verify(&url, "seeker", &out);
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.contains("seeker") && text.contains("taker"), "{text}");
    forged_fails(&url, &files[0]);

    // Again: the same file is there, nothing is written.
    let again = cli(&[
        "online",
        "games",
        "--server",
        &url,
        "--player",
        "taker",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(again.status.success());
    assert!(String::from_utf8_lossy(&again.stdout).contains("1 already there"));
    // A different file of that name is left as it is, and said.
    std::fs::write(&files[0], "mine\n").unwrap();
    let kept = cli(&[
        "online",
        "games",
        "--server",
        &url,
        "--player",
        "taker",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(kept.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&kept.stderr).contains("differs"));
    assert_eq!(std::fs::read_to_string(&files[0]).unwrap(), "mine\n");

    runtime.block_on(server.shutdown());
}

#[test]
fn the_bots_come_back_after_the_server_restarts_and_finish_their_game() {
    let dir = TempDir::new().unwrap();
    let database = dir.path().join("server.db");
    let runtime = runtime();
    let server = start_server(&runtime, "127.0.0.1:0".parse().unwrap(), &database);
    let addr = server.local_addr();
    let url = format!("ws://{addr}");

    let mut seeker = Bot::start(dir.path(), &url, "seeker", &["--seek"]);
    // The taker's moves are a CodeCup program's: entropy-cli's own bot at
    // Medium, a quarter of a second a move, so the game is still on when
    // the server stops.
    let program = format!("'{BIN}' bot --level medium");
    let mut taker = Bot::start(dir.path(), &url, "taker", &["--program", &program]);
    seeker.wait_for("a game", |out| out.contains("started"));
    taker.wait_for("a game", |out| out.contains("started"));
    runtime.block_on(server.shutdown());
    assert!(
        !seeker.out().contains("finished"),
        "the game ended before the server stopped"
    );
    // The same port, the same database: the game goes on from where it was.
    let server = start_server(&runtime, addr, &database);
    for (out, err) in [seeker.finish(), taker.finish()] {
        assert!(out.contains("1 of 1 finished"), "{out}");
        assert!(err.contains("connection lost"), "{err}");
        assert!(err.contains("connected again"), "{err}");
    }
    download_and_verify(&url, "seeker", &dir.path().join("games"));
    runtime.block_on(server.shutdown());
}

/// The id of the game a bot's output says started.
fn started_game(out: &str) -> String {
    let line = out
        .lines()
        .find(|l| l.ends_with(": started"))
        .unwrap_or_else(|| panic!("{out}"));
    line.trim_start_matches("game ")
        .trim_end_matches(": started")
        .to_string()
}

#[test]
fn a_bot_started_again_picks_up_its_game_and_finishes_it() {
    let dir = TempDir::new().unwrap();
    let runtime = runtime();
    let server = start_server(&runtime, "127.0.0.1:0".parse().unwrap(), &dir.path().join("server.db"));
    let url = format!("ws://{}", server.local_addr());

    let mut seeker = Bot::start(dir.path(), &url, "seeker", &["--seek"]);
    // The taker thinks a quarter of a second a move: the game is still on
    // when the seeker is killed.
    let program = format!("'{BIN}' bot --level medium");
    let mut taker = Bot::start(dir.path(), &url, "taker", &["--program", &program]);
    seeker.wait_for("a game", |out| out.contains("started"));
    taker.wait_for("a game", |out| out.contains("started"));
    let game = started_game(&seeker.out());
    drop(seeker);
    assert!(
        !taker.out().contains("finished"),
        "the game ended before the seeker was killed"
    );

    // Started again, seeking nothing and taking only simultaneous matches:
    // the server tells it of its two-round game, which it watches from the
    // start and plays to the end by that game's own options.
    let stdout = dir.path().join("seeker.out");
    std::fs::rename(&stdout, dir.path().join("seeker-killed.out")).unwrap();
    let again = Bot::start(dir.path(), &url, "seeker", &["--simultaneous"]);
    let (out, _) = again.finish();
    assert_eq!(started_game(&out), game, "{out}");
    assert!(out.contains("1 of 1 finished"), "{out}");
    let (out, _) = taker.finish();
    assert!(out.contains("1 of 1 finished"), "{out}");
    runtime.block_on(server.shutdown());
}
