//! `entropy-cli verify`: checks that a match played on a server drew its
//! counters from the seed the server committed to before the first draw
//! ([`entropy_protocol::fairness`]).
//!
//! The file is read as `show` reads it ([`crate::review::read_any`]): within
//! the match file's bounds, replayed as it is parsed, so a file whose draws
//! do not follow from its own bags is malformed and never gets this far.
//! What is left to check is that the revealed `[Seed]` hashes to the
//! `[SeedHash]` published at the start, and that the bags are the ones the
//! seed gives.

use entropy_protocol::fairness::{self, VerifyError};
use entropy_rules::AnyMatchFile;

/// The last line of a verified file's report.
pub const VERIFIED: &str = "every draw follows from the seed";

/// The report of a file that verifies (the hash and [`VERIFIED`], a line
/// each), or why it does not.
///
/// ```
/// use entropy_cli::verify::report;
/// use entropy_protocol::fairness::Secret;
/// use entropy_rules::{AnyMatchFile, Match, MatchFile, MatchTags, Player, Size};
///
/// let secret = Secret::from_bytes([3; 32]);
/// let game = Match::new(Size::Five, Player::One, secret.match_seeds());
/// let mut tags = MatchTags::default();
/// tags.extra.push(("Seed".into(), secret.to_string()));
/// tags.extra.push(("SeedHash".into(), secret.commitment()));
/// let file = AnyMatchFile::Rounds(MatchFile { tags, record: game.record() });
/// let text = report(&file).unwrap();
/// assert!(text.starts_with(&format!("seed hash {}", secret.commitment())));
/// assert!(text.ends_with("every draw follows from the seed\n"));
/// ```
pub fn report(file: &AnyMatchFile) -> Result<String, VerifyError> {
    let hash = fairness::verify(file)?;
    Ok(format!(
        "seed hash {hash}: the seed revealed hashes to it\n{}\n",
        VERIFIED
    ))
}
