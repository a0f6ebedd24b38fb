//! The count at the end of a simultaneous match: player 1's board, then
//! player 2's, run by run in the order the rules count aloud, each run lit
//! on its board as it is counted and each board's total growing as it
//! goes. Any key, click or the Skip button shows the whole count at once;
//! the result follows the count.

use bevy::prelude::*;

use crate::app::redraw::Redraw;
use entropy_rules::{Player, TallyStep};

use super::game::SimMatch;
use super::{NextScreen, SimScreen};
use crate::app::AppSet;
use crate::ui::animation::AnimationSpeed;
use crate::ui::menus::MenuKeys;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<SkipSimCount>()
        .add_systems(
            Update,
            (start_count, skip_on_any_key, skip_count, advance_count)
                .chain()
                .run_if(in_state(SimScreen::Playing).and_then(resource_exists::<SimMatch>))
                .after(AppSet::Turn),
        )
        .add_systems(OnExit(SimScreen::Playing), |mut commands: Commands| {
            commands.remove_resource::<SimCount>()
        });
}

/// Asks the count to show both boards' totals at once.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkipSimCount;

/// The count under way: both boards' runs in order, and how many are shown.
#[derive(Resource, Debug, Clone)]
pub struct SimCount {
    steps: Vec<(Player, TallyStep)>,
    shown: usize,
    since: f32,
    after: f32,
}

impl SimCount {
    /// Seconds between two runs counted.
    const BEAT: f32 = 0.18;
    /// Seconds the finished count stays before the result.
    const HOLD: f32 = 1.0;

    /// The count of `game`'s two boards, nothing counted yet.
    pub fn new(game: &SimMatch) -> SimCount {
        let steps = Player::BOTH
            .into_iter()
            .flat_map(|owner| {
                game.game
                    .board(owner)
                    .tally()
                    .into_iter()
                    .map(move |step| (owner, step))
            })
            .collect();
        SimCount {
            steps,
            shown: 0,
            since: 0.0,
            after: 0.0,
        }
    }

    /// The run counted last, on which board.
    pub fn current(&self) -> Option<(Player, TallyStep)> {
        self.shown.checked_sub(1).and_then(|i| self.steps.get(i).copied())
    }

    /// `owner`'s board's points counted so far.
    pub fn counted(&self, owner: Player) -> u32 {
        self.steps[..self.shown]
            .iter()
            .rev()
            .find(|(o, _)| *o == owner)
            .map_or(0, |(_, step)| step.total)
    }

    /// How many runs have been counted.
    pub fn shown(&self) -> usize {
        self.shown
    }

    /// Whether every run has been counted.
    pub fn finished(&self) -> bool {
        self.shown >= self.steps.len()
    }

    /// Shows the whole count at once.
    pub fn skip(&mut self) {
        self.shown = self.steps.len();
    }
}

fn start_count(game: Res<SimMatch>, count: Option<Res<SimCount>>, mut commands: Commands) {
    if game.game.is_over() && count.is_none() {
        commands.insert_resource(SimCount::new(&game));
    }
}

fn skip_on_any_key(
    mut keys: MenuKeys<SimScreen>,
    mut mouse: MessageReader<bevy::input::mouse::MouseButtonInput>,
    count: Option<Res<SimCount>>,
    mut skips: MessageWriter<SkipSimCount>,
) {
    let pressed = !keys.for_screen(SimScreen::Playing).is_empty();
    let clicked = mouse.read().filter(|m| m.state.is_pressed()).count() > 0;
    if count.is_some_and(|c| !c.finished()) && (pressed || clicked) {
        skips.write(SkipSimCount);
    }
}

fn skip_count(mut skips: MessageReader<SkipSimCount>, count: Option<ResMut<SimCount>>) {
    if skips.read().count() > 0
        && let Some(mut count) = count
    {
        count.skip();
    }
}

fn advance_count(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    count: Option<ResMut<SimCount>>,
    mut next: NextScreen,
    mut redraw: ResMut<Redraw>,
) {
    let Some(mut count) = count else { return };
    redraw.now();
    let dt = time.delta_secs() * speed.0;
    if count.finished() {
        count.after += dt;
        if count.after >= SimCount::HOLD {
            next.set(SimScreen::Over);
        }
        return;
    }
    count.since += dt;
    while count.since >= SimCount::BEAT && !count.finished() {
        count.since -= SimCount::BEAT;
        count.shown += 1;
    }
}
