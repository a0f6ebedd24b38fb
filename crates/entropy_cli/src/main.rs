//! `entropy-cli`: score a board, play the CodeCup 2023 protocol as a bot.

use std::io::{self, Read};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use entropy_ai::{Greedy, Limits};
use entropy_rules::Board;

#[derive(Parser)]
#[command(
    name = "entropy-cli",
    version,
    about = "Entropy (Order and Chaos): scoring, a CodeCup bot, an arena"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Score a board read from standard input: N lines of N symbols (N = 5 or
    /// 7), colours 1-7 or A-G, '.' for an empty cell. Prints every row and
    /// column counted aloud, then `total: <score>`. Exit status 2 on a
    /// malformed board.
    Score,
    /// Play one game of the CodeCup 2023 protocol on standard input and
    /// output, as Chaos or Order (told by the first line).
    Bot {
        /// Seed for the player's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Score => score(),
        Command::Bot { seed } => {
            let mut player = Greedy::new(seed);
            let stdin = io::stdin().lock();
            let stdout = io::stdout().lock();
            match entropy_cli::bot::play(stdin, stdout, &mut player, &mut Limits::none()) {
                Ok(_) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("entropy-cli bot: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

fn score() -> ExitCode {
    let mut text = String::new();
    if let Err(e) = io::stdin().read_to_string(&mut text) {
        eprintln!("entropy-cli score: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    match Board::parse(&text) {
        Ok(board) => {
            print!("{}", entropy_cli::score::report(&board));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("entropy-cli score: {e}");
            ExitCode::from(2)
        }
    }
}
