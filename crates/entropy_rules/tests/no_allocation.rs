//! The hot paths must not allocate: a counting allocator watches them.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use entropy_rules::{MoveList, Phase, Position, Size};
use rand::{SeedableRng, rngs::SmallRng};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

// One test in this file, so no other test thread allocates meanwhile.
#[test]
fn scoring_move_generation_and_playouts_do_not_allocate() {
    let _ = Position::new(Size::Seven).score(); // builds the line table once
    let mut rng = SmallRng::seed_from_u64(1);
    let mut moves = MoveList::new();
    let before = ALLOCATIONS.load(Ordering::SeqCst);
    let mut total = 0u64;
    for size in [Size::Seven, Size::Five] {
        for _ in 0..200 {
            let mut position = Position::new(size);
            // Half a round of random play, generating Order's moves on the way.
            while position.board().counters() < size.cells() / 2 {
                if position.phase() == Phase::OrderMove {
                    position.order_moves(&mut moves);
                    total += moves.len() as u64;
                }
                // A playout from every position on the way.
                let mut probe = position;
                total += probe.playout(&mut rng) as u64;
                position = match position.phase() {
                    Phase::ChaosDraw => {
                        let mut p = position;
                        p.draw(p.counts().sample(&mut rng).unwrap()).unwrap();
                        p
                    }
                    Phase::ChaosPlace(_) => {
                        let mut p = position;
                        p.place(p.placements().nth(0).unwrap()).unwrap();
                        p
                    }
                    _ => {
                        let mut p = position;
                        p.order(moves[moves.len() - 1]).unwrap();
                        p
                    }
                };
            }
            total += position.playout(&mut rng) as u64 + position.score() as u64;
        }
    }
    let after = ALLOCATIONS.load(Ordering::SeqCst);
    assert!(total > 0);
    assert_eq!(after - before, 0, "the hot paths allocated");
}
