//! The playing screen: the side panel with its turn card
//! ([`crate::solomon::screens::turn_card`]) or, once the board is full, the count
//! ([`crate::solomon::screens::count_card`]); the playing screen's keys and what its buttons
//! act on ([`Controls`]); why the last move was refused.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::redraw::Redraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use entropy_rules::{Action, Phase};

use crate::app::AppSet;
use crate::solomon::computer::{HintRequest, Thinking, WatchPace};
use crate::solomon::game::{CurrentMatch, Intent, Refused, Solomon, SolomonCommand};
use crate::solomon::input::Held;
use crate::solomon::match_setup::Seat;
use crate::solomon::screens::SolomonScreen;
use crate::solomon::screens::panel::{PanelData, ShownMove, side_panel};
use crate::solomon::screens::{CurrentPhase, TurnPhase};
use crate::ui::menus::MenuKeys;
use crate::ui::navigation::{LastDevice, Nav};
use crate::ui::overlays::{Overlay, OverlayCommand};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ShownMove>()
        .init_resource::<Refusal>()
        .add_systems(OnEnter(SolomonScreen::Playing), forget_shown_move)
        .add_systems(
            Update,
            (
                keys,
                crate::solomon::screens::count_card::skip_on_any_key,
                (collect_refusals, forget_stale_shown_move)
                    .run_if(in_state(SolomonScreen::Playing).and_then(resource_exists::<CurrentMatch>)),
            )
                .chain()
                .after(crate::ui::navigation::ReadDevices)
                .in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(SolomonScreen::Playing).and_then(resource_exists::<CurrentMatch>))
                .in_set(crate::ui::theme::Interface),
        );
}

/// Why the last move was refused, and for how much longer to say so.
#[derive(Resource, Debug, Default, Clone)]
pub struct Refusal(pub(crate) Option<(String, f32)>);

/// Whether a person may take a move back now: no clock, a person plays,
/// and the round has a move to take back.
pub fn undo_allowed(game: &CurrentMatch, clocked: bool) -> bool {
    !clocked && game.seats.contains(&Seat::Person) && !game.round().turns().is_empty() && !game.round().is_finished()
}

/// Whether two computers play (the person watches).
pub(crate) fn watching(game: &CurrentMatch) -> bool {
    game.seats.iter().all(|s| matches!(s, Seat::Computer(_)))
}

/// What the playing screen's keys and buttons act on.
#[derive(SystemParam)]
pub(crate) struct Controls<'w> {
    pub(crate) game: Res<'w, CurrentMatch>,
    pub(crate) clock: Option<Res<'w, crate::solomon::clock::MatchClock>>,
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
        if self.game.person_to_move() && !self.game.tournament && !self.hint.working() {
            self.hint.wanted = true;
        }
    }

    pub(crate) fn undo(&mut self) {
        if undo_allowed(&self.game, self.clock.is_some()) {
            self.held.picked = None;
            self.commands.write(SolomonCommand::Undo);
        }
    }

    fn pause(&mut self) {
        self.overlays.write(OverlayCommand::Open(Overlay::Pause));
    }

    fn browse(&mut self, delta: isize) {
        let count = self.game.round().turns().len();
        if count == 0 {
            return;
        }
        let at = self.shown.0.map_or(count as isize, |i| i as isize) + delta;
        self.shown.0 = (0..count as isize).contains(&at).then_some(at as usize);
    }
}

fn keys(mut keys: MenuKeys<SolomonScreen>, controls: Option<Controls>, blocked: Query<&crate::ui::animation::Tween>) {
    let keys = keys.for_screen(SolomonScreen::Playing);
    let Some(mut controls) = controls else { return };
    let still = !crate::ui::animation::blocks_input(&blocked);
    let watch = watching(&controls.game);
    for n in keys {
        match n {
            Nav::Pass if still => controls.pass(),
            Nav::Hint => controls.ask_hint(),
            Nav::Undo if still => controls.undo(),
            Nav::Pause => controls.pause(),
            Nav::Back if controls.held.picked.is_some() => controls.held.picked = None,
            Nav::Back => controls.pause(),
            Nav::Previous => controls.browse(-1),
            Nav::Next => controls.browse(1),
            Nav::Confirm if watch => {
                controls.pace.paused = !controls.pace.paused;
            }
            Nav::Right if watch && controls.pace.paused => controls.pace.step = true,
            Nav::Up if watch => controls.pace.speed = (controls.pace.speed * 2.0).min(4.0),
            Nav::Down if watch => controls.pace.speed = (controls.pace.speed / 2.0).max(0.5),
            _ => {}
        }
    }
}

fn collect_refusals(
    mut refused: MessageReader<Refused<Solomon>>,
    time: Res<Time<Real>>,
    mut refusal: ResMut<Refusal>,
    mut redraw: ResMut<Redraw>,
) {
    for r in refused.read() {
        let reason = r.error.to_string();
        let mut chars = reason.chars();
        let sentence: String = chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
        refusal.0 = Some((format!("{sentence}."), 4.0));
    }
    if let Some((_, left)) = refusal.0.as_mut() {
        *left -= time.delta_secs();
        if *left <= 0.0 {
            refusal.0 = None;
        } else {
            // The reason goes away by itself.
            redraw.after(std::time::Duration::from_secs_f32(*left));
        }
    }
}

fn forget_shown_move(mut shown: ResMut<ShownMove>) {
    shown.0 = None;
}

/// A move shown from the list is forgotten when the round moves on.
fn forget_stale_shown_move(game: Res<CurrentMatch>, mut shown: ResMut<ShownMove>) {
    if shown.0.is_some_and(|i| i >= game.round().turns().len()) {
        shown.0 = None;
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

fn draw(
    mut contexts: EguiContexts,
    data: PanelData,
    turn_data: TurnData,
    mut controls: Controls,
    (blocked, tutorial): (
        Query<&crate::ui::animation::Tween>,
        Option<Res<crate::solomon::tutorial::Tutorial>>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let still = !crate::ui::animation::blocks_input(&blocked);
    let mut shown = *controls.shown;
    side_panel(&ctx, &data, &mut shown, |ui| {
        if let Some(tutorial) = &tutorial {
            crate::solomon::screens::turn_card::guide(ui, tutorial.step);
        }
        let scoring = turn_data.phase.get() == Some(TurnPhase::Scoring);
        match (&data.count, scoring) {
            (Some(count), true) => crate::solomon::screens::count_card::counting(ui, count, &mut controls.skips),
            _ => crate::solomon::screens::turn_card::turn_card(ui, &data, &turn_data, &mut controls, still),
        }
    });
    if *controls.shown != shown {
        *controls.shown = shown;
    }
    Ok(())
}
