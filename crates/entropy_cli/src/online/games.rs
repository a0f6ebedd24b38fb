//! `entropy-cli online games`: a player's finished games downloaded as
//! match files, `<id>.txt` in a folder, never over a different file.

use std::fs::OpenOptions;
use std::io::{ErrorKind, Write};
use std::path::Path;

use entropy_client::Server;
use entropy_rules::AnyMatchFile;

/// What became of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    /// Written, new.
    Written,
    /// The folder already held the same file.
    AlreadyThere,
    /// Not written, why: a different file of that name, a malformed
    /// answer, a failure.
    Failed(String),
}

/// Whether `id` can name a file: letters, digits, `-` and `_`, at most 64.
///
/// ```
/// use entropy_cli::online::games::safe_id;
/// assert!(safe_id("k3f9q2xa"));
/// assert!(!safe_id("../etc/passwd"));
/// assert!(!safe_id(""));
/// ```
pub fn safe_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Saves `text` as `dir/<id>.txt` unless a file is there: then it is left
/// as it is, and the same text is [`Saved::AlreadyThere`], another a failure.
pub fn save(dir: &Path, id: &str, text: &str) -> Saved {
    if !safe_id(id) {
        return Saved::Failed(format!(
            "the server's game id {:?} cannot name a file",
            entropy_rules::text::excerpt(id)
        ));
    }
    let path = dir.join(format!("{id}.txt"));
    // create_new: a file that appears meanwhile is not written over either.
    match OpenOptions::new().write(true).create_new(true).open(&path) {
        Ok(mut file) => match file.write_all(text.as_bytes()).and_then(|()| file.sync_all()) {
            Ok(()) => Saved::Written,
            Err(e) => {
                let _ = std::fs::remove_file(&path);
                Saved::Failed(format!("cannot write {}: {e}", path.display()))
            }
        },
        Err(e) if e.kind() == ErrorKind::AlreadyExists => {
            let limit = entropy_rules::MatchFile::BOUNDS.text as u64 + 1;
            let same = std::fs::File::open(&path).and_then(|file| {
                let mut held = Vec::new();
                std::io::Read::read_to_end(&mut std::io::Read::take(file, limit), &mut held)?;
                Ok(held == text.as_bytes())
            });
            match same {
                Ok(true) => Saved::AlreadyThere,
                Ok(false) => Saved::Failed(format!(
                    "{} already exists and differs from the server's: left as it is",
                    path.display()
                )),
                Err(e) => Saved::Failed(format!("{} already exists and cannot be read: {e}", path.display())),
            }
        }
        Err(e) => Saved::Failed(format!("cannot create {}: {e}", path.display())),
    }
}

/// Downloads every finished game of `player` into `dir` (made if
/// missing), saying what became of each on standard output and the
/// failures on standard error. Returns the count of failures, or why
/// nothing could be done.
pub async fn download(server: &Server, player: &str, dir: &Path) -> Result<usize, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
    let games = server
        .player_games(player)
        .await
        .map_err(|e| format!("cannot list {player}'s games: {e}"))?;
    let mut failures = 0;
    let mut written = 0;
    let mut there = 0;
    for summary in &games {
        let id = &summary.id;
        let saved = match server.game_file(id).await {
            Err(e) => Saved::Failed(format!("cannot download it: {e}")),
            // A file that does not read as a match is not kept.
            Ok(text) => match AnyMatchFile::parse(&text) {
                Err(e) => Saved::Failed(format!("the server's file is malformed: {e}")),
                Ok(_) => save(dir, id, &text),
            },
        };
        let shown = entropy_rules::text::escaped(id);
        match saved {
            Saved::Written => {
                written += 1;
                let _ = crate::output::write_stdout(&format!("{shown}.txt: written\n"));
            }
            Saved::AlreadyThere => {
                there += 1;
                let _ = crate::output::write_stdout(&format!("{shown}.txt: already there\n"));
            }
            Saved::Failed(why) => {
                failures += 1;
                eprintln!("entropy-cli online games: game {shown}: {why}");
            }
        }
    }
    let _ = crate::output::write_stdout(&format!(
        "{} games of {}: {written} written, {there} already there, {failures} failed\n",
        games.len(),
        entropy_rules::text::escaped(player)
    ));
    Ok(failures)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_written_once_and_never_over_another() {
        let dir = tempfile::TempDir::new().unwrap();
        assert_eq!(save(dir.path(), "g1", "text"), Saved::Written);
        assert_eq!(save(dir.path(), "g1", "text"), Saved::AlreadyThere);
        match save(dir.path(), "g1", "other") {
            Saved::Failed(why) => assert!(why.contains("differs"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(std::fs::read_to_string(dir.path().join("g1.txt")).unwrap(), "text");
        assert!(matches!(save(dir.path(), "../g2", "x"), Saved::Failed(_)));
        assert!(!dir.path().parent().unwrap().join("g2.txt").exists());
    }
}
