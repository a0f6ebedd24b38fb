//! The server's signature on a finished match file: proof that the whole
//! file is as the server wrote it, its players, ratings, clocks, moves and
//! result included. The seed's commit and reveal ([`crate::fairness`])
//! proves the draws only; anyone could change the rest of a file and
//! still pass it.
//!
//! The server keeps one Ed25519 key pair ([`SigningKey`]) and publishes its
//! public half (at `GET /api/key`, as [`crate::ServerKey`]). When a game
//! ends it signs the file ([`SigningKey::sign_file`]), which adds two tags
//! at the end of the file's tags, each on a line of its own:
//!
//! ```text
//! [ServerKey "<the 32-byte public key: 64 lower-case hexadecimal digits>"]
//! [Signature "<the 64-byte Ed25519 signature: 128 lower-case hexadecimal digits>"]
//! ```
//!
//! What is signed is the file's text as every reader of match files reads
//! it ([`canonical`]): UTF-8, each line ended by `\n` alone, with no `\r`
//! at its end (a line ended by `\r\n`, as an editor or a transfer may
//! leave it, reads as ended by `\n`; a last line with no end, as ended),
//! no byte-order mark at its start; with the Signature line, and its `\n`,
//! taken out. The ServerKey line
//! stays in: the key is signed with the rest. Nothing else is normalised,
//! so any other change to the file, a byte, a line, a comment, a space,
//! makes the signature fail ([`verify_file`]). The signature is Ed25519 as
//! RFC 8032 has it, checked strictly (`verify_strict` of ed25519-dalek: no
//! weak keys, no malleable signatures).
//!
//! The two lines are tags like any other: `entropy-cli show`, `review` and
//! the game's History read a signed file as they read any.
//!
//! ```
//! use entropy_protocol::signature::{SignatureError, SigningKey, verify_file};
//!
//! let key = SigningKey::from_bytes([9; 32]);
//! let text = "[Player1 \"Ann\"]\n[Player2 \"Bob\"]\n\nRound 1: player 1 is Order\n";
//! let signed = key.sign_file(text);
//! assert!(signed.starts_with("[Player1 \"Ann\"]\n[Player2 \"Bob\"]\n[ServerKey \""));
//! assert_eq!(verify_file(&signed, Some(&key.public_hex())).unwrap().key, key.public_hex());
//!
//! let swapped = signed.replace("Ann", "Bxb").replace("Bob", "Ann").replace("Bxb", "Bob");
//! assert!(matches!(verify_file(&swapped, None), Err(SignatureError::Changed { .. })));
//! assert_eq!(verify_file(text, None), Err(SignatureError::Unsigned));
//! ```

use std::borrow::Cow;
use std::fmt;

use ed25519_dalek::{Signature, Signer, VerifyingKey};

use crate::fairness::hex;

/// The signature's algorithm, as `GET /api/key` names it.
pub const ALGORITHM: &str = "ed25519";
/// The tag that names the key a file is signed with.
pub const SERVER_KEY_TAG: &str = "ServerKey";
/// The tag that holds the signature.
pub const SIGNATURE_TAG: &str = "Signature";

/// A server's Ed25519 key pair: its secret signs match files, its public
/// half checks them. Written as the secret's 64 hexadecimal digits
/// ([`SigningKey::to_hex`]), which is how the server stores it.
#[derive(Clone)]
pub struct SigningKey(ed25519_dalek::SigningKey);

impl SigningKey {
    /// The key pair of a 32-byte secret.
    pub fn from_bytes(secret: [u8; 32]) -> SigningKey {
        SigningKey(ed25519_dalek::SigningKey::from_bytes(&secret))
    }

    /// A fresh key pair from the operating system's random source.
    pub fn generate() -> SigningKey {
        let mut secret = [0u8; 32];
        rand::fill(&mut secret);
        SigningKey::from_bytes(secret)
    }

    /// The key pair of a secret written as 64 hexadecimal digits.
    pub fn from_hex(text: &str) -> Result<SigningKey, String> {
        unhex::<32>(text.trim())
            .map(SigningKey::from_bytes)
            .ok_or_else(|| "a signing key is 64 hexadecimal digits".to_string())
    }

    /// The secret, as 64 hexadecimal digits: whoever has it can sign as
    /// the server.
    pub fn to_hex(&self) -> String {
        hex(self.0.as_bytes())
    }

    /// The public key, as 64 lower-case hexadecimal digits: what the
    /// server publishes and a file's `ServerKey` tag holds.
    pub fn public_hex(&self) -> String {
        hex(self.0.verifying_key().as_bytes())
    }

    /// The match file `text` signed: read as [`canonical`] has it, the
    /// `ServerKey` and `Signature` lines added after its last tag line (any
    /// there already are taken out first), the signature over the result
    /// with its own line taken out (see the module's text). `text` is a
    /// match file as `entropy_rules` writes it: its tags first, a line
    /// each.
    pub fn sign_file(&self, text: &str) -> String {
        let text = canonical(text);
        let lines: Vec<&str> = text
            .split_inclusive('\n')
            .filter(|line| !is_tag_line(line, SERVER_KEY_TAG) && !is_tag_line(line, SIGNATURE_TAG))
            .collect();
        let tags_end = lines
            .iter()
            .position(|line| !line.trim_start().starts_with('['))
            .unwrap_or(lines.len());
        let mut head: String = lines[..tags_end].concat();
        head.push_str(&tag_line(SERVER_KEY_TAG, &self.public_hex()));
        let tail: String = lines[tags_end..].concat();
        let signed = format!("{head}{tail}");
        let signature = self.0.sign(signed.as_bytes());
        format!("{head}{}{tail}", tag_line(SIGNATURE_TAG, &hex(&signature.to_bytes())))
    }
}

impl fmt::Debug for SigningKey {
    /// Never the secret: only the public key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SigningKey(public {})", self.public_hex())
    }
}

/// A file whose signature holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signed {
    /// The public key it is signed with, as 64 lower-case hexadecimal
    /// digits (its `ServerKey` tag).
    pub key: String,
}

/// Why [`verify_file`] does not find a file signed as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignatureError {
    /// The file has no `Signature` line: a file of an older server, or of
    /// another program, or one whose signature was taken out.
    Unsigned,
    /// The signature's lines are not as a server writes them (what is
    /// wrong): the file was changed, or never signed by a server.
    Malformed(String),
    /// The signature does not match the file: it was changed after it was
    /// signed with `key`.
    Changed { key: String },
    /// The file is signed, but with `found`, not with the key expected.
    OtherKey { expected: String, found: String },
}

impl fmt::Display for SignatureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SignatureError::Unsigned => write!(f, "the file is not signed (it has no [{SIGNATURE_TAG}] tag)"),
            SignatureError::Malformed(why) => write!(f, "the file's signature is not as a server writes it: {why}"),
            SignatureError::Changed { key } => write!(
                f,
                "the file was changed after it was signed: its signature does not match its text (key {key})"
            ),
            SignatureError::OtherKey { expected, found } => write!(
                f,
                "the file is signed with the key {found}, not with the key {expected}: someone else signed it"
            ),
        }
    }
}

impl std::error::Error for SignatureError {}

/// Checks the signature of the match file `text`, and that it is made
/// with `expected_key` (64 hexadecimal digits) when one is given: the
/// key the file is signed with, or why the file is not signed as it
/// stands. Without an expected key the file's own `ServerKey` is taken on
/// its word: anyone can sign a file with a key of their own.
///
/// The text is the file's, read as [`canonical`] has it: nothing else is
/// normalised before the check.
pub fn verify_file(text: &str, expected_key: Option<&str>) -> Result<Signed, SignatureError> {
    let malformed = SignatureError::Malformed;
    let text = canonical(text);
    let text = text.as_ref();
    let (at, signature) = match the_line(text, SIGNATURE_TAG)? {
        None => return Err(SignatureError::Unsigned),
        Some(found) => found,
    };
    let signature = unhex::<64>(signature)
        .map(|bytes| Signature::from_bytes(&bytes))
        .ok_or_else(|| malformed(format!("the [{SIGNATURE_TAG}] tag is not 128 hexadecimal digits")))?;
    let line_len = text[at..].find('\n').map_or(text.len() - at, |end| end + 1);
    let signed = format!("{}{}", &text[..at], &text[at + line_len..]);
    let (_, key) = the_line(&signed, SERVER_KEY_TAG)?
        .ok_or_else(|| malformed(format!("the file has no [{SERVER_KEY_TAG}] tag")))?;
    let key = key.to_string();
    let verifying = unhex::<32>(&key)
        .and_then(|bytes| VerifyingKey::from_bytes(&bytes).ok())
        .ok_or_else(|| malformed(format!("the [{SERVER_KEY_TAG}] tag is not an Ed25519 public key")))?;
    if verifying.verify_strict(signed.as_bytes(), &signature).is_err() {
        return Err(SignatureError::Changed { key });
    }
    if let Some(expected) = expected_key {
        let expected = expected.trim().to_ascii_lowercase();
        if expected != key {
            return Err(SignatureError::OtherKey { expected, found: key });
        }
    }
    Ok(Signed { key })
}

/// The text of a match file as every reader of match files reads it, and
/// as it is signed: without a byte-order mark at its start, each line
/// ended by `\n` alone, the last line too, with no `\r` at its end (a
/// line ended by `\r\n` is read as ended by `\n`). A text already so is
/// given back as it is; read again, the text read is the same.
///
/// ```
/// use entropy_protocol::signature::canonical;
///
/// assert_eq!(canonical("\u{feff}[A \"1\"]\r\n\r\n1. 3Dc"), "[A \"1\"]\n\n1. 3Dc\n");
/// assert_eq!(canonical("a\r\r\nb\rc\r"), "a\nb\rc\n");
/// assert_eq!(canonical(&canonical("a\r\r\n")), canonical("a\r\r\n"));
/// ```
pub fn canonical(text: &str) -> Cow<'_, str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if !text.contains('\r') && (text.is_empty() || text.ends_with('\n')) {
        return Cow::Borrowed(text);
    }
    let mut read = String::with_capacity(text.len() + 1);
    for line in text.split_inclusive('\n') {
        read.push_str(line.strip_suffix('\n').unwrap_or(line).trim_end_matches('\r'));
        read.push('\n');
    }
    Cow::Owned(read)
}

/// Whether the public key `text` can be: 64 hexadecimal digits of an
/// Ed25519 point. `Err` says what is wrong.
pub fn check_public_key(text: &str) -> Result<(), String> {
    unhex::<32>(text.trim())
        .and_then(|bytes| VerifyingKey::from_bytes(&bytes).ok())
        .map(drop)
        .ok_or_else(|| format!("{text:?} is not an Ed25519 public key (64 hexadecimal digits)"))
}

/// `[Name "value"]` and its line's end.
fn tag_line(name: &str, value: &str) -> String {
    format!("[{name} \"{value}\"]\n")
}

/// Whether `line` is a tag named `name`, however it is spaced.
fn is_tag_line(line: &str, name: &str) -> bool {
    line.trim_start()
        .strip_prefix('[')
        .map(str::trim_start)
        .and_then(|rest| rest.strip_prefix(name))
        .is_some_and(|rest| rest.starts_with(|ch: char| ch.is_whitespace() || ch == '"'))
}

/// The one line of `text` that is a tag named `name`, as the server
/// writes it (`[Name "value"]`, nothing around it, ended by `\n`): its
/// byte offset and its value. `None` when there is no such tag; an error
/// when there are two, or it is written otherwise.
fn the_line<'a>(text: &'a str, name: &str) -> Result<Option<(usize, &'a str)>, SignatureError> {
    let mut found = None;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if is_tag_line(line, name) {
            if found.is_some() {
                return Err(SignatureError::Malformed(format!("the [{name}] tag comes twice")));
            }
            let value = line
                .strip_suffix('\n')
                .and_then(|l| l.strip_prefix(&format!("[{name} \"")))
                .and_then(|l| l.strip_suffix("\"]"))
                .filter(|v| v.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
                .ok_or_else(|| {
                    SignatureError::Malformed(format!(
                        "the [{name}] line is not [{name} \"…\"] with lower-case hexadecimal digits"
                    ))
                })?;
            found = Some((at, value));
        }
        at += line.len();
    }
    Ok(found)
}

/// `N` bytes written as `2N` hexadecimal digits, or `None`.
fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut bytes = [0u8; N];
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_reads_back_from_its_hex_and_never_shows_its_secret() {
        let key = SigningKey::generate();
        let back = SigningKey::from_hex(&key.to_hex()).unwrap();
        assert_eq!(back.public_hex(), key.public_hex());
        assert_eq!(key.public_hex().len(), 64);
        let shown = format!("{key:?}");
        assert!(
            shown.contains(&key.public_hex()) && !shown.contains(&key.to_hex()),
            "{shown}"
        );
        assert!(SigningKey::from_hex("xyz").is_err());
        assert!(SigningKey::from_hex(&"0".repeat(63)).is_err());
        assert!(check_public_key(&key.public_hex()).is_ok());
        assert!(check_public_key(&key.to_hex()[..10]).is_err());
    }

    #[test]
    fn the_lines_go_after_the_last_tag_and_signing_again_replaces_them() {
        let key = SigningKey::from_bytes([1; 32]);
        let other = SigningKey::from_bytes([2; 32]);
        let text = "[A \"1\"]\n[B \"2\"]\n\n1. 3Dc\n";
        let signed = key.sign_file(text);
        let lines: Vec<&str> = signed.lines().collect();
        assert_eq!(lines[2], format!("[ServerKey \"{}\"]", key.public_hex()));
        assert!(lines[3].starts_with("[Signature \""), "{signed}");
        assert_eq!(&lines[4..], ["", "1. 3Dc"]);
        let again = other.sign_file(&signed);
        assert_eq!(verify_file(&again, None).unwrap().key, other.public_hex());
        assert_eq!(again.matches("[Signature").count(), 1, "{again}");
        // A text of tags alone, its last line unended.
        let bare = key.sign_file("[A \"1\"]");
        assert!(bare.starts_with("[A \"1\"]\n[ServerKey"), "{bare}");
        assert!(verify_file(&bare, Some(&key.public_hex())).is_ok());
    }

    #[test]
    fn lines_not_as_the_server_writes_them_are_malformed() {
        let key = SigningKey::from_bytes([1; 32]);
        let signed = key.sign_file("[A \"1\"]\n\n1. 3Dc\n");
        let sig_line = signed
            .lines()
            .find(|l| l.starts_with("[Signature"))
            .unwrap()
            .to_string();
        let key_line = signed
            .lines()
            .find(|l| l.starts_with("[ServerKey"))
            .unwrap()
            .to_string();
        let cases = [
            signed.replace(&sig_line, &sig_line.to_uppercase().replace("[SIGNATURE", "[Signature")),
            signed.replace(&sig_line, &format!(" {sig_line}")),
            signed.replace(&sig_line, "[Signature \"00\"]"),
            signed.replace(&key_line, ""),
            signed.replace(&key_line, &format!("{key_line}\n{key_line}")),
            format!("{signed}{sig_line}\n"),
        ];
        for case in cases {
            assert!(
                matches!(verify_file(&case, None), Err(SignatureError::Malformed(_))),
                "{case}: {:?}",
                verify_file(&case, None)
            );
        }
    }

    #[test]
    fn another_key_than_the_one_expected_is_said() {
        let key = SigningKey::from_bytes([1; 32]);
        let other = SigningKey::from_bytes([2; 32]);
        let signed = other.sign_file("[A \"1\"]\n");
        let error = verify_file(&signed, Some(&key.public_hex().to_uppercase())).unwrap_err();
        assert_eq!(
            error,
            SignatureError::OtherKey {
                expected: key.public_hex(),
                found: other.public_hex()
            }
        );
        assert!(error.to_string().contains("someone else signed it"), "{error}");
    }
}
