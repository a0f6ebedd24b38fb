//! The sounds of Carreno's game, asked for as cues: a piece slides (a
//! longer slide sounds lower) and is set down, a pass, a move taken back, a
//! refusal; a chime for each command but an undo; the fanfare at the end.

use bevy::prelude::*;
use carreno_rules::Move;

use crate::carreno::CarrenoScreen;
use crate::carreno::game::{Applied, Carreno, CarrenoCommand, Refused, Undone};
use crate::ui::audio::{Cue, PlayCues};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (move_cues, command_cues)
            .after(crate::app::AppSet::Turn)
            .before(PlayCues),
    )
    .add_systems(OnEnter(CarrenoScreen::Over), |mut cues: MessageWriter<Cue>| {
        cues.write(Cue::Fanfare);
    });
}

fn move_cues(
    mut applied: MessageReader<Applied<Carreno>>,
    mut undone: MessageReader<Undone<Carreno>>,
    mut refused: MessageReader<Refused<Carreno>>,
    mut cues: MessageWriter<Cue>,
) {
    for Applied(event) in applied.read() {
        match event.mv {
            Move::Slide { from, to } => {
                cues.write(Cue::Slide {
                    squares: from.line_to(to).map_or(1, |(_, n)| n),
                });
                cues.write(Cue::Place);
            }
            Move::Pass => {
                cues.write(Cue::Pass);
            }
        }
    }
    if undone.read().count() > 0 {
        cues.write(Cue::TakeBack);
    }
    if refused.read().count() > 0 {
        cues.write(Cue::Refuse);
    }
}

fn command_cues(mut commands: MessageReader<CarrenoCommand>, mut cues: MessageWriter<Cue>) {
    if commands.read().any(|c| *c != CarrenoCommand::Undo) {
        cues.write(Cue::Choice);
    }
}
