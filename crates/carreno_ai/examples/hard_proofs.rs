//! Checks that Hard plays the solved move wherever a position is solved
//! within a few plies: random positions the prover decides, searched by
//! Hard with a node budget, compared on the score and on the move.
//! `cargo run --release -p carreno_ai --example hard_proofs -- [decided] [plies] [nodes] [seed]`
use carreno_ai::solve::{Proof, Prover, random_position};
use carreno_ai::{Level, Limits, Score, SearchPlayer};
use carreno_rules::Game;
use rand::{SeedableRng, rngs::SmallRng};

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let wanted = args.first().copied().unwrap_or(200) as usize;
    let plies = args.get(1).copied().unwrap_or(7) as u32;
    let nodes = args.get(2).copied().unwrap_or(300_000);
    let seed = args.get(3).copied().unwrap_or(1);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut prover = Prover::new(22);
    let config = Level::Hard.search_config().unwrap_or_default();
    let (mut decided, mut same_score, mut sound_move) = (0, 0, 0);
    let mut sampled = 0;
    while decided < wanted {
        let position = random_position(&mut rng);
        sampled += 1;
        if position.winner().is_some() {
            continue;
        }
        let proof = prover.prove(&position, plies);
        if proof == Proof::Open {
            continue;
        }
        decided += 1;
        let mut hard = SearchPlayer::new("hard", config, Level::Hard.budget(), 0);
        let game = Game::from_position(position);
        let analysis = hard.analyse(&game, &Limits::nodes(nodes));
        let expected = match proof {
            Proof::Win(n) => Score::Win(n),
            Proof::Loss(n) => Score::Loss(n),
            Proof::Open => unreachable!(),
        };
        if analysis.score == expected {
            same_score += 1;
        } else {
            println!(
                "prover {proof:?}, Hard {} ({}):\n{position}",
                analysis.score, analysis.best
            );
        }
        // The move keeps the proven result: after it, the other side is
        // lost within one ply fewer (a win), or the loss is held as long.
        let after = position.play_unchecked(analysis.best);
        let keeps = match proof {
            Proof::Win(n) => {
                after.winner().is_some_and(|w| w.winner == position.to_move())
                    || prover.loses(&after, n - 1, analysis.best.is_pass())
            }
            Proof::Loss(n) => {
                after.winner().is_none() && !prover.wins(&after, n.saturating_sub(2), analysis.best.is_pass())
            }
            Proof::Open => true,
        };
        sound_move += usize::from(keeps);
    }
    println!(
        "{decided} positions decided within {plies} plies (of {sampled} sampled): Hard at {nodes} nodes gives the proven score in {same_score}, a move that keeps it in {sound_move}"
    );
}
