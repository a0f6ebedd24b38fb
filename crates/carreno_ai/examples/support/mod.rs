//! What the examples share.

use std::io::Read;

use carreno_rules::Position;

/// The position an example starts from: the one on standard input when
/// `args` hold `--stdin`, else the start.
pub fn start_or_stdin(args: &[String]) -> Position {
    if args.iter().any(|a| a == "--stdin") {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).unwrap();
        text.parse::<Position>().unwrap_or_else(|e| panic!("{e}"))
    } else {
        Position::new()
    }
}
