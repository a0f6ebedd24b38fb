//! How each step of a script is run: what it acts on ([`Stage`]) and
//! where its messages go ([`Out`]).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use entropy_ai::Player as _;
use entropy_rules::{Action, Phase};

use crate::app::prefs::Settings;
use crate::solomon::count::ScoreCount;
use crate::solomon::game::{CurrentMatch, Intent, Solomon, SolomonCommand};
use crate::solomon::input::Held;
use crate::solomon::match_setup::{MatchSetup, RoleChoice};
use crate::solomon::screen::SolomonScreen;
use crate::solomon::world::layout::BoardLayout;
use crate::ui::animation::{AnimationSpeed, Tween};
use crate::ui::camera::WorldCamera;
use crate::ui::navigation::Nav;
use crate::ui::overlays::OverlayCommand;

use super::moves::random_move;
use super::{Script, Step, carreno, cell_on_screen, measure, output_path, write_out};

/// What a script acts on.
#[derive(SystemParam)]
pub(super) struct Stage<'w, 's> {
    pub(super) screen: super::ShownScreen<'w>,
    game: Option<Res<'w, CurrentMatch>>,
    count: Option<Res<'w, ScoreCount>>,
    review: Option<Res<'w, crate::history::review::Review>>,
    tweens: Query<'w, 's, &'static Tween>,
    speed: ResMut<'w, AnimationSpeed>,
    held: ResMut<'w, Held>,
    settings: ResMut<'w, Settings>,
    setup: ResMut<'w, MatchSetup>,
    rules_page: ResMut<'w, crate::solomon::screens::rules::RulesPage>,
    saved: ResMut<'w, crate::solomon::saved::SavedMatch>,
    layout: Res<'w, BoardLayout>,
    device: ResMut<'w, crate::ui::navigation::LastDevice>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<WorldCamera>>,
    carreno: carreno::CarrenoStage<'w, 's>,
    simultaneous: super::simultaneous::SimStage<'w, 's>,
    online: super::online::OnlineStage<'w, 's>,
    clock: Option<ResMut<'w, crate::solomon::match_clock::MatchClock>>,
    pub(super) computer: ComputerStage<'w>,
}

/// The computer players of the match on screen.
#[derive(SystemParam)]
pub(super) struct ComputerStage<'w> {
    pub(super) thinking: Res<'w, crate::solomon::computer::Thinking>,
    computers: Option<Res<'w, crate::table::computer::Computers<Solomon>>>,
}

/// Where the script's messages go.
#[derive(SystemParam)]
pub(super) struct Out<'w> {
    intents: MessageWriter<'w, Intent<Solomon>>,
    commands: MessageWriter<'w, SolomonCommand>,
    overlays: MessageWriter<'w, OverlayCommand>,
    keys: MessageWriter<'w, Nav>,
    pub(super) exit: MessageWriter<'w, AppExit>,
}

/// The greedy baseline's move in `position`.
fn greedy_move(greedy: &mut entropy_ai::Greedy, position: &entropy_rules::Position) -> Option<Action> {
    let limits = entropy_ai::Limits::none();
    match position.phase() {
        Phase::ChaosPlace(_) => Some(Action::Place(greedy.place(position, &limits))),
        Phase::OrderMove => Some(Action::from(greedy.order(position, &limits))),
        _ => None,
    }
}

/// Runs the step on top; returns whether it is done.
pub(super) fn step(step: Step, script: &mut Script, stage: &mut Stage, out: &mut Out, commands: &mut Commands) -> bool {
    let busy = crate::ui::animation::blocks_input(&stage.tweens);
    match step {
        Step::Frames(n) => {
            script.waited = script.waited.saturating_add(1);
            script.waited >= n
        }
        Step::Shot(name) => {
            let dir = std::env::var("ENTROPY_SHOTS_DIR").unwrap_or_else(|_| ".".into());
            let path = std::path::Path::new(&dir).join(format!("{name}.png"));
            commands.spawn(Screenshot::primary_window()).observe(save_to_disk(path));
            true
        }
        Step::Do(command) => {
            out.commands.write(command);
            true
        }
        Step::Overlay(command) => {
            out.overlays.write(command);
            true
        }
        Step::Key(nav) => {
            // As a key pressed would: the mouse no longer points the focus.
            *stage.device = crate::ui::navigation::LastDevice::Keyboard;
            out.keys.write(nav);
            true
        }
        Step::Screen(wanted) => stage.screen.get() == wanted,
        Step::Speed(s) => {
            stage.speed.0 = s;
            true
        }
        Step::Play(_) | Step::PlayToChaos(_) => {
            let Some(game) = stage
                .game
                .as_ref()
                .filter(|_| stage.screen.get() == SolomonScreen::Playing)
            else {
                return stage.screen.get() != SolomonScreen::Playing;
            };
            let position = game.round().position();
            let reached = match step {
                Step::PlayToChaos(target) => {
                    position.board().counters() >= target && matches!(position.phase(), Phase::ChaosPlace(_)) && !busy
                }
                Step::Play(target) => position.board().counters() >= target && position.phase() == Phase::OrderMove,
                _ => false,
            };
            if reached || position.is_finished() {
                return true;
            }
            if busy || !game.person_to_move() {
                return false;
            }
            let action = match script.greedy.as_mut() {
                Some(greedy) => greedy_move(greedy, position),
                None => random_move(position, &mut script.rng),
            };
            if let Some(action) = action {
                out.intents.write(Intent(action));
            }
            false
        }
        Step::Greedily(greedily) => {
            script.greedy = greedily.then(|| entropy_ai::Greedy::new(2023));
            true
        }
        Step::Pick => {
            if let Some(game) = &stage.game {
                let position = game.round().position();
                stage.held.picked = position
                    .board()
                    .occupied()
                    .into_iter()
                    .max_by_key(|&c| position.slide_targets(c).len());
            }
            true
        }
        Step::Marks(marks) => {
            stage.settings.colour_marks = marks;
            true
        }
        Step::RulesPage(page) => {
            stage.rules_page.0 = page;
            true
        }
        Step::CountBeats(n) => stage.count.as_ref().is_some_and(|c| c.shown >= n || c.finished()),
        Step::ReviewDone => stage.review.as_ref().is_some_and(|r| !r.working()),
        Step::Tournament(opponent) => {
            stage.setup.opponent = opponent;
            stage.setup.role = RoleChoice::Order;
            stage.setup.tournament = true;
            stage.setup.clock = crate::solomon::match_setup::ClockChoice::TOURNAMENT;
            true
        }
        Step::ClockLeft(player, millis) => {
            if let Some(clock) = stage.clock.as_mut() {
                clock.left[player] = std::time::Duration::from_millis(millis);
            }
            true
        }
        Step::Versus(opponent) => {
            stage.setup.opponent = opponent;
            stage.setup.role = RoleChoice::Order;
            true
        }
        Step::Measure(bucket) => {
            script.bucket = bucket;
            true
        }
        Step::Quiet(wait) => script.step_started.is_some_and(|s| s.elapsed() >= wait),
        Step::Still(place) => {
            let frame = script.frame;
            let (from, first) = *script.still.get_or_insert_with(|| (measure::Sample::now(true), frame));
            if from.elapsed() < measure::STILL {
                return false;
            }
            script.frames.still(place, from, frame - first);
            script.still = None;
            true
        }
        Step::CountSearch(i) => {
            if stage.computer.thinking.working() {
                return false;
            }
            script.frames.searched[i] = measure::searched(stage.computer.computers.as_deref());
            true
        }
        Step::TimeSaves => {
            if let Some(game) = &stage.game {
                let data = crate::solomon::saved::SaveData::of(game, &stage.setup, None);
                script.frames.saves = measure::time_saves(&mut stage.saved, &data, 50);
            }
            true
        }
        Step::Report => {
            let control = std::env::var_os("ENTROPY_MEASURE_CONTROL").and_then(|p| std::fs::read_to_string(p).ok());
            write_out(&output_path(), &measure::report(&script.frames, control.as_deref()));
            true
        }
        Step::WriteBoard => {
            if let Some(game) = &stage.game {
                write_out(&output_path(), &game.round().board().to_string());
            }
            true
        }
        Step::Announce(cell) => match cell_on_screen(&stage.layout, &stage.camera, cell) {
            Some(at) => {
                write_out(
                    &format!("{}.ready", output_path()),
                    &format!("{} {}\n", at.x.round(), at.y.round()),
                );
                true
            }
            None => false,
        },
        Step::AwaitPlacement(frames) => {
            script.waited += 1;
            let placed = stage
                .game
                .as_ref()
                .and_then(|g| g.round().turns().first().map(|t| t.placement.cell.to_string()));
            if placed.is_some() || script.waited >= frames {
                write_out(
                    &output_path(),
                    &format!("{}\n", placed.unwrap_or_else(|| "none".to_string())),
                );
                true
            } else {
                false
            }
        }
        Step::Device(device) => {
            *stage.device = device;
            true
        }
        Step::Carreno(carreno_step) => carreno::step(carreno_step, &mut stage.carreno),
        Step::Simultaneous(sim_step) => super::simultaneous::step(sim_step, &mut stage.simultaneous),
        Step::Online(online_step) => super::online::step(online_step, &mut stage.online, &mut script.rng, commands),
        Step::Exit => {
            out.exit.write(AppExit::Success);
            true
        }
    }
}
