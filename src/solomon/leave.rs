//! Nothing of a match outlives it. When a match of Solomon's game leaves
//! the screen (for the title, the setup or the History), whatever belonged
//! to it goes with it: the match, its clock, the tutorial's step, the count
//! under way, the replay, the counter held up, the cell pointed at, the
//! move of the list shown, a review's suggestion, a refusal's reason and a
//! watch held paused. So the next way to play starts from nothing of this one.
//!
//! The rest goes where it is kept, on the same exit of [`InMatch`]: the
//! board's entities (`DespawnOnExit`), the computer players and their
//! searches and hints ([`crate::solomon::computer`]), a review
//! ([`crate::history::review::cancel`]) and the match's music
//! ([`crate::solomon::screen`]). A match replaced without leaving the
//! screen (a rematch, the review of the match just played) gets its own
//! clock where it is made ([`crate::solomon::clock`]).

use bevy::prelude::*;

use crate::solomon::count::ScoreCount;
use crate::solomon::game::CurrentMatch;
use crate::solomon::input::{Held, Hovered};
use crate::solomon::match_clock::MatchClock;
use crate::solomon::replay::Replay;
use crate::solomon::screen::InMatch;
use crate::solomon::screens::Refusal;
use crate::solomon::tutorial::Tutorial;
use crate::solomon::world::marks::{ShownMove, Suggested};
use crate::table::computer::WatchPace;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnExit(InMatch), forget_the_match);
}

/// What a match kept in resources of its own.
#[derive(bevy::ecs::system::SystemParam)]
struct Marks<'w> {
    held: ResMut<'w, Held>,
    hovered: ResMut<'w, Hovered>,
    shown: ResMut<'w, ShownMove>,
    suggested: ResMut<'w, Suggested>,
    refusal: ResMut<'w, Refusal>,
    pace: ResMut<'w, WatchPace>,
}

fn forget_the_match(mut marks: Marks, mut commands: Commands) {
    commands.remove_resource::<CurrentMatch>();
    commands.remove_resource::<MatchClock>();
    commands.remove_resource::<Tutorial>();
    commands.remove_resource::<ScoreCount>();
    commands.remove_resource::<Replay>();
    *marks.held = Held::default();
    *marks.hovered = Hovered::default();
    *marks.shown = ShownMove::default();
    *marks.suggested = Suggested::default();
    *marks.refusal = Refusal::default();
    // The speed chosen for watching stays the person's; a pause does not.
    marks.pace.paused = false;
    marks.pace.step = false;
}
