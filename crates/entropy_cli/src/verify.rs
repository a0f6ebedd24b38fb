//! `entropy-cli verify`: what a match file played on a server proves, and
//! what it does not, a line each.
//!
//! The file is read as `show` reads it ([`crate::review::read_file`]):
//! within the match file's bounds, replayed as it is parsed, so a file
//! whose draws do not follow from its own bags is malformed and never gets
//! this far. Then, in order, each check stopping the rest when it fails:
//!
//! 1. the revealed `[Seed]` hashes to the `[SeedHash]` published before
//!    the first draw, and the bags are the ones the seed gives
//!    ([`entropy_protocol::fairness`]): every draw follows from the seed;
//! 2. the server's signature ([`entropy_protocol::signature`]): the whole
//!    file, players, ratings, clocks, moves and result, is as it was
//!    signed. The key is checked against the one given (`--key`) or the
//!    one the server publishes (`--server`), and then the file must be
//!    signed with it; without either, a signature is checked against the
//!    key the file names, which proves nothing of who signed it, and an
//!    unsigned file (an older server's, another program's) passes with
//!    what it leaves unproven said;
//! 3. the match has a result: a file without one (abandoned, or cut
//!    short) is unfinished, and does not verify.

use std::path::Path;

use entropy_protocol::fairness;
use entropy_protocol::signature::{self, SignatureError};
use entropy_rules::{AnyMatchFile, Ending};

/// The line that says the draws were checked.
pub const VERIFIED: &str = "every draw follows from the seed";

/// The key a file's signature is checked against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// None: the key the file names is taken on its word.
    Unchecked,
    /// A key given on the command line (`--key`), 64 hexadecimal digits.
    Given(String),
    /// The key a server publishes at `/api/key` (`--server`), and the
    /// server's address as given.
    Published { key: String, server: String },
}

impl Key {
    /// The key expected, if any.
    fn expected(&self) -> Option<&str> {
        match self {
            Key::Unchecked => None,
            Key::Given(key) | Key::Published { key, .. } => Some(key),
        }
    }

    /// Whose key it is, said after "the key K": `given with --key`, `that
    /// SERVER publishes`.
    fn whose(&self) -> String {
        match self {
            Key::Unchecked => "the file names".into(),
            Key::Given(_) => "given with --key".into(),
            Key::Published { server, .. } => format!("that {server} publishes"),
        }
    }
}

/// What `verify` found: what was checked, a line each (standard output),
/// and why the file does not verify, if it does not (standard error).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Each check made and what it showed, and what was not checked.
    pub lines: Vec<String>,
    /// Why the file does not verify: the check that failed.
    pub failure: Option<String>,
}

impl Verdict {
    /// The lines as text, each ended by a newline.
    pub fn text(&self) -> String {
        self.lines.iter().map(|line| format!("{line}\n")).collect()
    }
}

/// Reads the match file at `path`: its text, byte for byte (the signature
/// is over it), and the file parsed and replayed; the error names the file
/// and the line, as `show`'s does.
pub fn read(path: &Path) -> Result<(String, AnyMatchFile), String> {
    let text = crate::review::read_file(path)?;
    let file = AnyMatchFile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((text, file))
}

/// The key the server at `url` publishes (`GET /api/key`), trusting the
/// certificate authorities of `ca_file` (else of `ENTROPY_CA_FILE`) for
/// `https://`; the error says which server could not be asked, and why.
pub fn published_key(url: &str, ca_file: Option<&Path>) -> Result<String, String> {
    let ca_file = crate::online::ca_file_or_env(ca_file.map(Path::to_path_buf));
    let cannot = |e: &dyn std::fmt::Display| format!("cannot fetch the key {url} publishes: {e}");
    let server = crate::online::connect_to(url, ca_file.as_deref()).map_err(|e| cannot(&e))?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(server.server_key()).map_err(|e| cannot(&e))
}

/// Checks the file `file` read from `text`, its signature against `key`.
///
/// ```
/// use entropy_cli::verify::{Key, check};
/// use entropy_protocol::fairness::Secret;
/// use entropy_protocol::signature::SigningKey;
/// use entropy_rules::{Action, AnyMatchFile, Match, MatchFile, MatchTags, Phase, Player, Size};
///
/// let secret = Secret::from_bytes([3; 32]);
/// let mut game = Match::new(Size::Five, Player::One, secret.match_seeds());
/// while !game.is_over() {
///     let action = match game.round().phase() {
///         Phase::ChaosDraw => Action::Draw,
///         Phase::ChaosPlace(_) => Action::Place(game.round().board().vacant().nth(0).unwrap()),
///         Phase::OrderMove => Action::Pass,
///         Phase::Finished => { game.start_second_round().unwrap(); continue; }
///     };
///     game.apply(action).unwrap();
/// }
/// let mut tags = MatchTags::default();
/// tags.extra.push(("Seed".into(), secret.to_string()));
/// tags.extra.push(("SeedHash".into(), secret.commitment()));
/// let text = MatchFile { tags, record: game.record() }.to_text();
///
/// // Unsigned: the draws are proven, nothing else.
/// let verdict = check(&text, &AnyMatchFile::parse(&text).unwrap(), &Key::Unchecked);
/// assert_eq!(verdict.failure, None);
/// assert!(verdict.text().starts_with(&format!("seed hash {}", secret.commitment())));
/// assert!(verdict.text().contains("every draw follows from the seed\nsignature: none"));
///
/// // Signed, and checked against the signer's key: the whole file is proven.
/// let key = SigningKey::from_bytes([4; 32]);
/// let signed = key.sign_file(&text);
/// let verdict = check(&signed, &AnyMatchFile::parse(&signed).unwrap(), &Key::Given(key.public_hex()));
/// assert_eq!(verdict.failure, None);
/// assert!(verdict.text().contains("the whole file is as that key's holder signed it"));
/// ```
pub fn check(text: &str, file: &AnyMatchFile, key: &Key) -> Verdict {
    let mut lines = Vec::new();
    let failure = checks(text, file, key, &mut lines).err();
    Verdict { lines, failure }
}

/// The checks, in order: each pushes its lines as it passes; the first
/// to fail says why.
fn checks(text: &str, file: &AnyMatchFile, key: &Key, lines: &mut Vec<String>) -> Result<(), String> {
    let hash = fairness::verify(file).map_err(|e| e.to_string())?;
    lines.push(format!("seed hash {hash}: the seed revealed hashes to it"));
    lines.push(VERIFIED.into());
    signed(text, key, lines)?;
    let ending = match file {
        AnyMatchFile::Rounds(file) => file.ending(),
        AnyMatchFile::Simultaneous(file) => file.ending(),
    };
    match ending {
        Some(ending) if ending != Ending::Abandoned => {
            lines.push(format!("result: {} ({ending})", ending.result_tag()));
            Ok(())
        }
        _ => Err("unfinished: the match has no result (it was abandoned or cut short before its end)".into()),
    }
}

/// The signature's lines, or why it fails.
fn signed(text: &str, key: &Key, lines: &mut Vec<String>) -> Result<(), String> {
    const WHOLE: &str = "players, ratings, clocks, moves and result";
    match signature::verify_file(text, key.expected()) {
        Ok(signed) => {
            let whose = key.whose();
            lines.push(match key {
                Key::Unchecked => format!("signature: valid for the key {} that the file names", signed.key),
                Key::Given(_) => format!(
                    "signature: valid for the key {} {whose}: the whole file is as that key's holder signed it, \
                     {WHOLE}",
                    signed.key
                ),
                Key::Published { .. } => format!(
                    "signature: valid for the key {} {whose}: the whole file is as that server signed it, {WHOLE}",
                    signed.key
                ),
            });
            if *key == Key::Unchecked {
                lines.push(format!(
                    "not checked: whether that key is the server's (anyone can sign a file with a key of their \
                     own), so the {WHOLE} are not proven to be the server's: give --server URL or --key HEX"
                ));
            }
            Ok(())
        }
        Err(SignatureError::Unsigned) if *key == Key::Unchecked => {
            lines.push("signature: none (a file of an older server, or of another program)".into());
            lines.push(
                "not proven: the players, their ratings, the moves, the clocks and the result: anyone could have changed \
                 them; only the draws are checked"
                    .into(),
            );
            Ok(())
        }
        Err(SignatureError::Unsigned) => Err(format!(
            "the file is not signed, so nothing shows it to be the server's: the key {} {} signs nothing in it",
            key.expected().unwrap_or_default(),
            key.whose()
        )),
        Err(SignatureError::Changed { key: found }) => Err(match key.expected() {
            Some(expected) if expected != found => format!(
                "the file was changed after it was signed, and it is signed with the key {found}, not the key \
                 {expected} {}",
                key.whose()
            ),
            Some(_) => format!(
                "the file was changed after the server signed it: its signature (key {found}) does not match \
                 its text"
            ),
            None => format!(
                "the file was changed after it was signed: its signature (key {found}, the one the file names) \
                 does not match its text"
            ),
        }),
        Err(SignatureError::OtherKey { expected, found }) => Err(format!(
            "the file is signed with the key {found}, not the key {expected} {}: someone else signed it",
            key.whose()
        )),
        Err(e @ SignatureError::Malformed(_)) => Err(e.to_string()),
    }
}
