//! Computer players and hints. A computer player thinks on the async
//! compute pool with a copy of the position (never the bag's order) and
//! answers with the same intents as the mouse; the frame never waits for it.
//! Its moves come at least [`PAUSE`](crate::table::computer::PAUSE) apart (at normal watching speed), so
//! that a person can follow them; a dialog or a paused watch holds them back.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use entropy_ai::{Hint, Limits, Player as AiPlayer, StopFlag};
use entropy_rules::{Phase, Player, Position};

use crate::app::AppSet;
use crate::solomon::game::{CurrentMatch, Intent, Solomon, Undone};
use crate::solomon::match_setup::Seat;
use crate::solomon::screens::InMatch;
use crate::solomon::screens::SolomonScreen;
use crate::ui::animation::{AnimationSpeed, motion_blocks_input};
use crate::ui::overlays::no_overlay;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<HintRequest>()
        .init_resource::<WatchPace>()
        .add_systems(OnEnter(SolomonScreen::Playing), seat_players)
        .add_systems(
            Update,
            (
                forget_on_undo,
                think.run_if(not(motion_blocks_input)),
                answer.run_if(no_overlay),
            )
                .chain()
                .in_set(AppSet::Input)
                .run_if(in_state(SolomonScreen::Playing).and_then(resource_exists::<CurrentMatch>)),
        )
        .add_systems(
            Update,
            (start_hint, finish_hint)
                .chain()
                .run_if(resource_exists::<CurrentMatch>),
        )
        .add_systems(OnExit(InMatch), stop_thinking);
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

type Shared = Arc<Mutex<Box<dyn AiPlayer>>>;

/// The computer players of the match, by player index.
#[derive(Resource, Default)]
struct Computers([Option<Shared>; 2]);

/// A move being thought about.
#[derive(Resource, Default)]
pub struct Thinking {
    task: Option<Task<Option<Intent<Solomon>>>>,
    ready: Option<Intent<Solomon>>,
    stop: StopFlag,
    /// Seconds since the computer started on this move.
    pub elapsed: f32,
}

impl Thinking {
    /// Whether the computer is working on a move (or holding one back).
    pub fn busy(&self) -> bool {
        self.task.is_some() || self.ready.is_some()
    }

    /// Whether a search is running on the task pool (its answer not yet in).
    pub fn working(&self) -> bool {
        self.task.is_some()
    }
}

/// New computer players at the start of a match (they keep their state between its rounds).
fn seat_players(game: Res<CurrentMatch>, computers: Option<Res<Computers>>, mut commands: Commands) {
    if game.game.round_index() == 1 && computers.is_some() {
        return;
    }
    let mut seated: [Option<Shared>; 2] = [None, None];
    for player in Player::BOTH {
        if let Seat::Computer(level) = game.seats[player.index()] {
            seated[player.index()] = Some(Arc::new(Mutex::new(level.player(rand::random()))));
        }
    }
    commands.insert_resource(Computers(seated));
    commands.insert_resource(Thinking::default());
}

/// A move taken back makes the computer's thoughts about the old position useless.
fn forget_on_undo(
    mut undone: MessageReader<Undone<Solomon>>,
    mut thinking: ResMut<Thinking>,
    mut hint: ResMut<HintRequest>,
) {
    if undone.read().count() > 0 {
        thinking.stop.raise();
        *thinking = Thinking::default();
        hint.stop.raise();
        *hint = HintRequest::default();
    }
}

fn think(game: Res<CurrentMatch>, computers: Option<Res<Computers>>, mut thinking: ResMut<Thinking>) {
    if thinking.busy() {
        return;
    }
    let Some((player, _, Seat::Computer(level))) = game.deciding() else {
        return;
    };
    let Some(computer) = computers.and_then(|c| c.0[player.index()].clone()) else {
        return;
    };
    let position: Position = *game.round().position();
    thinking.stop = StopFlag::new();
    thinking.elapsed = 0.0;
    let limits = Limits::time(level.budget()).with_stop(thinking.stop.clone());
    thinking.task = Some(AsyncComputeTaskPool::get().spawn(async move { decide(&computer, &position, &limits) }));
}

/// The computer's decision as an intent.
fn decide(computer: &Shared, position: &Position, limits: &Limits) -> Option<Intent<Solomon>> {
    let mut player = computer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    player.choose(position, limits).map(Intent)
}

fn answer(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut pace: ResMut<WatchPace>,
    game: Res<CurrentMatch>,
    mut thinking: ResMut<Thinking>,
    mut intents: MessageWriter<Intent<Solomon>>,
) {
    if !thinking.busy() {
        return;
    }
    let watching = game.seats.iter().all(|s| matches!(s, Seat::Computer(_)));
    let pace_speed = if watching { pace.speed } else { 1.0 };
    thinking.elapsed += time.delta_secs() * speed.0 * pace_speed;
    if let Some(task) = thinking.task.as_mut()
        && let Some(intent) = check_ready(task)
    {
        thinking.task = None;
        thinking.ready = intent;
    }
    let held_back = watching && pace.paused && !pace.step;
    if thinking.task.is_none()
        && thinking.elapsed >= crate::table::computer::PAUSE
        && !held_back
        && let Some(intent) = thinking.ready.take()
    {
        intents.write(intent);
        pace.step = false;
    }
}

fn stop_thinking(mut thinking: ResMut<Thinking>, mut hint: ResMut<HintRequest>, mut commands: Commands) {
    thinking.stop.raise();
    *thinking = Thinking::default();
    hint.stop.raise();
    *hint = HintRequest::default();
    commands.remove_resource::<Computers>();
}

/// A hint for the person to move, Chaos or Order: asked for from the
/// interface, worked out off the frame.
#[derive(Resource, Default)]
pub struct HintRequest {
    /// Set by the interface to ask for a hint.
    pub wanted: bool,
    task: Option<(Position, Task<Option<Hint>>)>,
    stop: StopFlag,
    /// The last hint, with the position it is for.
    pub answer: Option<(Position, Hint)>,
}

impl HintRequest {
    /// Whether a hint is being worked out.
    pub fn working(&self) -> bool {
        self.task.is_some()
    }

    /// The hint for `position`, if one was worked out for exactly it.
    pub fn for_position(&self, position: &Position) -> Option<Hint> {
        self.answer.filter(|(p, _)| p == position).map(|(_, h)| h)
    }
}

/// How long a hint may think.
const HINT_TIME: Duration = Duration::from_millis(700);

fn start_hint(game: Res<CurrentMatch>, mut hint: ResMut<HintRequest>) {
    if hint.wanted && hint.for_position(game.round().position()).is_some() {
        hint.wanted = false;
    }
    if !hint.wanted || hint.task.is_some() {
        return;
    }
    hint.wanted = false;
    let position = *game.round().position();
    if !matches!(position.phase(), Phase::OrderMove | Phase::ChaosPlace(_)) {
        return;
    }
    hint.stop = StopFlag::new();
    let limits = Limits::time(HINT_TIME).with_stop(hint.stop.clone());
    let task = AsyncComputeTaskPool::get().spawn(async move { entropy_ai::hint(&position, &limits) });
    hint.task = Some((position, task));
}

fn finish_hint(mut hint: ResMut<HintRequest>) {
    let Some((position, task)) = hint.task.as_mut() else {
        return;
    };
    if let Some(answer) = check_ready(task) {
        let position = *position;
        hint.task = None;
        hint.answer = answer.map(|h| (position, h));
    }
}
