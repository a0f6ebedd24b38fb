//! The match and the turn: the rules crate's `Match` in a resource (the only
//! source of truth), intents in, rule events out.
//!
//! ```text
//! input / AI  ->  Intent  ->  apply_intents: match.apply(action)
//!                                 Ok  -> Applied(event)  -> view systems
//!                                 Err -> Refused{..}     -> feedback
//! ```

use bevy::prelude::*;
use entropy_rules::{Action, Cell, Event, LineScore, Match, MoveError, Player, Round, Run, Size, Slide};

use crate::animation::animating;
use crate::screens::{Screen, TurnPhase};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MatchSetup>()
        .add_message::<Intent>()
        .add_message::<Applied>()
        .add_message::<Refused>()
        .add_message::<Command>()
        .add_systems(
            Update,
            (
                handle_commands,
                draw_when_ready.run_if(in_state(TurnPhase::Drawing).and_then(not(animating))),
                apply_intents.run_if(in_state(Screen::Playing)),
                sync_phase.run_if(in_state(Screen::Playing)),
            )
                .chain()
                .in_set(GameSystems::Turn),
        )
        .add_systems(OnEnter(TurnPhase::Scoring), start_count)
        .add_systems(
            Update,
            advance_count
                .run_if(in_state(TurnPhase::Scoring))
                .after(GameSystems::Turn),
        );
}

/// Ordering of the game's systems within `Update`.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Input turned into intents and commands.
    Input,
    /// Intents applied to the match.
    Turn,
    /// Entities follow the rule events.
    Sync,
    /// Motion advances (after the events that start it, so it starts at once).
    Animate,
}

/// What the players chose on the setup screen.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct MatchSetup {
    /// The board size.
    pub size: Size,
    /// The players' names, by [`Player::index`].
    pub names: [String; 2],
    /// Who is Order in round 1.
    pub first_order: Player,
    /// A person or the computer, by [`Player::index`].
    pub seats: [crate::ai::Seat; 2],
}

impl Default for MatchSetup {
    fn default() -> Self {
        MatchSetup {
            size: Size::Seven,
            names: ["Player 1".to_string(), "Player 2".to_string()],
            first_order: Player::One,
            seats: [crate::ai::Seat::Human; 2],
        }
    }
}

impl MatchSetup {
    /// The name of `player`, or a default when left blank.
    pub fn name(&self, player: Player) -> &str {
        let name = self.names[player.index()].trim();
        match (name.is_empty(), player) {
            (false, _) => name,
            (true, Player::One) => "Player 1",
            (true, Player::Two) => "Player 2",
        }
    }
}

/// The match on the table: the rules crate's [`Match`], the only source of truth.
#[derive(Resource)]
pub struct CurrentMatch(pub Match);

impl CurrentMatch {
    /// The round being played.
    pub fn round(&self) -> &Round {
        self.0.round()
    }
}

/// Something a player asks to do. Mouse, keyboard, gamepad and AI all send these.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    /// Chaos draws from the bag.
    Draw,
    /// Chaos places the drawn counter here.
    Place(Cell),
    /// Order slides a counter.
    Slide(Slide),
    /// Order passes.
    Pass,
}

impl Intent {
    fn action(self) -> Action {
        match self {
            Intent::Draw => Action::Draw,
            Intent::Place(cell) => Action::Place(cell),
            Intent::Slide(slide) => Action::Slide(slide),
            Intent::Pass => Action::Pass,
        }
    }
}

/// An intent the rules accepted, with what it did.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Applied(pub Event);

/// An intent the rules refused, with the reason. Nothing changed.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refused {
    /// What was asked.
    pub intent: Intent,
    /// Why it was refused.
    pub error: MoveError,
}

/// Moving between screens and matches.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// From the title to the setup screen.
    OpenSetup,
    /// Start a match with the current setup.
    StartMatch,
    /// After round 1: swap roles and play round 2.
    NextRound,
    /// After the match: the same players again, the other one Order first.
    Rematch,
    /// Back to the title screen.
    ToTitle,
    /// Show the whole count at once.
    SkipCount,
}

fn handle_commands(
    mut commands: MessageReader<Command>,
    mut setup: ResMut<MatchSetup>,
    game: Option<ResMut<CurrentMatch>>,
    mut count: Option<ResMut<ScoreCount>>,
    mut next: ResMut<NextState<Screen>>,
    mut cmd: Commands,
) {
    let mut game = game;
    for command in commands.read() {
        match command {
            Command::OpenSetup => next.set(Screen::Setup),
            Command::StartMatch => {
                cmd.insert_resource(new_match(&setup));
                next.set(Screen::Playing);
            }
            Command::NextRound => {
                if let Some(game) = game.as_mut()
                    && game.0.start_second_round().is_ok()
                {
                    next.set(Screen::Playing);
                }
            }
            Command::Rematch => {
                setup.first_order = setup.first_order.other();
                cmd.insert_resource(new_match(&setup));
                next.set(Screen::Playing);
            }
            Command::ToTitle => {
                cmd.remove_resource::<CurrentMatch>();
                next.set(Screen::Title);
            }
            Command::SkipCount => {
                if let Some(count) = count.as_mut() {
                    count.shown = count.runs.len();
                }
            }
        }
    }
}

fn new_match(setup: &MatchSetup) -> CurrentMatch {
    let seeds = [rand::random(), rand::random()];
    CurrentMatch(Match::new(setup.size, setup.first_order, seeds))
}

/// Chaos's draw needs no decision: it happens as soon as the board is still.
fn draw_when_ready(mut intents: MessageWriter<Intent>) {
    intents.write(Intent::Draw);
}

/// The one system that changes the match.
fn apply_intents(
    mut intents: MessageReader<Intent>,
    game: Option<ResMut<CurrentMatch>>,
    mut applied: MessageWriter<Applied>,
    mut refused: MessageWriter<Refused>,
) {
    let Some(mut game) = game else {
        intents.clear();
        return;
    };
    for &intent in intents.read() {
        match game.0.apply(intent.action()) {
            Ok(event) => {
                applied.write(Applied(event));
            }
            Err(error) => {
                refused.write(Refused { intent, error });
            }
        }
    }
}

/// Keeps the turn phase equal to the rules' phase.
fn sync_phase(
    game: Option<Res<CurrentMatch>>,
    phase: Option<Res<State<TurnPhase>>>,
    mut next: ResMut<NextState<TurnPhase>>,
) {
    let (Some(game), Some(phase)) = (game, phase) else {
        return;
    };
    let wanted = TurnPhase::of(game.round().phase());
    if *phase.get() != wanted {
        next.set(wanted);
    }
}

/// The count of a finished round, revealed run by run as the rules count aloud.
#[derive(Resource, Debug, Clone)]
pub struct ScoreCount {
    /// Every line with its runs.
    pub lines: Vec<LineScore>,
    /// Every run in counting order (line by line, short runs first).
    pub runs: Vec<Run>,
    /// How many runs have been counted so far.
    pub shown: usize,
    timer: Timer,
    /// Time left to look at the complete count before the next screen.
    linger: Timer,
}

impl ScoreCount {
    /// Seconds between two runs of the count.
    pub const STEP: f32 = 0.16;

    fn new(lines: Vec<LineScore>) -> ScoreCount {
        let runs = lines.iter().flat_map(|l| l.runs.iter().copied()).collect();
        ScoreCount {
            lines,
            runs,
            shown: 0,
            timer: Timer::from_seconds(Self::STEP, TimerMode::Repeating),
            linger: Timer::from_seconds(1.2, TimerMode::Once),
        }
    }

    /// The points counted so far.
    pub fn counted(&self) -> u32 {
        self.runs[..self.shown].iter().map(|r| r.len as u32).sum()
    }

    /// The run being counted now, if any.
    pub fn current(&self) -> Option<Run> {
        self.shown.checked_sub(1).and_then(|i| self.runs.get(i).copied())
    }

    /// Whether every run has been counted.
    pub fn finished(&self) -> bool {
        self.shown >= self.runs.len()
    }
}

fn start_count(game: Res<CurrentMatch>, mut commands: Commands) {
    commands.insert_resource(ScoreCount::new(game.round().breakdown()));
}

fn advance_count(
    time: Res<Time>,
    speed: Res<crate::animation::AnimationSpeed>,
    game: Res<CurrentMatch>,
    mut count: ResMut<ScoreCount>,
    mut next: ResMut<NextState<Screen>>,
) {
    let delta = time.delta().mul_f32(speed.0);
    if !count.finished() {
        count.timer.tick(delta);
        let steps = count.timer.times_finished_this_tick() as usize;
        count.shown = (count.shown + steps).min(count.runs.len());
        return;
    }
    count.linger.tick(delta);
    if count.linger.is_finished() {
        next.set(if game.0.is_over() {
            Screen::MatchOver
        } else {
            Screen::RoundOver
        });
    }
}
