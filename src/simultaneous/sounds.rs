//! The sounds of the simultaneous match, asked for as cues: the draw, a
//! counter placed, a slide (a longer slide sounds lower), a pass, a
//! refusal; a chime for each command; the fanfare at the end.

use bevy::prelude::*;
use entropy_rules::Event;

use super::SimScreen;
use super::count::SimCount;
use super::game::{SimCommand, Simultaneous};
use crate::table::turn::{Applied, Refused};
use crate::ui::audio::{Cue, PlayCues};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (move_cues, command_cues, count_cues)
            .after(crate::app::AppSet::Turn)
            .before(PlayCues),
    )
    .add_systems(OnEnter(SimScreen::Over), |mut cues: MessageWriter<Cue>| {
        cues.write(Cue::Fanfare);
    });
}

fn move_cues(
    mut applied: MessageReader<Applied<Simultaneous>>,
    mut refused: MessageReader<Refused<Simultaneous>>,
    mut cues: MessageWriter<Cue>,
) {
    for Applied(event) in applied.read() {
        cues.write(match event.event {
            Event::Drew(_) => Cue::Draw,
            Event::Placed(_) => Cue::Place,
            Event::Slid(slide) => Cue::Slide {
                squares: slide.distance(),
            },
            Event::Passed => Cue::Pass,
        });
    }
    if refused.read().count() > 0 {
        cues.write(Cue::Refuse);
    }
}

/// A tick for each run counted (a chime after a long one).
fn count_cues(count: Option<Res<SimCount>>, mut heard: Local<usize>, mut cues: MessageWriter<Cue>) {
    let Some(count) = count else {
        *heard = 0;
        return;
    };
    if count.shown() != *heard {
        if let Some((_, step)) = count.current().filter(|_| count.shown() == *heard + 1) {
            cues.write(Cue::Counted {
                total: step.total,
                celebrated: step.run.len >= 5,
            });
        }
        *heard = count.shown();
    }
}

fn command_cues(mut commands: MessageReader<SimCommand>, mut cues: MessageWriter<Cue>) {
    if commands.read().count() > 0 {
        cues.write(Cue::Choice);
    }
}
