//! Computer players and hints for Carreno's game. A computer player thinks
//! on the async compute pool with a copy of the game (its history matters
//! for repetitions) and answers with the same intents as the mouse; the
//! frame never waits for it. Each level takes its own budget (Hard about a
//! second). Its moves come at least [`crate::table::computer::PAUSE`] after the
//! board comes to rest, and wait while a dialog is open. Leaving the game
//! or taking a move back raises the [`StopFlag`] of whatever is thinking.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use carreno_ai::{Analysis, Limits, Player, StopFlag};
use carreno_rules::{Game, Move, Side};

use super::InCarreno;
use super::game::{Carreno, CarrenoMatch, Intent, Seat, Undone};
use crate::app::AppSet;
use crate::carreno::CarrenoScreen;
use crate::table::computer::PAUSE;
use crate::ui::animation::{AnimationSpeed, motion_blocks_input};
use crate::ui::overlays::no_overlay;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<HintRequest>()
        .add_systems(OnEnter(CarrenoScreen::Playing), seat_players)
        .add_systems(
            Update,
            (
                forget_on_undo,
                think.run_if(not(motion_blocks_input)),
                answer.run_if(no_overlay),
                (start_hint, finish_hint).chain(),
            )
                .chain()
                .in_set(AppSet::Input)
                .run_if(in_state(CarrenoScreen::Playing).and_then(resource_exists::<CarrenoMatch>)),
        )
        .add_systems(OnExit(CarrenoScreen::Playing), stop_thinking)
        .add_systems(OnExit(InCarreno), |mut commands: Commands| {
            commands.remove_resource::<Computers>()
        });
}

type Shared = Arc<Mutex<Box<dyn Player>>>;

/// The computer players of the game, by [`Side::index`].
#[derive(Resource, Default)]
struct Computers([Option<Shared>; 2]);

/// A move being thought about.
#[derive(Resource, Default)]
pub struct Thinking {
    task: Option<Task<Move>>,
    ready: Option<Move>,
    stop: StopFlag,
    /// Seconds since the computer started on this move (at the game's pace).
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

    /// Stops the search, if any, and forgets it.
    fn stop(&mut self) {
        self.stop.raise();
        *self = Thinking::default();
    }
}

/// New computer players for a new game.
fn seat_players(game: Option<Res<CarrenoMatch>>, mut thinking: ResMut<Thinking>, mut commands: Commands) {
    thinking.stop();
    let mut seated: [Option<Shared>; 2] = [None, None];
    if let Some(game) = game {
        for side in Side::ALL {
            if let Seat::Computer(level) = game.seat(side) {
                seated[side.index()] = Some(Arc::new(Mutex::new(level.player(rand::random()))));
            }
        }
    }
    commands.insert_resource(Computers(seated));
}

/// A move taken back makes the computer's thoughts about the old position useless.
fn forget_on_undo(
    mut undone: MessageReader<Undone<Carreno>>,
    mut thinking: ResMut<Thinking>,
    mut hint: ResMut<HintRequest>,
) {
    if undone.read().count() > 0 {
        thinking.stop();
        hint.stop();
    }
}

fn think(game: Res<CarrenoMatch>, computers: Option<Res<Computers>>, mut thinking: ResMut<Thinking>) {
    if thinking.busy() || game.game.is_over() {
        return;
    }
    let side = game.game.to_move();
    let Seat::Computer(_) = game.seat(side) else { return };
    let Some(computer) = computers.and_then(|c| c.0[side.index()].clone()) else {
        return;
    };
    let copy: Game = game.game.clone();
    thinking.stop = StopFlag::new();
    thinking.elapsed = 0.0;
    // No time or node limit: each level takes its own budget.
    let limits = Limits::none().with_stop(thinking.stop.clone());
    thinking.task = Some(AsyncComputeTaskPool::get().spawn(async move {
        let mut player = computer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        player.choose(&copy, &limits)
    }));
}

fn answer(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut thinking: ResMut<Thinking>,
    mut intents: MessageWriter<Intent<Carreno>>,
) {
    if !thinking.busy() {
        return;
    }
    thinking.elapsed += time.delta_secs() * speed.0;
    if let Some(task) = thinking.task.as_mut()
        && let Some(mv) = check_ready(task)
    {
        thinking.task = None;
        thinking.ready = Some(mv);
    }
    if thinking.elapsed >= PAUSE
        && let Some(mv) = thinking.ready.take()
    {
        intents.write(Intent(mv));
    }
}

fn stop_thinking(mut thinking: ResMut<Thinking>, mut hint: ResMut<HintRequest>) {
    thinking.stop();
    hint.stop();
}

/// A hint for the person to move: asked for from the interface, worked out
/// off the frame by Hard's search.
#[derive(Resource, Default)]
pub struct HintRequest {
    /// Set by the interface to ask for a hint.
    pub wanted: bool,
    task: Option<(usize, Task<Option<Analysis>>)>,
    stop: StopFlag,
    /// The last hint, with the number of moves played when it was asked.
    answer: Option<(usize, Analysis)>,
}

impl HintRequest {
    /// Whether a hint is being worked out.
    pub fn working(&self) -> bool {
        self.task.is_some()
    }

    /// The hint for `game` as it stands, if one was worked out for it.
    pub fn for_game(&self, game: &Game) -> Option<&Analysis> {
        self.answer
            .as_ref()
            .filter(|(moves, _)| *moves == game.moves().len())
            .map(|(_, hint)| hint)
    }

    fn stop(&mut self) {
        self.stop.raise();
        *self = HintRequest::default();
    }
}

/// How long a hint may think.
const HINT_TIME: Duration = Duration::from_millis(800);

fn start_hint(game: Res<CarrenoMatch>, mut hint: ResMut<HintRequest>) {
    if !hint.wanted {
        return;
    }
    hint.wanted = false;
    if hint.task.is_some() || hint.for_game(&game.game).is_some() || !game.person_to_move() {
        return;
    }
    hint.stop = StopFlag::new();
    let limits = Limits::time(HINT_TIME).with_stop(hint.stop.clone());
    let copy = game.game.clone();
    let moves = copy.moves().len();
    let task = AsyncComputeTaskPool::get().spawn(async move { carreno_ai::hint(&copy, &limits) });
    hint.task = Some((moves, task));
}

fn finish_hint(mut hint: ResMut<HintRequest>) {
    let Some((moves, task)) = hint.task.as_mut() else {
        return;
    };
    if let Some(answer) = check_ready(task) {
        let moves = *moves;
        hint.task = None;
        hint.answer = answer.map(|a| (moves, a));
    }
}
