//! What the playing screen's keys and its turn card's buttons act on
//! ([`Controls`]), what the turn card reads ([`TurnData`]), and why the
//! last move was refused ([`Refusal`]).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use entropy_rules::{Action, Phase};

use crate::solomon::computer::{HintRequest, Thinking, WatchPace};
use crate::solomon::game::{CurrentMatch, Intent, Solomon, SolomonCommand};
use crate::solomon::input::Held;
use crate::solomon::phase::CurrentPhase;
use crate::solomon::world::marks::ShownMove;
use crate::ui::navigation::LastDevice;
use crate::ui::overlays::{Overlay, OverlayCommand};

/// Why the last move was refused, and for how much longer to say so.
#[derive(Resource, Debug, Default, Clone)]
pub struct Refusal(pub(crate) Option<(String, f32)>);

impl Refusal {
    /// Why the last move was refused, while it is said.
    pub fn reason(&self) -> Option<&str> {
        self.0.as_ref().map(|(reason, _)| reason.as_str())
    }
}

/// What the playing screen's keys and buttons act on.
#[derive(SystemParam)]
pub(crate) struct Controls<'w> {
    pub(crate) game: Res<'w, CurrentMatch>,
    pub(crate) clock: Option<Res<'w, crate::solomon::match_clock::MatchClock>>,
    pub(crate) held: ResMut<'w, Held>,
    pub(crate) hint: ResMut<'w, HintRequest>,
    pub(crate) pace: ResMut<'w, WatchPace>,
    pub(crate) shown: ResMut<'w, ShownMove>,
    pub(crate) intents: MessageWriter<'w, Intent<Solomon>>,
    pub(crate) commands: MessageWriter<'w, SolomonCommand>,
    pub(crate) skips: MessageWriter<'w, crate::solomon::count::SkipCount>,
    pub(crate) overlays: MessageWriter<'w, OverlayCommand>,
}

impl Controls<'_> {
    pub(crate) fn person_order(&self) -> bool {
        self.game.person_to_move() && self.game.round().phase() == Phase::OrderMove
    }

    pub(crate) fn pass(&mut self) {
        if self.person_order() {
            self.held.picked = None;
            self.intents.write(Intent(Action::Pass));
        }
    }

    pub(crate) fn ask_hint(&mut self) {
        if self.game.person_to_move() && !self.game.tournament && !self.game.online() && !self.hint.working() {
            self.hint.wanted = true;
        }
    }

    pub(crate) fn undo(&mut self) {
        if self.game.undo_allowed(self.clock.is_some()) {
            self.held.picked = None;
            self.commands.write(SolomonCommand::Undo);
        }
    }

    pub(crate) fn pause(&mut self) {
        self.overlays.write(OverlayCommand::Open(Overlay::Pause));
    }

    pub(crate) fn browse(&mut self, delta: isize) {
        let count = self.game.round().turns().len();
        if count == 0 {
            return;
        }
        let at = self.shown.0.map_or(count as isize, |i| i as isize) + delta;
        self.shown.0 = (0..count as isize).contains(&at).then_some(at as usize);
    }
}

/// What the turn card reads.
#[derive(SystemParam)]
pub(crate) struct TurnData<'w> {
    pub(crate) phase: CurrentPhase<'w>,
    pub(crate) thinking: Res<'w, Thinking>,
    pub(crate) refusal: Res<'w, Refusal>,
    pub(crate) device: Res<'w, LastDevice>,
}
