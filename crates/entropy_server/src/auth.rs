//! Passwords and session tokens. A password is kept only as its Argon2id
//! hash (the `argon2` crate's PHC string, salted); a session's token is 32
//! random bytes, given to the client once in hexadecimal and kept only as
//! its SHA-256. Neither a password nor a token is ever logged.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use sha2::{Digest, Sha256};

/// The longest password read, in bytes (hashing is slow on purpose).
pub const MAX_PASSWORD: usize = 256;
/// The shortest password accepted, in characters.
pub const MIN_PASSWORD: usize = 8;
/// The longest name, in characters.
pub const MAX_NAME: usize = 24;

/// Refuses a name that is not 1 to 24 letters, digits, `-` or `_`.
pub fn check_name(name: &str) -> Result<(), String> {
    let length = name.chars().count();
    if length == 0 || length > MAX_NAME {
        return Err(format!("a name has 1 to {MAX_NAME} characters, not {length}"));
    }
    if let Some(c) = name.chars().find(|c| !(c.is_alphanumeric() || *c == '-' || *c == '_')) {
        return Err(format!("a name has letters, digits, - and _ only, not {c:?}"));
    }
    // Letters of one alphabet: a name mixing, say, Cyrillic and Latin
    // letters that look alike is how one passes for another.
    use unicode_normalization::UnicodeNormalization;
    use unicode_security::MixedScript;
    let normal: String = name.nfkc().collect();
    if !normal.as_str().is_single_script() {
        return Err("a name is written in one alphabet, not several".into());
    }
    Ok(())
}

/// Refuses a password too short or too long for a new account.
pub fn check_password(password: &str) -> Result<(), String> {
    if password.len() > MAX_PASSWORD {
        return Err(format!("a password has at most {MAX_PASSWORD} bytes"));
    }
    if password.chars().count() < MIN_PASSWORD {
        return Err(format!("a password has at least {MIN_PASSWORD} characters"));
    }
    Ok(())
}

/// The Argon2id hash of a password, with a fresh salt.
pub fn hash_password(password: &str) -> Result<String, String> {
    let mut bytes = [0u8; 16];
    rand::fill(&mut bytes);
    let salt = SaltString::encode_b64(&bytes).map_err(|e| format!("cannot make a salt: {e}"))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| format!("cannot hash the password: {e}"))
}

/// Whether a password is the one a stored hash was made from.
pub fn verify_password(password: &str, stored: &str) -> bool {
    if password.len() > MAX_PASSWORD {
        return false;
    }
    match PasswordHash::new(stored) {
        Ok(hash) => Argon2::default().verify_password(password.as_bytes(), &hash).is_ok(),
        Err(_) => false,
    }
}

/// The hash a password for an unknown name is checked against: an Argon2id
/// hash of a random password, made once with the same cost as every
/// account's, so that an unknown name takes as long to refuse as a known
/// one.
pub fn unknown_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| {
        let mut bytes = [0u8; 24];
        rand::fill(&mut bytes);
        hash_password(&hex::encode(bytes)).unwrap_or_default()
    })
}

/// A new session token: 32 random bytes in hexadecimal.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::fill(&mut bytes);
    hex::encode(bytes)
}

/// What is stored of a token: its SHA-256, in hexadecimal.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// A random id of `length` lower-case letters and digits.
pub fn random_id(length: usize) -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..length)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_verifies_against_its_hash_only() {
        let hash = hash_password("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("correct horsf", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn tokens_are_fresh_and_their_hash_is_not_them() {
        let (a, b) = (new_token(), new_token());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_ne!(token_hash(&a), a);
        assert_eq!(token_hash(&a), token_hash(&a));
    }

    #[test]
    fn names_are_checked() {
        assert!(check_name("Ann_2-b").is_ok());
        assert!(check_name("").is_err());
        assert!(check_name("a b").unwrap_err().contains("' '"));
        assert!(check_name(&"x".repeat(25)).is_err());
        assert!(check_name("Зоя").is_ok() && check_name("ＡＮＮ").is_ok());
        assert!(check_name("\u{430}nn").unwrap_err().contains("one alphabet"));
    }
}
