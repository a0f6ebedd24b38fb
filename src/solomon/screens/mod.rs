//! The screens of Solomon's game, one file per screen or card, each a
//! plugin whose systems run only while it is shown (which one is, is
//! [`crate::solomon::screen::SolomonScreen`]).

use bevy::prelude::*;

use crate::solomon::screen::InMatch;

mod count_card;
pub mod history;
pub mod match_over;
pub mod panel;
pub mod pause;
pub mod playing;
pub mod record;
mod record_charts;
mod record_tables;
pub mod replay;
mod review_card;
pub mod round_over;
pub mod rules;
pub mod setup;
mod setup_rows;
mod turn_card;
mod turn_controls;

pub use turn_controls::Refusal;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(crate::solomon::screen::plugin)
        .add_systems(OnExit(InMatch), crate::history::review::cancel)
        .add_plugins((
            setup::plugin,
            playing::plugin,
            round_over::plugin,
            match_over::plugin,
            rules::plugin,
            pause::plugin,
            history::plugin,
            record::plugin,
            replay::plugin,
        ));
}
