//! Computer players and hints, written once for every game. A computer
//! player thinks on the async compute pool with a copy of what it decides
//! on and answers with the same [`Intent`] as the mouse; the frame never
//! waits for it. Its moves come at least [`PAUSE`] after the board comes to
//! rest (at normal watching speed), so that people can follow them; a
//! dialog or a paused watch ([`WatchPace`]) holds them back. A move taken
//! back, or leaving the board, stops whatever is thinking.
//!
//! A game says in a [`ComputerGame`] how its players are made and how a
//! search is started with its AI crate ([`Thought`]); the rest is here.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::platform::time::Instant;

use bevy::ecs::system::{StaticSystemParam, SystemParamItem};
use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};

use super::turn::{Intent, TurnGame, Undone};
use crate::app::AppSet;
use crate::ui::animation::{AnimationSpeed, motion_blocks_input};
use crate::ui::overlays::no_overlay;

/// The searches answered since the start: numbers each answer.
static SEARCHES: AtomicU64 = AtomicU64::new(0);

/// The shortest time from the board coming to rest to a computer's move
/// shown, so that people can follow the moves.
pub const PAUSE: f32 = 0.5;

/// A computer player shared with the task thinking for it.
pub type Shared<P> = Arc<Mutex<P>>;

/// What the table needs to know to let a game's computers play.
pub trait ComputerGame: TurnGame {
    /// A computer player (kept for the match: it may learn as it plays).
    type Player: Send + 'static;
    /// A hint for a person.
    type Hint: Clone + Send + Sync + 'static;
    /// What a hint is for (the position, the moves played): a hint is
    /// shown only while its match stands as it was asked for.
    type HintFor: Clone + PartialEq + Send + Sync + 'static;

    /// The screen on which computers play.
    const PLAYING: Self::Screen;

    /// New players for the match's computer seats, by seat; `None` keeps
    /// those seated (the next round of the same match).
    fn seat_players(game: &Self::Match, seated: bool) -> Option<[Option<Self::Player>; 2]>;

    /// Starts the search of the computer to decide now, if one is (the
    /// context is the turn pipeline's: what a move is played with).
    fn think(
        game: &Self::Match,
        players: &[Option<Shared<Self::Player>>; 2],
        context: &SystemParamItem<Self::Context>,
    ) -> Option<Thought<Option<Self::Action>>>;

    /// Whether two computers play (a person watches, at [`WatchPace`]).
    fn watching(game: &Self::Match) -> bool;

    /// What a hint asked for now would be for.
    fn hint_for(game: &Self::Match) -> Self::HintFor;

    /// Starts working out a hint for the person to move, if one can be given.
    fn ask_hint(game: &Self::Match) -> Option<Thought<Option<Self::Hint>>>;
}

/// A search running on the task pool, and how to stop it early.
pub struct Thought<T> {
    task: Task<(T, Duration)>,
    stop: Box<dyn Fn() + Send + Sync>,
    seat: usize,
}

impl<T: Send + 'static> Thought<T> {
    /// Runs `work` on the async compute pool; `stop` asks it to answer at once.
    pub fn spawn(work: impl FnOnce() -> T + Send + 'static, stop: impl Fn() + Send + Sync + 'static) -> Thought<T> {
        Thought {
            task: AsyncComputeTaskPool::get().spawn(async move {
                let start = Instant::now();
                let answer = work();
                // Taken in the next frame, even if nothing else moves.
                crate::app::redraw::wake();
                (answer, start.elapsed())
            }),
            stop: Box::new(stop),
            seat: 0,
        }
    }

    /// The same search, for the player in `seat` (whose clock it spends).
    pub fn for_seat(mut self, seat: usize) -> Thought<T> {
        self.seat = seat;
        self
    }

    /// The answer, once it is in, with the time the search took.
    fn poll(&mut self) -> Option<(T, Duration)> {
        check_ready(&mut self.task)
    }
}

impl<T> Drop for Thought<T> {
    fn drop(&mut self) {
        (self.stop)();
    }
}

/// The pace of a match between two computers, set by the person watching.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct WatchPace {
    /// Moves wait while paused.
    pub paused: bool,
    /// While paused, let one move through.
    pub step: bool,
    /// How many times faster than normal the moves come (0.5 to 4).
    pub speed: f32,
}

impl Default for WatchPace {
    fn default() -> Self {
        WatchPace {
            paused: false,
            step: false,
            speed: 1.0,
        }
    }
}

/// The computer players of the match, by seat.
#[derive(Resource)]
pub struct Computers<G: ComputerGame>([Option<Shared<G::Player>>; 2]);

impl<G: ComputerGame> Computers<G> {
    /// The computer players, by seat (`None`: a person's seat).
    pub fn seats(&self) -> &[Option<Shared<G::Player>>; 2] {
        &self.0
    }
}

/// A move being thought about.
#[derive(Resource)]
pub struct Thinking<G: ComputerGame> {
    thought: Option<Thought<Option<G::Action>>>,
    ready: Option<G::Action>,
    /// Seconds since the computer started on this move (at the game's pace).
    pub elapsed: f32,
    /// The last search answered: a number no other search has, the seat
    /// it was for and the time it took (what a clock charges the computer).
    pub searched: (u64, usize, Duration),
}

impl<G: ComputerGame> Default for Thinking<G> {
    fn default() -> Self {
        Thinking {
            thought: None,
            ready: None,
            elapsed: 0.0,
            searched: (0, 0, Duration::ZERO),
        }
    }
}

impl<G: ComputerGame> Thinking<G> {
    /// Whether the computer is working on a move (or holding one back).
    pub fn busy(&self) -> bool {
        self.thought.is_some() || self.ready.is_some()
    }

    /// Whether a search is running on the task pool (its answer not yet in).
    pub fn working(&self) -> bool {
        self.thought.is_some()
    }
}

/// A hint being worked out, with what it is for.
type HintThought<G> = (<G as ComputerGame>::HintFor, Thought<Option<<G as ComputerGame>::Hint>>);

/// A hint for the person to move: asked for from the interface, worked out
/// off the frame.
#[derive(Resource)]
pub struct HintRequest<G: ComputerGame> {
    /// Set by the interface to ask for a hint.
    pub wanted: bool,
    thought: Option<HintThought<G>>,
    answer: Option<(G::HintFor, G::Hint)>,
}

impl<G: ComputerGame> Default for HintRequest<G> {
    fn default() -> Self {
        HintRequest {
            wanted: false,
            thought: None,
            answer: None,
        }
    }
}

impl<G: ComputerGame> HintRequest<G> {
    /// Whether a hint is being worked out.
    pub fn working(&self) -> bool {
        self.thought.is_some()
    }

    /// Whether nothing is asked for, worked out or kept (as before any hint).
    pub fn is_clear(&self) -> bool {
        !self.wanted && self.thought.is_none() && self.answer.is_none()
    }

    /// The hint worked out for exactly `now`, if there is one.
    pub fn for_now(&self, now: &G::HintFor) -> Option<&G::Hint> {
        self.answer.as_ref().filter(|(f, _)| f == now).map(|(_, h)| h)
    }
}

/// The computers' systems for `G`: thinking and answering on
/// [`ComputerGame::PLAYING`], hints while its match is on the table. The
/// game seats its players with [`seat_players`] and stops them with
/// [`stop_thinking`] and [`unseat_players`] where its screens say.
pub fn plugin<G: ComputerGame>(app: &mut App) {
    app.init_resource::<Thinking<G>>()
        .init_resource::<HintRequest<G>>()
        .init_resource::<WatchPace>()
        .add_systems(
            Update,
            (
                forget_on_undo::<G>,
                think::<G>.run_if(not(motion_blocks_input)),
                answer::<G>.run_if(no_overlay),
            )
                .chain()
                .in_set(AppSet::Input)
                .run_if(in_state(G::PLAYING).and_then(resource_exists::<G::Match>)),
        )
        .add_systems(
            Update,
            (start_hint::<G>, finish_hint::<G>)
                .chain()
                .run_if(resource_exists::<G::Match>),
        );
}

/// Seats the match's computer players (keeping those of its earlier round).
pub fn seat_players<G: ComputerGame>(
    game: Option<Res<G::Match>>,
    computers: Option<Res<Computers<G>>>,
    mut commands: Commands,
) {
    let Some(game) = game else { return };
    let Some(players) = G::seat_players(&game, computers.is_some()) else {
        return;
    };
    commands.insert_resource(Computers::<G>(players.map(|p| p.map(|p| Arc::new(Mutex::new(p))))));
    commands.insert_resource(Thinking::<G>::default());
}

/// Stops whatever is thinking, for a move or a hint.
pub fn stop_thinking<G: ComputerGame>(mut thinking: ResMut<Thinking<G>>, mut hint: ResMut<HintRequest<G>>) {
    *thinking = Thinking::default();
    *hint = HintRequest::default();
}

/// Lets the match's computer players go (the match is left).
pub fn unseat_players<G: ComputerGame>(mut commands: Commands) {
    commands.remove_resource::<Computers<G>>();
}

/// A move taken back makes the computer's thoughts about the old position useless.
fn forget_on_undo<G: ComputerGame>(
    mut undone: MessageReader<Undone<G>>,
    thinking: ResMut<Thinking<G>>,
    hint: ResMut<HintRequest<G>>,
) {
    if undone.read().count() > 0 {
        stop_thinking(thinking, hint);
    }
}

fn think<G: ComputerGame>(
    game: Res<G::Match>,
    computers: Option<Res<Computers<G>>>,
    mut thinking: ResMut<Thinking<G>>,
    context: StaticSystemParam<G::Context>,
) {
    if thinking.busy() {
        return;
    }
    let Some(computers) = computers else { return };
    if let Some(thought) = G::think(&game, &computers.0, &context) {
        thinking.thought = Some(thought);
        thinking.elapsed = 0.0;
    }
}

fn answer<G: ComputerGame>(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut pace: ResMut<WatchPace>,
    game: Res<G::Match>,
    mut thinking: ResMut<Thinking<G>>,
    mut intents: MessageWriter<Intent<G>>,
    mut redraw: ResMut<crate::app::redraw::Redraw>,
) {
    if !thinking.busy() {
        return;
    }
    let watching = G::watching(&game);
    let pace_speed = if watching { pace.speed } else { 1.0 };
    thinking.elapsed += time.delta_secs() * speed.0 * pace_speed;
    if let Some(thought) = thinking.thought.as_mut()
        && let Some((answer, took)) = thought.poll()
    {
        let seat = thought.seat;
        thinking.thought = None;
        thinking.ready = answer;
        thinking.searched = (SEARCHES.fetch_add(1, Ordering::Relaxed) + 1, seat, took);
    }
    let held_back = watching && pace.paused && !pace.step;
    if thinking.ready.is_some() && !held_back {
        // The answer is in: the pause before it is shown runs on frames.
        redraw.now();
    }
    if thinking.elapsed >= PAUSE
        && !held_back
        && let Some(action) = thinking.ready.take()
    {
        intents.write(Intent(action));
        pace.step = false;
    }
}

fn start_hint<G: ComputerGame>(game: Res<G::Match>, mut hint: ResMut<HintRequest<G>>) {
    if !hint.wanted || hint.thought.is_some() {
        return;
    }
    hint.wanted = false;
    let now = G::hint_for(&game);
    if hint.for_now(&now).is_some() {
        return;
    }
    if let Some(thought) = G::ask_hint(&game) {
        hint.thought = Some((now, thought));
    }
}

fn finish_hint<G: ComputerGame>(mut hint: ResMut<HintRequest<G>>) {
    let Some((now, thought)) = hint.thought.as_mut() else {
        return;
    };
    if let Some((answer, _)) = thought.poll() {
        let now = now.clone();
        hint.thought = None;
        hint.answer = answer.map(|a| (now, a));
    }
}
