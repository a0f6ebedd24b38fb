//! Computer players and hints. A computer player thinks on the async
//! compute pool with a copy of the position (never the bag's order) and
//! answers with the same intents as the mouse; the frame never waits for it.
//! Its move is shown only after a short pause, so that a person can follow.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use bevy::prelude::*;
use bevy::tasks::futures::check_ready;
use bevy::tasks::{AsyncComputeTaskPool, Task};
use entropy_ai::{Hint, Level, Limits, Player as AiPlayer, StopFlag};
use entropy_rules::{OrderMove, Phase, Player, Position};

use crate::game::{CurrentMatch, GameSystems, Intent, MatchSetup};
use crate::screens::{InMatch, Screen};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Thinking>()
        .init_resource::<HintRequest>()
        .add_systems(OnEnter(Screen::Playing), seat_players)
        .add_systems(
            Update,
            (think, answer)
                .chain()
                .in_set(GameSystems::Input)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<CurrentMatch>)),
        )
        .add_systems(
            Update,
            (start_hint, finish_hint)
                .chain()
                .run_if(resource_exists::<CurrentMatch>),
        )
        .add_systems(OnExit(InMatch), stop_thinking);
}

/// Who sits in a player's chair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Seat {
    /// A person at this screen.
    #[default]
    Human,
    /// The computer, at a level.
    Computer(Level),
}

impl Seat {
    /// A short description.
    pub fn label(self) -> String {
        match self {
            Seat::Human => "Person".to_string(),
            Seat::Computer(level) => format!("Computer ({level})"),
        }
    }
}

/// The seat of the player who must decide now, if a decision is due.
pub fn deciding(game: &CurrentMatch, setup: &MatchSetup) -> Option<(Player, Seat)> {
    let m = &game.0;
    let order = m.order_player(m.round_index());
    let player = match m.round().phase() {
        Phase::ChaosPlace(_) => order.other(),
        Phase::OrderMove => order,
        _ => return None,
    };
    Some((player, setup.seats[player.index()]))
}

/// Whether a person must decide now (input is taken only then).
pub fn human_to_move(game: Option<Res<CurrentMatch>>, setup: Res<MatchSetup>) -> bool {
    game.is_some_and(|g| matches!(deciding(&g, &setup), Some((_, Seat::Human))))
}

type Shared = Arc<Mutex<Box<dyn AiPlayer>>>;

/// The computer players of the match, by player index.
#[derive(Resource, Default)]
struct Computers([Option<Shared>; 2]);

/// A move being thought about.
#[derive(Resource, Default)]
pub struct Thinking {
    task: Option<Task<Option<Intent>>>,
    ready: Option<Intent>,
    stop: StopFlag,
    /// Seconds since the computer started on this move.
    pub elapsed: f32,
}

impl Thinking {
    /// Whether the computer is working on a move.
    pub fn busy(&self) -> bool {
        self.task.is_some() || self.ready.is_some()
    }
}

/// The shortest time a computer move takes on screen, so that people see it coming.
const PAUSE: f32 = 0.45;

/// New computer players at the start of a match (they keep their state between its rounds).
fn seat_players(
    game: Res<CurrentMatch>,
    setup: Res<MatchSetup>,
    computers: Option<Res<Computers>>,
    mut commands: Commands,
) {
    if game.0.round_index() == 1 && computers.is_some() {
        return;
    }
    let mut seated: [Option<Shared>; 2] = [None, None];
    for player in Player::BOTH {
        if let Seat::Computer(level) = setup.seats[player.index()] {
            seated[player.index()] = Some(Arc::new(Mutex::new(level.player(rand::random()))));
        }
    }
    commands.insert_resource(Computers(seated));
    commands.insert_resource(Thinking::default());
}

fn think(
    game: Res<CurrentMatch>,
    setup: Res<MatchSetup>,
    computers: Option<Res<Computers>>,
    mut thinking: ResMut<Thinking>,
    moving: Query<&crate::animation::Tween>,
) {
    if thinking.busy() || moving.iter().any(|t| t.blocking) {
        return;
    }
    let Some((player, Seat::Computer(level))) = deciding(&game, &setup) else {
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
fn decide(computer: &Shared, position: &Position, limits: &Limits) -> Option<Intent> {
    let mut player = computer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    match position.phase() {
        Phase::ChaosPlace(_) => Some(Intent::Place(player.place(position, limits))),
        Phase::OrderMove => Some(match player.order(position, limits) {
            OrderMove::Slide(slide) => Intent::Slide(slide),
            OrderMove::Pass => Intent::Pass,
        }),
        _ => None,
    }
}

fn answer(time: Res<Time>, mut thinking: ResMut<Thinking>, mut intents: MessageWriter<Intent>) {
    if !thinking.busy() {
        return;
    }
    thinking.elapsed += time.delta_secs();
    if let Some(task) = thinking.task.as_mut()
        && let Some(intent) = check_ready(task)
    {
        thinking.task = None;
        thinking.ready = intent;
    }
    if thinking.task.is_none() && thinking.elapsed >= PAUSE {
        if let Some(intent) = thinking.ready.take() {
            intents.write(intent);
        }
    }
}

fn stop_thinking(mut thinking: ResMut<Thinking>, mut hint: ResMut<HintRequest>, mut commands: Commands) {
    thinking.stop.raise();
    *thinking = Thinking::default();
    hint.stop.raise();
    *hint = HintRequest::default();
    commands.remove_resource::<Computers>();
}

/// Order's hint: asked for from the interface, worked out off the frame.
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
    if !hint.wanted || hint.task.is_some() {
        return;
    }
    hint.wanted = false;
    let position = *game.round().position();
    if position.phase() != Phase::OrderMove {
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
