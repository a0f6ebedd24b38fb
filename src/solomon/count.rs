//! The count at the end of a round, shown the way the rules count aloud:
//! line by line, each line's runs shortest first ("2 and 2 and 2 is 6, and
//! 3 is 9 …"), each run lit on the board as it is counted. Lines that score
//! nothing pass quickly. Any button skips to the end; the count always ends
//! on the rules crate's total, which nothing shows before the count does.

use std::time::Duration;

use bevy::prelude::*;

use crate::app::redraw::Redraw;
use entropy_rules::{Line, LineScore, Run, TallyStep};

use crate::app::AppSet;
use crate::solomon::game::CurrentMatch;
use crate::solomon::phase::scoring;
use crate::solomon::screen::NextScreen;
use crate::solomon::screen::SolomonScreen;
use crate::ui::animation::AnimationSpeed;

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SkipCount>()
        .add_systems(
            Update,
            start_count
                .run_if(scoring.and_then(not(resource_exists::<ScoreCount>)))
                .after(AppSet::Turn)
                .before(advance_count),
        )
        .add_systems(
            Update,
            (skip_count, advance_count)
                .chain()
                .run_if(
                    scoring
                        .and_then(resource_exists::<ScoreCount>)
                        // Gone in the frame a match is left.
                        .and_then(resource_exists::<CurrentMatch>),
                )
                .after(AppSet::Turn),
        )
        .add_systems(
            Update,
            forget_count.run_if(resource_exists::<ScoreCount>).in_set(AppSet::Turn),
        );
}

/// A line that scores this much or more is celebrated when its count ends.
pub const CELEBRATED: u32 = 20;

/// One beat of the count: a run counted, or a line that scores nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Beat {
    /// A run is counted.
    Run(TallyStep),
    /// A line with no run passes.
    Nothing(Line),
}

impl Beat {
    /// The line the beat is on.
    pub fn line(&self) -> Line {
        match self {
            Beat::Run(step) => step.run.line,
            Beat::Nothing(line) => *line,
        }
    }

    /// How long the beat stays, at normal speed: runs long enough to be
    /// read, quicker as a long count goes on; empty lines briefly.
    fn duration(&self, index: usize) -> Duration {
        match self {
            Beat::Run(_) => Duration::from_secs_f32((0.62 - 0.008 * index as f32).max(0.38)),
            Beat::Nothing(_) => Duration::from_millis(110),
        }
    }
}

/// The count of a finished round, revealed beat by beat.
#[derive(Resource, Debug, Clone)]
pub struct ScoreCount {
    /// Every line of the board with its runs, in counting order.
    pub lines: Vec<LineScore>,
    /// The beats in order.
    pub beats: Vec<Beat>,
    /// How many beats have been shown.
    pub shown: usize,
    /// The round this count is of (0 or 1).
    pub round: usize,
    since: Duration,
    linger: Duration,
}

impl ScoreCount {
    /// Time to look at the complete count before the next screen.
    const LINGER: Duration = Duration::from_millis(1600);

    /// The count of a board whose lines are `lines`, in counting order.
    pub fn new(lines: Vec<LineScore>, round: usize) -> ScoreCount {
        let tally = entropy_rules::tally(&lines);
        let mut steps = tally.iter().peekable();
        let mut beats = Vec::new();
        for line in &lines {
            if line.runs.is_empty() {
                beats.push(Beat::Nothing(line.line));
            }
            while let Some(step) = steps.next_if(|s| s.run.line == line.line) {
                beats.push(Beat::Run(*step));
            }
        }
        ScoreCount {
            lines,
            beats,
            shown: 0,
            round,
            since: Duration::ZERO,
            linger: Duration::ZERO,
        }
    }

    /// The beat being shown, if the count has begun.
    pub fn current(&self) -> Option<Beat> {
        self.shown.checked_sub(1).and_then(|i| self.beats.get(i).copied())
    }

    /// The run being counted now, if any.
    pub fn current_run(&self) -> Option<Run> {
        match self.current()? {
            Beat::Run(step) if !self.finished() => Some(step.run),
            _ => None,
        }
    }

    /// The runs counted so far.
    pub fn counted_steps(&self) -> impl Iterator<Item = &TallyStep> {
        self.beats[..self.shown].iter().filter_map(|b| match b {
            Beat::Run(step) => Some(step),
            Beat::Nothing(_) => None,
        })
    }

    /// The points counted so far.
    pub fn counted(&self) -> u32 {
        self.counted_steps().last().map_or(0, |s| s.total)
    }

    /// The line as counted so far (what has been said of it), once the count has reached it.
    pub fn line_so_far(&self, line: Line) -> Option<LineScore> {
        let index = self.lines.iter().position(|l| l.line == line)?;
        let reached = self
            .current()
            .and_then(|b| self.lines.iter().position(|l| l.line == b.line()));
        match reached {
            Some(r) if r > index || self.finished() => Some(self.lines[index].clone()),
            Some(r) if r == index => {
                let said = self.counted_steps().filter(|s| s.run.line == line).count();
                Some(self.lines[index].prefix(said))
            }
            _ => None,
        }
    }

    /// Whether every beat has been shown.
    pub fn finished(&self) -> bool {
        self.shown >= self.beats.len()
    }

    /// Shows everything at once.
    pub fn skip(&mut self) {
        self.shown = self.beats.len();
    }
}

fn start_count(game: Res<CurrentMatch>, mut commands: Commands) {
    commands.insert_resource(ScoreCount::new(game.round().breakdown(), game.game.round_index()));
}

/// Asks the count to show its whole total at once.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkipCount;

fn skip_count(mut skips: MessageReader<SkipCount>, mut count: ResMut<ScoreCount>) {
    if skips.read().count() > 0 {
        count.skip();
    }
}

fn advance_count(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    game: Res<CurrentMatch>,
    mut count: ResMut<ScoreCount>,
    mut next: NextScreen,
    mut redraw: ResMut<Redraw>,
) {
    redraw.now();
    let delta = time.delta().mul_f32(speed.0);
    if !count.finished() {
        count.since += delta;
        while !count.finished() {
            let index = count.shown;
            let wait = if index == 0 {
                Duration::from_millis(400)
            } else {
                count.beats[index - 1].duration(index)
            };
            if count.since < wait {
                break;
            }
            count.since -= wait;
            count.shown += 1;
        }
        return;
    }
    count.linger += delta;
    if count.linger >= ScoreCount::LINGER {
        next.set(if game.game.is_over() {
            SolomonScreen::MatchOver
        } else {
            SolomonScreen::RoundOver
        });
    }
}

/// A count belongs to its round: it goes when another round begins or the match is left.
fn forget_count(game: Option<Res<CurrentMatch>>, count: Res<ScoreCount>, mut commands: Commands) {
    let current = game.is_some_and(|g| g.game.round_index() == count.round && g.round().is_finished());
    if !current {
        commands.remove_resource::<ScoreCount>();
    }
}
