//! The commit and reveal of a match's seed: proof that the server did not
//! choose the counters as the game went.
//!
//! Before the first draw the server picks a [`Secret`] at random and
//! publishes its [`Secret::commitment`] (a SHA-256 hash) in the game's first
//! event. The bags are drawn from seeds that follow from the secret
//! ([`Secret::match_seeds`], [`Secret::simultaneous_seed`]), so nobody who
//! sees only the hash can tell what comes next. When the match ends the
//! secret is revealed, and the finished match file carries it (`[Seed]`
//! and `[SeedHash]` tags): [`verify`] checks that it matches the hash and
//! that every draw of the file follows from it.
//!
//! ```
//! use entropy_protocol::fairness::Secret;
//!
//! let secret = Secret::from_bytes([7; 32]);
//! let shown = secret.to_string();
//! assert_eq!(shown.len(), 64);
//! let read: Secret = shown.parse().unwrap();
//! assert_eq!(read.commitment(), secret.commitment());
//! assert_ne!(read.match_seeds()[0], read.match_seeds()[1]);
//! ```

use std::fmt;
use std::str::FromStr;

use entropy_rules::{AnyMatchFile, BagSpec, MatchTags};
use sha2::{Digest, Sha256};

/// The tag of a match file that holds the revealed seed.
pub const SEED_TAG: &str = "Seed";
/// The tag that holds the hash published at the start.
pub const SEED_HASH_TAG: &str = "SeedHash";

/// 32 secret random bytes; written as 64 hexadecimal digits.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Secret([u8; 32]);

impl Secret {
    pub fn from_bytes(bytes: [u8; 32]) -> Secret {
        Secret(bytes)
    }

    /// A fresh secret from the operating system's random source.
    pub fn random() -> Secret {
        let mut bytes = [0u8; 32];
        rand::fill(&mut bytes);
        Secret(bytes)
    }

    /// The hash published before the match: SHA-256 of the secret's 64
    /// hexadecimal digits, itself in hexadecimal.
    pub fn commitment(&self) -> String {
        hex(&Sha256::digest(self.to_string().as_bytes()))
    }

    /// The two rounds' bag seeds of a two-round match.
    pub fn match_seeds(&self) -> [u64; 2] {
        [self.derive("bag 1"), self.derive("bag 2")]
    }

    /// The one queue's seed of a simultaneous match.
    pub fn simultaneous_seed(&self) -> u64 {
        self.derive("simultaneous bag")
    }

    fn derive(&self, purpose: &str) -> u64 {
        let mut hash = Sha256::new();
        hash.update(self.0);
        hash.update(purpose.as_bytes());
        let digest = hash.finalize();
        u64::from_le_bytes(digest[..8].try_into().expect("a SHA-256 digest has 32 bytes"))
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

impl fmt::Debug for Secret {
    /// Never the secret itself: a log must not reveal it before the end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Secret(committed as {})", self.commitment())
    }
}

impl FromStr for Secret {
    type Err = String;

    fn from_str(text: &str) -> Result<Secret, String> {
        let text = text.trim();
        if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!(
                "a seed is 64 hexadecimal digits, not {:?}",
                entropy_rules::text::excerpt(text)
            ));
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).expect("checked to be hexadecimal");
        }
        Ok(Secret(bytes))
    }
}

/// `bytes` as lower-case hexadecimal digits, two a byte.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What [`verify`] found wrong with a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// The file has no `[Seed]` or no `[SeedHash]` tag: nothing to verify.
    Missing(&'static str),
    /// The seed is not 64 hexadecimal digits.
    BadSeed(String),
    /// The seed does not hash to the hash published.
    HashMismatch { published: String, computed: String },
    /// A bag's seed in the file is not the one the secret gives.
    BagMismatch {
        bag: String,
        expected: String,
        found: String,
    },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Missing(tag) => write!(f, "the file has no [{tag}] tag: it was not played on a server"),
            VerifyError::BadSeed(why) => write!(f, "the [{SEED_TAG}] tag: {why}"),
            VerifyError::HashMismatch { published, computed } => write!(
                f,
                "the seed does not match the hash published at the start: published {published}, the seed hashes to {computed}"
            ),
            VerifyError::BagMismatch { bag, expected, found } => {
                write!(f, "{bag} is drawn from {found}, but the seed gives {expected}")
            }
        }
    }
}

impl std::error::Error for VerifyError {}

fn tag<'a>(tags: &'a MatchTags, name: &'static str) -> Result<&'a str, VerifyError> {
    tags.extra
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
        .ok_or(VerifyError::Missing(name))
}

/// Checks a finished match file played on a server: its seed matches the
/// hash published at the start, and its bags are the ones the seed gives.
/// The file was already replayed as it was read ([`AnyMatchFile::parse`]
/// refuses a file whose draws do not follow from its bags), so every draw
/// follows from the seed. Returns the hash, verified.
pub fn verify(file: &AnyMatchFile) -> Result<String, VerifyError> {
    let tags = file.tags();
    let published = tag(tags, SEED_HASH_TAG)?.trim().to_ascii_lowercase();
    let secret: Secret = tag(tags, SEED_TAG)?.parse().map_err(VerifyError::BadSeed)?;
    let computed = secret.commitment();
    if computed != published {
        return Err(VerifyError::HashMismatch { published, computed });
    }
    let bags: Vec<(String, BagSpec, u64)> = match file {
        AnyMatchFile::Rounds(file) => {
            let seeds = secret.match_seeds();
            vec![
                ("Round 1's bag".into(), file.record.bags[0].clone(), seeds[0]),
                ("Round 2's bag".into(), file.record.bags[1].clone(), seeds[1]),
            ]
        }
        AnyMatchFile::Simultaneous(file) => {
            vec![("The bag".into(), file.record.bag.clone(), secret.simultaneous_seed())]
        }
    };
    for (bag, spec, seed) in bags {
        let expected = BagSpec::Seed(seed);
        if spec != expected {
            return Err(VerifyError::BagMismatch {
                bag,
                expected: format!("{expected:?}"),
                found: format!("{spec:?}"),
            });
        }
    }
    Ok(published)
}
