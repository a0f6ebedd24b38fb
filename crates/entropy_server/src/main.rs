//! `entropy-server`: runs the Entropy game server until SIGTERM or Ctrl+C.
//!
//! ```text
//! entropy-server [--listen ADDR] [--database FILE|URL] [--data DIR] [--tls-cert PEM --tls-key PEM]
//! ```
//!
//! Without `--database`, the database is the SQLite file `server.db` in the
//! data folder (`--data`, or the system's data folder for "entropy-server").

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use entropy_server::{Config, DEFAULT_LISTEN, SystemClock, Tls};
use tracing_subscriber::EnvFilter;

/// The game server for Entropy: accounts, a lobby, live and correspondence
/// games, spectators and ratings, over WebSocket and HTTP.
#[derive(Parser, Debug)]
#[command(name = "entropy-server", version)]
struct Args {
    /// The address to listen on.
    #[arg(long, value_name = "ADDR", default_value = DEFAULT_LISTEN)]
    listen: SocketAddr,
    /// The database: an SQLite file's path (made if new), sqlite:///path/to/file.db, or
    /// postgres://user:password@host/name.
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// The folder of the default SQLite database (server.db).
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// A certificate chain (PEM) to serve HTTPS and WSS with; needs --tls-key.
    #[arg(long, value_name = "PEM", requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM); needs --tls-cert.
    #[arg(long, value_name = "PEM", requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// A built web game's folder (./serve builds one), served at /.
    #[arg(long, value_name = "DIR")]
    web: Option<PathBuf>,
}

/// Exit status for a server that could not start (bad arguments exit with 2, as clap does).
const CANNOT_START: u8 = 1;

fn database(args: &Args) -> Result<String, String> {
    if let Some(url) = &args.database {
        if args.data.is_some() {
            return Err("--data names the folder of the default database: give --database or --data, not both".into());
        }
        return entropy_server::db::url::database_url(url);
    }
    let folder = match &args.data {
        Some(folder) => folder.clone(),
        None => directories::ProjectDirs::from("", "", "entropy-server")
            .ok_or("no data folder is known for this user: give --data DIR or --database URL")?
            .data_dir()
            .to_path_buf(),
    };
    std::fs::create_dir_all(&folder).map_err(|e| format!("cannot create the data folder {}: {e}", folder.display()))?;
    Ok(entropy_server::db::sqlite_url(&folder.join("server.db")))
}

async fn stop_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(term) => term,
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for SIGTERM; Ctrl+C still stops the server");
                let _ = ctrl_c.await;
                return;
            }
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(std::io::stderr)
        .init();
    let database = match database(&args) {
        Ok(database) => database,
        Err(why) => {
            eprintln!("entropy-server: {why}");
            return ExitCode::from(2);
        }
    };
    entropy_server::door::raise_file_limit();
    let mut config = Config::new(args.listen, database);
    if let (Some(cert), Some(key)) = (args.tls_cert, args.tls_key) {
        config.tls = Some(Tls { cert, key });
    }
    if let Some(web) = args.web {
        if !entropy_server::web::built(&web) {
            eprintln!(
                "entropy-server: {} holds no web game (no index.html): build one with ./serve",
                web.display()
            );
            return ExitCode::from(CANNOT_START);
        }
        config.web = Some(web);
    }
    let web = config.web.is_some();
    let listen = config.listen;
    let scheme = if config.tls.is_some() { "https" } else { "http" };
    let running = match entropy_server::start(config, Arc::new(SystemClock)).await {
        Ok(running) => running,
        Err(why) => {
            eprintln!("entropy-server: {why}");
            return ExitCode::from(CANNOT_START);
        }
    };
    if web {
        // Where a player opens the game: on every address, each of this
        // computer's (and the loopback, for a player here).
        let port = running.local_addr().port();
        let hosts = if listen.ip().is_unspecified() {
            let mut hosts = entropy_server::addresses::local_addresses();
            hosts.insert(0, "127.0.0.1".to_string());
            hosts
        } else {
            vec![listen.ip().to_string()]
        };
        for host in hosts.iter().filter_map(|h| h.parse::<std::net::IpAddr>().ok()) {
            let at = SocketAddr::new(host, port);
            eprintln!("entropy-server: the web game is at {scheme}://{at}/");
        }
    }
    stop_signal().await;
    running.shutdown().await;
    ExitCode::SUCCESS
}
