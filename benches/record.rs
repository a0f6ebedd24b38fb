//! Opening the Record screen with a thousand matches in the history: the
//! history read from its folder (every file read and its moves replayed, as
//! at launch) and the player's record built from it (each match replayed
//! once more, the rating computed after each of them). `cargo bench --bench record`; the aim
//! is under half a second for the two together (`docs/performance.md`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use entropy::history::History;
use entropy::history::record::{Kind, Record};
use entropy_ai::Level;
use entropy_rules::{Action, AnyMatchFile, Match, MatchFile, MatchTags, Phase, Player, PlayerTags, Size};
use entropy_stats::glicko::Rating;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A thousand whole matches of random legal play, 7×7 and 5×5, against
/// every level in turn, written as the history writes them.
fn history_folder(dir: &std::path::Path) {
    let mut rng = SmallRng::seed_from_u64(46);
    let mut moves = entropy_rules::MoveList::new();
    for i in 0..1000u64 {
        let size = if i % 4 == 3 { Size::Five } else { Size::Seven };
        let mut game = Match::new(size, Player::One, [i, i + 5000]);
        while !game.is_over() {
            if game.round().is_finished() {
                game.start_second_round().unwrap();
            }
            let position = *game.round().position();
            let action = match position.phase() {
                Phase::ChaosDraw => Action::Draw,
                Phase::ChaosPlace(_) => {
                    let vacant = position.placements();
                    Action::Place(vacant.nth(rng.random_range(0..vacant.len())).unwrap())
                }
                Phase::OrderMove => {
                    position.order_moves(&mut moves);
                    Action::from(moves[rng.random_range(0..moves.len())])
                }
                Phase::Finished => continue,
            };
            game.apply(action).unwrap();
        }
        let level = Level::ALL[i as usize % Level::ALL.len()];
        let tags = MatchTags {
            date: format!("2026-01-01 {:02}:{:02}", i / 60 % 24, i % 60),
            players: [
                PlayerTags {
                    name: "You".into(),
                    kind: "person".into(),
                },
                PlayerTags {
                    name: level.title().into(),
                    kind: format!("computer: {}", level.name()),
                },
            ],
            extra: Vec::new(),
        };
        let file = AnyMatchFile::Rounds(MatchFile {
            tags,
            record: game.record(),
        });
        std::fs::write(dir.join(format!("2026-01-01 {i:04}.txt")), file.to_text()).unwrap();
    }
}

/// Every level rated for every kind, 300 apart, so that every match counts
/// in the rating whatever the AI crate has measured so far.
fn levels(level: Level, _: Kind) -> Option<Rating> {
    let index = Level::ALL.iter().position(|&l| l == level)?;
    Some(Rating::fixed(1000.0 + 300.0 * index as f64, 60.0))
}

fn open_the_record(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    history_folder(dir.path());
    let folder = Some(dir.path().to_path_buf());
    assert_eq!(History::load(folder.clone()).entries.len(), 1000);
    let mut group = c.benchmark_group("the record of 1,000 matches");
    group.sample_size(10);
    group.bench_function("read the history and build the record", |b| {
        b.iter(|| {
            let history = History::load(black_box(folder.clone()));
            Record::build(&history.entries, levels)
        })
    });
    let history = History::load(folder.clone());
    group.bench_function("build the record from the history read", |b| {
        b.iter(|| Record::build(black_box(&history.entries), levels))
    });
    group.finish();
}

criterion_group!(benches, open_the_record);
criterion_main!(benches);
