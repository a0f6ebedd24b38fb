//! Writing to standard output, which may fail: a full disk
//! (`entropy-cli show FILE > /dev/full`), a closed pipe, a device gone.
//! Every command writes through here, never through `print!` (which
//! panics when the write fails), and ends with [`exit`].
//!
//! A closed pipe is the reader having taken all it wanted (`entropy-cli
//! arena … | head -3`): the command then ends quietly, with success. Any
//! other failure is said on standard error, and the exit status is 1.
//!
//! The bot is the exception: its output is its half of a game with a
//! referee, so it reports any failure to write, a closed pipe too (the
//! referee left in mid-game), as [`crate::bot::BotError::Io`].

use std::io::{self, Write};
use std::process::ExitCode;

/// Writes `text` to standard output and flushes it.
pub fn write_stdout(text: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// Whether `error` is the reader of the output having closed its end of
/// the pipe.
pub fn is_closed_pipe(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::BrokenPipe
}

/// What a failure to write standard output tells: nothing for a closed
/// pipe, otherwise `entropy-cli <command>: cannot write standard output:
/// <why>`.
///
/// ```
/// use std::io;
/// use entropy_cli::output::failure;
///
/// let full = io::Error::from_raw_os_error(28);
/// assert!(failure("show", &full).unwrap().starts_with("entropy-cli show: cannot write standard output: "));
/// assert_eq!(failure("show", &io::Error::from(io::ErrorKind::BrokenPipe)), None);
/// ```
pub fn failure(command: &str, error: &io::Error) -> Option<String> {
    (!is_closed_pipe(error)).then(|| format!("entropy-cli {command}: cannot write standard output: {error}"))
}

/// The exit of `command` (`show`, `carreno moves`, …) once its output is
/// `written`: success, also after a closed pipe (said nothing); for any
/// other failure the message of [`failure`] on standard error and exit
/// status 1.
pub fn exit(command: &str, written: io::Result<()>) -> ExitCode {
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => match failure(command, &error) {
            None => ExitCode::SUCCESS,
            Some(message) => {
                eprintln!("{message}");
                ExitCode::FAILURE
            }
        },
    }
}

/// [`write_stdout`], then [`exit`].
pub fn print(command: &str, text: &str) -> ExitCode {
    exit(command, write_stdout(text))
}
