//! `entropy-cli online`: a bot account playing on an entropy-server
//! ([`bot`]), and a player's finished games downloaded as match files
//! ([`games`]). Each command builds its own tokio runtime.

pub mod account;
pub mod bot;
pub mod clock;
pub mod games;
pub mod load;
pub mod seats;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use entropy_protocol::{Format, GameOptions, Speed};

use crate::arena::PlayerSpec;

/// The server a command talks to when none is given.
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:7849";

/// The `online` subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play on a server as a bot account: sign in (registering the account
    /// the first time), take the open seeks and challenges that match the
    /// options below (or, with --seek, post a seek and play whoever takes
    /// it), and play each game with the built-in AI or a CodeCup program
    /// within the clock. A lost connection is made again; the games go on.
    /// Prints a line as each game starts and ends.
    ///
    /// The password is --password, else the environment variable
    /// ENTROPY_BOT_PASSWORD. Without either, the bot runs only for a server
    /// on this machine (localhost, 127.0.0.0/8, ::1), with the password
    /// "insecure-local-<NAME>", which anyone who knows the name can sign in
    /// with; for any other server it refuses to start (exit status 2).
    /// (A --password can be seen by other users of the machine in the
    /// process list; the variable cannot.)
    Bot {
        /// The server: ws://, wss://, http:// or https://, host and port.
        #[arg(long, default_value = DEFAULT_SERVER)]
        server: String,
        /// A PEM file of the certificate authorities to trust for wss://
        /// and https:// instead of the usual public ones: a server with a
        /// certificate of its own or of a private authority. Without it,
        /// the file the environment variable ENTROPY_CA_FILE names, if any.
        #[arg(long, value_name = "PEM")]
        ca_file: Option<PathBuf>,
        /// The bot's account.
        #[arg(long)]
        name: String,
        /// The account's password (see above).
        #[arg(long)]
        password: Option<String>,
        /// The built-in player: greedy, beginner, easy, medium, hard or master.
        #[arg(long, value_parser = builtin_spec, conflicts_with = "program")]
        level: Option<PlayerSpec>,
        /// Instead, a program speaking the CodeCup 2023 protocol, run by `sh -c`
        /// afresh for each round (for each board of a simultaneous match).
        #[arg(long)]
        program: Option<String>,
        /// Post a seek and play whoever takes it, instead of taking others'.
        #[arg(long)]
        seek: bool,
        /// The board: 7x7 or 5x5.
        #[arg(long, default_value = "7x7", value_parser = board)]
        board: u8,
        /// Rated games (otherwise casual ones).
        #[arg(long)]
        rated: bool,
        /// The simultaneous match (otherwise the match of two rounds).
        #[arg(long)]
        simultaneous: bool,
        /// A live clock of this many seconds for each player. Without it
        /// or --days the bot takes any live clock, and seeks 300 seconds.
        #[arg(long, conflicts_with = "days", value_parser = clap::value_parser!(u32).range(
            i64::from(GameOptions::MIN_SECONDS)..=i64::from(GameOptions::MAX_SECONDS)))]
        clock: Option<u32>,
        /// Correspondence: this many days a move.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=i64::from(GameOptions::MAX_DAYS)))]
        days: Option<u32>,
        /// Stop after this many finished games (otherwise play on).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        games: Option<u64>,
        /// Seed for the built-in player's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Download a player's finished games as match files, <id>.txt in
    /// the folder (made if missing). A file already there is never written
    /// over: the same file is left, a different one is reported (exit 1).
    Games {
        /// The server: ws://, wss://, http:// or https://, host and port.
        #[arg(long, default_value = DEFAULT_SERVER)]
        server: String,
        /// A PEM file of the certificate authorities to trust for wss://
        /// and https:// instead of the usual public ones: a server with a
        /// certificate of its own or of a private authority. Without it,
        /// the file the environment variable ENTROPY_CA_FILE names, if any.
        #[arg(long, value_name = "PEM")]
        ca_file: Option<PathBuf>,
        /// The player whose games to download.
        #[arg(long)]
        player: String,
        /// The folder to write them in.
        #[arg(long)]
        out: PathBuf,
    },
    /// A load benchmark of a server: 2×N bot accounts (<PREFIX>-0, …)
    /// play N casual live games against each other, random legal moves at
    /// --rate a second each, finished games replaced; after all have
    /// started, the moves a second, the latency of a move (median, p90,
    /// p99, max), refusals and errors over --duration seconds, and the
    /// server's memory and CPU. For a server on this machine only.
    Load(load::LoadArgs),
}

fn builtin_spec(s: &str) -> Result<PlayerSpec, String> {
    match s.parse()? {
        PlayerSpec::External(_) => Err("--level is a built-in player; a program is given with --program".into()),
        spec => Ok(spec),
    }
}

fn board(s: &str) -> Result<u8, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "7x7" | "7" => Ok(7),
        "5x5" | "5" => Ok(5),
        _ => Err(format!("{s:?}: the board is 7x7 or 5x5")),
    }
}

/// The certificate authorities' file: `--ca-file`, else the file
/// [`entropy_client::CA_FILE_VAR`] names (when set and not empty).
pub fn ca_file_or_env(flag: Option<PathBuf>) -> Option<PathBuf> {
    flag.or_else(|| {
        std::env::var_os(entropy_client::CA_FILE_VAR)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    })
}

/// The server at `url`, trusting the certificate authorities of `ca_file`
/// if given.
pub fn connect_to(url: &str, ca_file: Option<&Path>) -> Result<entropy_client::Server, entropy_client::ClientError> {
    let server = entropy_client::Server::new(url)?;
    match ca_file {
        Some(path) => server.with_ca_file(path),
        None => Ok(server),
    }
}

/// A tokio runtime for one command.
fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))
}

/// Runs an `online` subcommand.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Bot {
            server,
            ca_file,
            name,
            password,
            level,
            program,
            seek,
            board,
            rated,
            simultaneous,
            clock,
            days,
            games,
            seed,
        } => {
            let ca_file = ca_file_or_env(ca_file);
            // Only the address is checked here: nothing is sent yet.
            let host = match connect_to(&server, ca_file.as_deref()) {
                Ok(checked) => checked.endpoint().host().to_string(),
                Err(e) => {
                    eprintln!("entropy-cli online bot: {e}");
                    return ExitCode::from(2);
                }
            };
            let var = std::env::var(account::PASSWORD_VAR).ok();
            let (password, insecure) = match account::password(password, var, &name, &host) {
                Ok(password) => password,
                Err(e) => {
                    eprintln!("entropy-cli online bot: {e}");
                    return ExitCode::from(2);
                }
            };
            let player = match (level, program) {
                (_, Some(program)) if program.trim().is_empty() => {
                    eprintln!("entropy-cli online bot: --program is given no command line");
                    return ExitCode::from(2);
                }
                (_, Some(program)) => PlayerSpec::External(program),
                (Some(level), None) => level,
                (None, None) => PlayerSpec::Level(entropy_ai::Level::Hard),
            };
            let speed = match (clock, days) {
                (_, Some(days)) => Speed::Correspondence { days },
                (Some(seconds), None) => Speed::Live { seconds },
                (None, None) => Speed::Live { seconds: 300 },
            };
            let options = GameOptions {
                size: board,
                format: if simultaneous {
                    Format::Simultaneous
                } else {
                    Format::Match
                },
                speed,
                rated,
            };
            if insecure {
                eprintln!(
                    "entropy-cli online bot: no --password or {}: using the insecure password \
                     insecure-local-<NAME>, for a server on this machine only",
                    account::PASSWORD_VAR
                );
            }
            let config = bot::BotConfig {
                server,
                ca_file,
                name,
                password,
                player,
                seek,
                options,
                any_live_clock: clock.is_none() && days.is_none(),
                games,
                seed,
            };
            let runtime = match runtime() {
                Ok(runtime) => runtime,
                Err(e) => {
                    eprintln!("entropy-cli online bot: {e}");
                    return ExitCode::FAILURE;
                }
            };
            match runtime.block_on(bot::run(config)) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("entropy-cli online bot: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Load(args) => load::command(args),
        Command::Games {
            server,
            ca_file,
            player,
            out,
        } => {
            let server = match connect_to(&server, ca_file_or_env(ca_file).as_deref()) {
                Ok(server) => server,
                Err(e) => {
                    eprintln!("entropy-cli online games: {e}");
                    return ExitCode::from(2);
                }
            };
            let runtime = match runtime() {
                Ok(runtime) => runtime,
                Err(e) => {
                    eprintln!("entropy-cli online games: {e}");
                    return ExitCode::FAILURE;
                }
            };
            match runtime.block_on(games::download(&server, &player, &out)) {
                Ok(0) => ExitCode::SUCCESS,
                Ok(_) => ExitCode::FAILURE,
                Err(e) => {
                    eprintln!("entropy-cli online games: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
