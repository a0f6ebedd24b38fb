//! What the rules crates of both games share: `entropy_rules` (Solomon's
//! Entropy, cells `Dc` on a 7×7 board) and `carreno_rules` (Carreno's,
//! squares `c4` on a 5×5 board) read and write their boards alike.
//!
//! - [`NotationError`]: text that is not valid notation (a cell, a square,
//!   a move), with the reason a player can act on.
//! - [`Axis`]: the characters that name a board's rows or its columns, and
//!   [`split_pair`], the two characters that name a cell or a square.
//! - [`BitIter`]: the members of a set kept as the bits of a word, in index
//!   order ([`FromBit`] turns a bit back into a square or a cell), and
//!   [`impl_bit_set!`], what every such set has (`len`, iterating,
//!   collecting).
//! - [`TextError`]: a board text that could not be read, with the line and
//!   column of the fault.
//! - [`serde_as_text!`]: serde as the `Display` text, read back with
//!   `FromStr` (behind the `serde` feature).
//! - [`text`]: text from outside, read with care: the length a reader
//!   accepts of each line and of the whole ([`text::Bounds`]), the
//!   byte-order mark skipped, and the short escaped quote of the input that
//!   an error message gives ([`text::excerpt`]).
//!
//! ```
//! use board_basics::{Axis, split_pair};
//! const COLUMNS: Axis = Axis::new("column", 'a', 'e').in_either_case();
//! const ROWS: Axis = Axis::new("row", '1', '5');
//! let (c, r, rest) = split_pair("C4").unwrap();
//! assert_eq!((COLUMNS.read("C4", c)?, ROWS.read("C4", r)?, rest), (2, 3, ""));
//! assert_eq!(ROWS.read("c9", '9').unwrap_err().reason, "'9' is not a row; rows are 1 to 5");
//! # Ok::<(), board_basics::NotationError>(())
//! ```

#![warn(missing_docs)]

use std::fmt;
use std::marker::PhantomData;

pub mod text;

use text::excerpt;

/// Text that is not valid notation (a cell or a square, a side, a move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// The text that was read.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl NotationError {
    /// The error of reading `text`, for `reason`.
    pub fn new(text: &str, reason: impl Into<String>) -> NotationError {
        NotationError {
            text: text.to_string(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for NotationError {
    /// `'3Xc': ` then the reason, the text quoted as [`excerpt`] gives it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': {}", excerpt(&self.text), self.reason)
    }
}

impl std::error::Error for NotationError {}

/// The first two characters of `text` (those naming a cell or a square) and
/// the rest; `None` when it is shorter.
pub fn split_pair(text: &str) -> Option<(char, char, &str)> {
    let mut chars = text.chars();
    let (first, second) = (chars.next()?, chars.next()?);
    Some((first, second, chars.as_str()))
}

/// The characters that name a board's rows or its columns: `first` to
/// `last`, the first of them standing for 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Axis {
    /// What one of them is called: `"row"` or `"column"`.
    pub name: &'static str,
    /// The character of row or column 0.
    pub first: char,
    /// The character of the last row or column.
    pub last: char,
    /// Whether a letter is read in either case (`first` and `last` then
    /// being lowercase).
    pub any_case: bool,
}

impl Axis {
    /// The rows or columns `name` (`"row"`, `"column"`) named `first` to
    /// `last`, read in that case only.
    pub const fn new(name: &'static str, first: char, last: char) -> Axis {
        Axis {
            name,
            first,
            last,
            any_case: false,
        }
    }

    /// The same, its letters (lowercase) read in either case.
    pub const fn in_either_case(self) -> Axis {
        Axis { any_case: true, ..self }
    }

    /// The row or column that `c` names; an error about `text` (the whole
    /// notation being read) when it names none.
    pub fn read(&self, text: &str, c: char) -> Result<usize, NotationError> {
        let key = if self.any_case { c.to_ascii_lowercase() } else { c };
        if (self.first..=self.last).contains(&key) {
            Ok(key as usize - self.first as usize)
        } else {
            let Axis { name, first, last, .. } = *self;
            Err(NotationError::new(
                text,
                format!("'{}' is not a {name}; {name}s are {first} to {last}", c.escape_debug()),
            ))
        }
    }
}

/// A value a set keeps as one bit of a word: a cell or a square, by its index.
pub trait FromBit: Sized {
    /// The value of bit `index`, if there is one.
    fn from_bit(index: usize) -> Option<Self>;
}

/// The members of a set kept as the bits of a word, lowest bit first.
#[derive(Clone, Debug)]
pub struct BitIter<T> {
    bits: u64,
    item: PhantomData<fn() -> T>,
}

impl<T> BitIter<T> {
    /// The members whose bits are set in `bits`.
    #[inline]
    pub const fn new(bits: u64) -> BitIter<T> {
        BitIter {
            bits,
            item: PhantomData,
        }
    }
}

impl<T: FromBit> Iterator for BitIter<T> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        if self.bits == 0 {
            return None;
        }
        let index = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        T::from_bit(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.bits.count_ones() as usize;
        (n, Some(n))
    }
}

impl<T: FromBit> ExactSizeIterator for BitIter<T> {}

/// Gives a set kept as the bits of a word what every such set has: `len`
/// and `is_empty`, its members in index order ([`BitIter`]) by
/// `IntoIterator`, and a set collected from members by `FromIterator`.
///
/// The set is a tuple struct over an unsigned integer with an `EMPTY` set
/// and an `insert` method; its members implement [`FromBit`]; `$members`
/// names them in the docs (`"squares"`).
///
/// ```ignore
/// board_basics::impl_bit_set!(SquareSet, Square, "squares");
/// ```
#[macro_export]
macro_rules! impl_bit_set {
    ($set:ident, $member:ty, $members:literal) => {
        impl $set {
            #[doc = concat!("The number of ", $members, ".")]
            #[inline]
            pub const fn len(self) -> usize {
                self.0.count_ones() as usize
            }

            /// Whether the set is empty.
            #[inline]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }
        }

        impl ::core::iter::IntoIterator for $set {
            type Item = $member;
            type IntoIter = $crate::BitIter<$member>;
            #[inline]
            fn into_iter(self) -> $crate::BitIter<$member> {
                $crate::BitIter::new(u64::from(self.0))
            }
        }

        impl ::core::iter::FromIterator<$member> for $set {
            fn from_iter<I: ::core::iter::IntoIterator<Item = $member>>(iter: I) -> $set {
                let mut set = $set::EMPTY;
                for member in iter {
                    set.insert(member);
                }
                set
            }
        }
    };
}

/// A board text (several lines) that could not be read: where the fault is,
/// and what it is (`K`, each game's own list of faults).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError<K> {
    /// The line of the input, from 1.
    pub line: usize,
    /// The character column within that line, from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: K,
}

impl<K> TextError<K> {
    /// The fault `kind` at `line` and `column` (both from 1).
    pub fn new(line: usize, column: usize, kind: K) -> TextError<K> {
        TextError { line, column, kind }
    }
}

impl<K: fmt::Display> fmt::Display for TextError<K> {
    /// `line 2, column 3: ` then what is wrong.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.kind)
    }
}

impl<K: fmt::Display + fmt::Debug> std::error::Error for TextError<K> {}

#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;

/// Serializes the listed types as their `Display` text and deserializes
/// them with `FromStr` (whose error must be `Display`).
///
/// ```ignore
/// #[cfg(feature = "serde")]
/// board_basics::serde_as_text!(Square, Move);
/// ```
#[cfg(feature = "serde")]
#[macro_export]
macro_rules! serde_as_text {
    ($($ty:ty),+ $(,)?) => {$(
        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str> as $crate::__serde::Deserialize<'de>>::deserialize(deserializer)?;
                text.parse().map_err($crate::__serde::de::Error::custom)
            }
        }
    )+};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Bit(usize);

    impl FromBit for Bit {
        fn from_bit(index: usize) -> Option<Bit> {
            Some(Bit(index))
        }
    }

    #[test]
    fn bits_come_lowest_first_and_are_counted() {
        let iter = BitIter::<Bit>::new(0b1010_0001 | 1 << 48);
        assert_eq!(iter.len(), 4);
        assert_eq!(iter.collect::<Vec<_>>(), [Bit(0), Bit(5), Bit(7), Bit(48)]);
        assert_eq!(BitIter::<Bit>::new(0).next(), None);
    }

    #[test]
    fn an_axis_reads_its_characters_and_names_the_others() {
        let rows = Axis::new("row", 'A', 'G');
        assert_eq!(rows.read("Dc", 'D'), Ok(3));
        let error = rows.read("dc", 'd').unwrap_err();
        assert_eq!(
            (error.text.as_str(), error.reason.as_str()),
            ("dc", "'d' is not a row; rows are A to G")
        );
        let columns = Axis::new("column", 'a', 'e').in_either_case();
        assert_eq!(columns.read("E1", 'E'), Ok(4));
        assert_eq!(
            columns.read("F1", 'F').unwrap_err().reason,
            "'F' is not a column; columns are a to e"
        );
    }

    #[test]
    fn a_pair_is_the_first_two_characters() {
        assert_eq!(split_pair("DcDf"), Some(('D', 'c', "Df")));
        assert_eq!(split_pair("c4"), Some(('c', '4', "")));
        assert_eq!(split_pair("c"), None);
    }

    #[test]
    fn a_text_error_names_its_place() {
        let error = TextError::new(2, 3, "no board");
        assert_eq!(error.to_string(), "line 2, column 3: no board");
    }
}
