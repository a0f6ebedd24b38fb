//! A bag told its draws one at a time (a match played on a server, which
//! holds the real bag) plays exactly as the bag it is told from, and takes
//! moves back the same way.

use entropy_rules::{Action, Bag, Colour, Match, MoveList, Phase, Player, Size};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A legal action for the side to move, picked at random (never a draw).
fn some_action(game: &Match, rng: &mut SmallRng) -> Action {
    let position = game.round().position();
    match position.phase() {
        Phase::ChaosPlace(_) => {
            let empty: Vec<_> = entropy_rules::Cell::all(position.size())
                .filter(|&c| position.board().is_vacant(c))
                .collect();
            Action::Place(empty[rng.random_range(0..empty.len())])
        }
        Phase::OrderMove => {
            let mut moves = MoveList::new();
            position.order_moves(&mut moves);
            moves[rng.random_range(0..moves.len())].into()
        }
        phase => panic!("no decision in {phase}"),
    }
}

#[test]
fn a_told_match_follows_the_seeded_match_it_is_told_from_through_both_rounds() {
    for seed in 0..6u64 {
        let size = if seed % 2 == 0 { Size::Seven } else { Size::Five };
        let mut real = Match::new(size, Player::One, [seed, seed + 100]);
        let mut told = Match::with_bags(Player::One, Bag::told(size), Bag::told(size));
        let mut rng = SmallRng::seed_from_u64(seed);
        while !real.is_over() {
            if real.round().is_finished() {
                real.start_second_round().unwrap();
                told.start_second_round().unwrap();
                continue;
            }
            let action = match real.round().phase() {
                Phase::ChaosDraw => {
                    assert!(!told.round().ready_to_draw(), "nothing told yet");
                    let entropy_rules::Event::Drew(colour) = real.apply(Action::Draw).unwrap() else {
                        unreachable!()
                    };
                    told.tell(colour).unwrap();
                    assert!(told.round().ready_to_draw());
                    assert_eq!(told.apply(Action::Draw).unwrap(), entropy_rules::Event::Drew(colour));
                    continue;
                }
                _ => some_action(&real, &mut rng),
            };
            assert_eq!(real.apply(action), told.apply(action));
            assert_eq!(real.round().position(), told.round().position());
        }
        assert_eq!(real.totals(), told.totals());
        assert!(told.is_over());
    }
}

#[test]
fn a_told_round_takes_moves_back_and_draws_the_same_counter_again() {
    let mut told = Match::with_bags(Player::Two, Bag::told(Size::Seven), Bag::told(Size::Seven));
    let mut rng = SmallRng::seed_from_u64(9);
    let colours = [3, 3, 5, 1, 7].map(|n| Colour::from_number(n).unwrap());
    for colour in colours {
        told.tell(colour).unwrap();
        told.apply(Action::Draw).unwrap();
        let place = some_action(&told, &mut rng);
        told.apply(place).unwrap();
        let reply = some_action(&told, &mut rng);
        told.apply(reply).unwrap();
    }
    let before = *told.round().position();
    // Order's last reply, then the last placement: Chaos holds the same counter.
    let reply = told.undo().unwrap();
    let place = told.undo().unwrap();
    assert!(matches!(place, Action::Place(_)));
    assert_eq!(told.round().phase(), Phase::ChaosPlace(colours[4]));
    told.apply(place).unwrap();
    told.apply(reply).unwrap();
    assert_eq!(*told.round().position(), before);
    // The bag goes on from where it was: nothing is told yet for the next draw.
    assert!(!told.round().ready_to_draw());
}

#[test]
fn a_told_bag_refuses_what_no_bag_holds_and_a_drawing_bag_is_never_told() {
    let mut bag = Bag::told(Size::Five);
    let red = Colour::from_number(1).unwrap();
    for _ in 0..5 {
        bag.tell(red).unwrap();
    }
    let sixth = bag.tell(red).unwrap_err();
    assert!(sixth.contains("all 5 counters of colour"), "{sixth}");
    let seventh = bag.tell(Colour::from_number(7).unwrap()).unwrap_err();
    assert!(seventh.contains("does not exist on a 5×5 board"), "{seventh}");
    let mut seeded = Bag::seeded(Size::Seven, 1);
    assert!(seeded.tell(red).unwrap_err().contains("only a told bag"));
    assert!(seeded.ready());
}

#[test]
fn a_told_simultaneous_match_follows_the_seeded_one_it_is_told_from() {
    use entropy_rules::{SimultaneousMatch, SimultaneousStep};
    for seed in 0..4u64 {
        let size = if seed % 2 == 0 { Size::Seven } else { Size::Five };
        let mut real = SimultaneousMatch::new(size, seed);
        let mut told = SimultaneousMatch::told(size);
        let mut rng = SmallRng::seed_from_u64(seed);
        while !real.is_over() {
            if real.step() == SimultaneousStep::Draw {
                assert!(told.draw().is_err(), "nothing told yet");
                let colour = real.draw().unwrap();
                told.tell(colour).unwrap();
                assert_eq!(told.draw(), Ok(colour));
                continue;
            }
            let pending = real.pending();
            let p = pending[rng.random_range(0..pending.len())];
            let position = real.board(p.board).position();
            let action = match position.phase() {
                Phase::ChaosPlace(_) => {
                    let empty: Vec<_> = entropy_rules::Cell::all(size)
                        .filter(|&c| position.board().is_vacant(c))
                        .collect();
                    Action::Place(empty[rng.random_range(0..empty.len())])
                }
                _ => {
                    let mut moves = MoveList::new();
                    position.order_moves(&mut moves);
                    moves[rng.random_range(0..moves.len())].into()
                }
            };
            assert_eq!(real.apply(p.player, action), told.apply(p.player, action));
            for owner in Player::BOTH {
                assert_eq!(real.board(owner).position(), told.board(owner).position());
            }
        }
        assert_eq!(real.scores(), told.scores());
        assert!(told.is_over());
        // A colour all of whose counters are told is refused, on both boards alike.
        let mut full = SimultaneousMatch::told(Size::Five);
        let red = Colour::from_number(1).unwrap();
        for _ in 0..5 {
            full.tell(red).unwrap();
        }
        assert!(full.tell(red).is_err());
    }
}
