//! The first-game tutorial: a short guided round on the 5×5 board. The
//! player places a counter as Chaos, slides one as Order, passes, watches
//! the rest of the round play itself, and sees the count — the board
//! answering what they do at each step. Offered on the title at first
//! launch and from the title's menu at any time; nothing of it is saved or
//! kept in the history.

use bevy::prelude::*;
use entropy_ai::{Level, Limits};
use entropy_rules::{Event, Match, Player, Role, Size};

use crate::app::AppSet;
use crate::app::redraw::Redraw;
use crate::app::screen::Screen;
use crate::solomon::game::{Applied, CurrentMatch, Intent, Solomon, SolomonCommand};
use crate::solomon::match_setup::Seat;
use crate::solomon::screen::NextScreen;
use crate::solomon::screen::SolomonScreen;
use crate::ui::animation::{AnimationSpeed, blocks_input};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        start.in_set(AppSet::Turn).before(crate::solomon::game::handle_commands),
    )
    .add_systems(
        Update,
        (follow_moves, play_for_the_player)
            .chain()
            .run_if(resource_exists::<Tutorial>.and_then(resource_exists::<CurrentMatch>))
            .after(AppSet::Sync),
    )
    .add_systems(
        Update,
        reach_count.run_if(resource_added::<crate::solomon::count::ScoreCount>),
    )
    .add_systems(OnEnter(SolomonScreen::RoundOver), finish)
    .add_systems(OnEnter(Screen::Title), forget);
}

/// The bags of the tutorial's round, chosen so that its first moves can score.
const SEED: u64 = 7;

/// Where the tutorial is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// Chaos's first placement.
    Place,
    /// Order's first slide.
    Slide,
    /// Chaos places again: done for the player.
    ChaosAgain,
    /// Order passes.
    Pass,
    /// The rest of the round plays itself, quickly.
    Watch,
    /// The count.
    Count,
    /// The end: back to the title.
    Done,
}

impl Step {
    /// What the guide says at this step.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Step::Place => (
                "You are Chaos",
                "Chaos has drawn a counter from the bag: it waits in Chaos's hand. Put it on any empty cell — click it, or move with the arrows and press Enter.",
            ),
            Step::Slide => (
                "Now you are Order",
                "Order may slide any one counter along its row or column, like a rook, over empty cells. Drag the counter you just placed, or click it and then where it goes.",
            ),
            Step::ChaosAgain => ("Chaos again", "Watch: Chaos draws and places the next counter."),
            Step::Pass => (
                "Order may pass",
                "Order does not have to slide: press Pass (or P) to leave the board as it is.",
            ),
            Step::Watch => (
                "The round plays on",
                "The rest of the round plays itself. Order is trying to line up palindromes — the same colours both ways along a row or column.",
            ),
            Step::Count => (
                "The count",
                "When the board is full, Order scores every palindrome of two or more counters in every row and column: each scores its length.",
            ),
            Step::Done => (
                "That is Entropy",
                "In a match the players then swap roles, and the higher Order score wins. Good luck!",
            ),
        }
    }
}

/// The tutorial under way.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Tutorial {
    /// The step.
    pub step: Step,
    wait: f32,
}

/// Starts the tutorial (instead of a match) when asked.
fn start(mut commands: MessageReader<SolomonCommand>, mut next: NextScreen, mut cmd: Commands) {
    if !commands.read().any(|c| *c == SolomonCommand::StartTutorial) {
        return;
    }
    cmd.insert_resource(CurrentMatch {
        game: Match::new(Size::Five, Player::Two, [SEED, SEED + 1]),
        seats: [Seat::Person; 2],
        tournament: false,
        touched: None,
    });
    cmd.insert_resource(Tutorial {
        step: Step::Place,
        wait: 0.0,
    });
    next.set(SolomonScreen::Playing);
}

/// The player's moves move the tutorial on.
fn follow_moves(mut applied: MessageReader<Applied<Solomon>>, mut tutorial: ResMut<Tutorial>) {
    for Applied(event) in applied.read() {
        tutorial.step = match (tutorial.step, event) {
            (Step::Place, Event::Placed(_)) => Step::Slide,
            (Step::Slide, Event::Slid(_)) => Step::ChaosAgain,
            (Step::ChaosAgain, Event::Placed(_)) => Step::Pass,
            (Step::Pass, Event::Passed) => Step::Watch,
            (step, _) => step,
        };
    }
}

/// The computer players the tutorial lets play for both sides.
type Seats = [std::sync::Mutex<Box<dyn entropy_ai::Player>>; 2];

/// Chaos's second placement, and the rest of the round, are played for the
/// player (by a Beginner computer, quickly).
fn play_for_the_player(
    (time, mut redraw): (Res<Time>, ResMut<Redraw>),
    mut tutorial: ResMut<Tutorial>,
    game: Res<CurrentMatch>,
    mut speed: ResMut<AnimationSpeed>,
    tweens: Query<&crate::ui::animation::Tween>,
    mut intents: MessageWriter<Intent<Solomon>>,
    mut players: Local<Option<Seats>>,
) {
    let auto = matches!(tutorial.step, Step::ChaosAgain | Step::Watch);
    let wanted_speed = if tutorial.step == Step::Watch { 6.0 } else { 1.0 };
    if speed.0 != wanted_speed && matches!(tutorial.step, Step::Watch | Step::Count) {
        speed.0 = wanted_speed;
    }
    if !auto {
        return;
    }
    redraw.now();
    if blocks_input(&tweens) {
        return;
    }
    tutorial.wait -= time.delta_secs();
    if tutorial.wait > 0.0 {
        return;
    }
    tutorial.wait = if tutorial.step == Step::ChaosAgain { 0.8 } else { 0.15 };
    let players =
        players.get_or_insert_with(|| [0, 1].map(|i| std::sync::Mutex::new(Level::Beginner.player(SEED + i))));
    let position = *game.round().position();
    let limits = Limits::none();
    let (chaos, order) = players.split_at_mut(1);
    let player = match position.phase().to_move() {
        Some(Role::Chaos) => &mut chaos[0],
        Some(Role::Order) => &mut order[0],
        None => return,
    };
    let action = player.get_mut().ok().and_then(|p| p.choose(&position, &limits));
    if let Some(action) = action {
        intents.write(Intent(action));
    }
}

fn reach_count(tutorial: Option<ResMut<Tutorial>>, mut speed: ResMut<AnimationSpeed>) {
    if let Some(mut tutorial) = tutorial {
        tutorial.step = Step::Count;
        speed.0 = 1.0;
    }
}

fn finish(tutorial: Option<ResMut<Tutorial>>) {
    if let Some(mut tutorial) = tutorial {
        tutorial.step = Step::Done;
    }
}

fn forget(mut commands: Commands, settings: Res<crate::app::prefs::Settings>, mut speed: ResMut<AnimationSpeed>) {
    commands.remove_resource::<Tutorial>();
    speed.0 = settings.animation.speed();
}
