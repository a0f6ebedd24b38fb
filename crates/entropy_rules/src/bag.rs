use std::fmt;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{BagSpec, Colour, MAX_N, Size};

/// How many counters of each colour are still in the bag: what both players
/// may know. It says nothing of the order they will come out in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Counts {
    size: Size,
    left: [u8; MAX_N],
}

impl Counts {
    /// A full bag: N counters of each of the N colours.
    pub fn full(size: Size) -> Counts {
        let mut left = [0; MAX_N];
        left[..size.n()].fill(size.n() as u8);
        Counts { size, left }
    }

    /// The board size the bag is for.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Counters of `colour` left.
    #[inline]
    pub fn get(&self, colour: Colour) -> usize {
        self.left[colour.index()] as usize
    }

    /// Counters left in all.
    #[inline]
    pub fn total(&self) -> usize {
        self.left.iter().map(|&n| n as usize).sum()
    }

    /// Whether the bag is empty.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// The chance that the next counter drawn is `colour` (0 when the bag is empty).
    pub fn probability(&self, colour: Colour) -> f64 {
        match self.total() {
            0 => 0.0,
            total => self.get(colour) as f64 / total as f64,
        }
    }

    /// Each colour of the board size with the number left.
    pub fn iter(&self) -> impl Iterator<Item = (Colour, usize)> + '_ {
        self.size.colours().map(|c| (c, self.get(c)))
    }

    /// The counts by colour index (entries beyond the board's colours are 0).
    pub fn as_array(&self) -> [u8; MAX_N] {
        self.left
    }

    /// A colour chosen at random with the probabilities of a draw, without
    /// taking it out: for simulations. `None` when the bag is empty.
    #[inline]
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Colour> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let mut k = rng.random_range(0..total);
        for (i, &n) in self.left.iter().enumerate() {
            if k < n as usize {
                return Colour::from_index(i);
            }
            k -= n as usize;
        }
        None
    }

    /// Takes one counter of `colour` out; false (and no change) if none is left.
    #[inline]
    pub(crate) fn take(&mut self, colour: Colour) -> bool {
        let n = &mut self.left[colour.index()];
        if *n == 0 {
            return false;
        }
        *n -= 1;
        true
    }
}

/// The bag: the counters not yet drawn, in an order nobody can see.
///
/// Either seeded (each draw picks uniformly among the counters left, from a
/// portable ChaCha8 generator, so a seed gives the same draws on every
/// machine), a fixed sequence (for replays and matches against external
/// programs), or told one draw at a time by someone who holds the real bag
/// (a game played on a server: [`Bag::told`]). It is deliberately not
/// `Clone`: a copy could be drawn from to see what comes next.
pub struct Bag {
    counts: Counts,
    source: Source,
}

enum Source {
    /// The generator is boxed: it is ten times the size of the other variant.
    Seeded {
        seed: u64,
        rng: Box<ChaCha8Rng>,
    },
    Sequence {
        draws: Vec<Colour>,
        next: usize,
    },
    /// Draws told so far ([`Bag::tell`]); `next` is the first not drawn.
    Told {
        draws: Vec<Colour>,
        next: usize,
    },
}

impl Bag {
    /// A full bag that draws at random from `seed`.
    pub fn seeded(size: Size, seed: u64) -> Bag {
        Bag {
            counts: Counts::full(size),
            source: Source::Seeded {
                seed,
                rng: Box::new(ChaCha8Rng::seed_from_u64(seed)),
            },
        }
    }

    /// A full bag that gives `draws` in order. They must be exactly the
    /// bag's counters: N of each of the N colours.
    pub fn from_draws(size: Size, draws: Vec<Colour>) -> Result<Bag, String> {
        let mut counts = Counts::full(size);
        for (i, &colour) in draws.iter().enumerate() {
            if !size.has_colour(colour) {
                return Err(format!(
                    "draw {}: colour {colour} does not exist on a {size} board",
                    i + 1
                ));
            }
            if !counts.take(colour) {
                return Err(format!(
                    "draw {}: more than {} counters of colour {colour}",
                    i + 1,
                    size.n()
                ));
            }
        }
        if !counts.is_empty() {
            return Err(format!(
                "{} draws given, a {size} bag holds {} counters",
                draws.len(),
                size.cells()
            ));
        }
        Ok(Bag {
            counts: Counts::full(size),
            source: Source::Sequence { draws, next: 0 },
        })
    }

    /// A full bag whose draws are told one at a time ([`Bag::tell`]) by
    /// whoever holds the real bag, as a server tells its clients: a draw
    /// takes the colour told, and there is none to take until one is.
    ///
    /// ```
    /// use entropy_rules::{Bag, Colour, Size};
    ///
    /// let mut bag = Bag::told(Size::Five);
    /// assert!(!bag.ready());
    /// assert_eq!(bag.draw(), None);
    /// let red = Colour::from_number(1).unwrap();
    /// bag.tell(red).unwrap();
    /// assert!(bag.ready());
    /// assert_eq!(bag.draw(), Some(red));
    /// assert_eq!(bag.counts().get(red), 4);
    /// ```
    pub fn told(size: Size) -> Bag {
        Bag {
            counts: Counts::full(size),
            source: Source::Told {
                draws: Vec::new(),
                next: 0,
            },
        }
    }

    /// Tells a told bag ([`Bag::told`]) its next draw. Refused (nothing
    /// changes) for another bag, a colour the board does not have, or one
    /// whose counters are all drawn or told already.
    pub fn tell(&mut self, colour: Colour) -> Result<(), String> {
        let size = self.counts.size();
        let Source::Told { draws, .. } = &mut self.source else {
            return Err("this bag draws by itself; only a told bag is told its draws".into());
        };
        if !size.has_colour(colour) {
            return Err(format!("colour {colour} does not exist on a {size} board"));
        }
        let told = draws.iter().filter(|&&c| c == colour).count();
        if told >= size.n() {
            return Err(format!(
                "all {} counters of colour {colour} are drawn already",
                size.n()
            ));
        }
        draws.push(colour);
        Ok(())
    }

    /// Whether a draw would give a counter now: the bag is not empty and,
    /// if it is told, a draw was told that is not drawn yet.
    pub fn ready(&self) -> bool {
        match &self.source {
            Source::Told { draws, next } => *next < draws.len(),
            _ => !self.counts.is_empty(),
        }
    }

    /// The same bag full again, to replay its round from the start (taking
    /// a move back): the same seed, sequence, or draws told.
    pub(crate) fn restarted(&self) -> Bag {
        let size = self.counts.size();
        match &self.source {
            Source::Seeded { seed, .. } => Bag::seeded(size, *seed),
            Source::Sequence { draws, .. } => Bag {
                counts: Counts::full(size),
                source: Source::Sequence {
                    draws: draws.clone(),
                    next: 0,
                },
            },
            Source::Told { draws, .. } => Bag {
                counts: Counts::full(size),
                source: Source::Told {
                    draws: draws.clone(),
                    next: 0,
                },
            },
        }
    }

    /// A bag made as `spec` says.
    pub fn from_spec(size: Size, spec: &BagSpec) -> Result<Bag, String> {
        match spec {
            BagSpec::Seed(seed) => Ok(Bag::seeded(size, *seed)),
            BagSpec::Draws(draws) => Bag::from_draws(size, draws.clone()),
        }
    }

    /// How to make this bag again, full (for records).
    pub fn spec(&self) -> BagSpec {
        match &self.source {
            Source::Seeded { seed, .. } => BagSpec::Seed(*seed),
            Source::Sequence { draws, .. } | Source::Told { draws, .. } => BagSpec::Draws(draws.clone()),
        }
    }

    /// What is left.
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The chance that the next draw is `colour`.
    pub fn probability(&self, colour: Colour) -> f64 {
        self.counts.probability(colour)
    }

    /// Draws a counter; `None` when the bag is empty.
    pub fn draw(&mut self) -> Option<Colour> {
        let colour = match &mut self.source {
            Source::Seeded { rng, .. } => self.counts.sample(&mut **rng)?,
            Source::Sequence { draws, next } | Source::Told { draws, next } => {
                let colour = *draws.get(*next)?;
                *next += 1;
                colour
            }
        };
        self.counts.take(colour);
        Some(colour)
    }
}

impl fmt::Debug for Bag {
    /// Shows what is left, never what comes next.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bag")
            .field("counts", &self.counts)
            .finish_non_exhaustive()
    }
}
