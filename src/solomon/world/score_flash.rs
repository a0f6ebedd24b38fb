//! During play, a move that makes a run score lights that run briefly in
//! gold with its "+n" rising from it, so a player sees where the board's
//! score came from.

use bevy::prelude::*;
use entropy_rules::{Board, Event, Run};

use super::BoardEntity;
use super::count_marks::{Rising, run_bar};
use super::layout::BoardLayout;
use crate::solomon::game::{Applied, CurrentMatch, Solomon};
use crate::solomon::screen::InMatch;
use crate::table::z;
use crate::ui::art::Art;
use crate::ui::theme;
use crate::ui::theme::fonts::WorldFont;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        flash_new_runs
            .run_if(resource_exists::<CurrentMatch>)
            .after(crate::app::AppSet::Sync),
    );
}

/// The runs of `after` that `before` did not have.
pub fn new_runs(before: &Board, after: &Board) -> Vec<Run> {
    let old: Vec<Run> = before.breakdown().into_iter().flat_map(|l| l.runs).collect();
    after
        .breakdown()
        .into_iter()
        .flat_map(|l| l.runs)
        .filter(|r| !old.contains(r))
        .collect()
}

fn flash_new_runs(
    mut applied: MessageReader<Applied<Solomon>>,
    game: Res<CurrentMatch>,
    layout: Res<BoardLayout>,
    art: Res<Art>,
    font: Res<WorldFont>,
    mut last: Local<Option<(usize, Board)>>,
    mut commands: Commands,
) {
    let round = (game.game.round_index(), *game.round().board());
    let moved = applied
        .read()
        .any(|Applied(e)| matches!(e, Event::Placed(_) | Event::Slid(_)));
    let before = last.replace(round);
    let (Some((index, before)), true) = (before, moved) else {
        return;
    };
    // The board's last placement is counted by the count, not flashed.
    if index != round.0 || game.round().is_finished() {
        return;
    }
    for run in new_runs(&before, &round.1) {
        let Some((bar, centre)) = run_bar(&layout, &art, run, 0.45) else {
            continue;
        };
        let scoped = (BoardEntity, DespawnOnExit(InMatch), Pickable::IGNORE);
        commands.spawn((
            scoped,
            Rising::fading(0.9, Vec2::ZERO),
            bar,
            // Under the counters, as the count's bar: a highlight never
            // changes how a counter's colour reads.
            Transform::from_translation(centre.extend(z::HIGHLIGHT + 0.2)),
        ));
        commands.spawn((
            (BoardEntity, DespawnOnExit(InMatch), Pickable::IGNORE),
            Rising::fading(1.0, Vec2::new(0.0, 60.0)),
            Text2d::new(format!("+{}", run.len)),
            font.strong(30.0),
            TextColor(theme::COUNTING),
            Transform::from_translation((centre + Vec2::new(0.0, 12.0)).extend(z::TOP)),
        ));
    }
}
