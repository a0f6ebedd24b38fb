//! The sounds of Solomon's game, asked for as cues: a draw, a placement, a
//! slide, a pass, a move taken back, a refusal; a bell for each run the
//! count finds; a chime for each command; the fanfare at the match's end.

use bevy::prelude::*;
use entropy_rules::Event;

use crate::solomon::count::{Beat, CELEBRATED, ScoreCount};
use crate::solomon::game::{Applied, Refused, Solomon, SolomonCommand, Undone};
use crate::solomon::screen::SolomonScreen;
use crate::ui::audio::{Cue, PlayCues};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (move_cues, count_cues, command_cues)
            .after(crate::app::AppSet::Turn)
            .before(PlayCues),
    )
    .add_systems(OnEnter(SolomonScreen::MatchOver), |mut cues: MessageWriter<Cue>| {
        cues.write(Cue::Fanfare);
    });
}

fn move_cues(
    mut applied: MessageReader<Applied<Solomon>>,
    mut undone: MessageReader<Undone<Solomon>>,
    mut refused: MessageReader<Refused<Solomon>>,
    mut cues: MessageWriter<Cue>,
) {
    for Applied(event) in applied.read() {
        cues.write(match event {
            Event::Drew(_) => Cue::Draw,
            Event::Placed(_) => Cue::Place,
            Event::Slid(slide) => Cue::Slide {
                squares: slide.distance(),
            },
            Event::Passed => Cue::Pass,
        });
    }
    if undone.read().count() > 0 {
        cues.write(Cue::TakeBack);
    }
    if refused.read().count() > 0 {
        cues.write(Cue::Refuse);
    }
}

/// A bell for each run counted, a chime after a line worth celebrating.
fn count_cues(count: Option<Res<ScoreCount>>, mut heard: Local<usize>, mut cues: MessageWriter<Cue>) {
    let Some(count) = count else {
        *heard = 0;
        return;
    };
    if count.shown < *heard {
        *heard = 0;
    }
    if count.shown > *heard {
        if let Some(Beat::Run(step)) = count.current() {
            let line = count.lines.iter().find(|l| l.line == step.run.line);
            cues.write(Cue::Counted {
                total: step.total,
                celebrated: line.is_some_and(|l| l.runs.len() == step.in_line && l.score >= CELEBRATED),
            });
        }
        *heard = count.shown;
    }
}

/// A chime for each command.
fn command_cues(mut commands: MessageReader<SolomonCommand>, mut cues: MessageWriter<Cue>) {
    if commands.read().count() > 0 {
        cues.write(Cue::Choice);
    }
}
