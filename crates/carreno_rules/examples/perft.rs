//! Prints the move-generation counts from the start position.
use carreno_rules::{Position, perft};
fn main() {
    let depth: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    for d in 0..=depth {
        let t = std::time::Instant::now();
        println!("perft({d}) = {} ({:?})", perft(&Position::new(), d), t.elapsed());
    }
}
