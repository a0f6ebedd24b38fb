//! The probe for tests with a real pointer: with `ENTROPY_PROBE=<file>`
//! (in the browser: a page address ending in `?probe`), the game writes
//! what its screen holds into that file (the page's `entropyProbe`) each
//! time it changes: the screen and the dialog on top, a few facts of the
//! match, the setup and the settings, every control drawn with its centre in the
//! window's pixels (so that a test can move a real X pointer, or the
//! browser's, onto a button by its label) and every cell and square of the
//! board on screen. The file is replaced whole (written beside it, then
//! renamed), so a reader never sees half of it. Without the variable (or
//! the address's `?probe`) nothing is recorded.
//!
//! One line each, fields separated by tabs:
//!
//! ```text
//! frame     312
//! still     1
//! screen    Playing
//! overlay   None
//! fact      turns    3
//! button    Pass     1020   410   enabled   plain
//! value     Sound    80%
//! cell      Dd       520    360
//! cell      2 Dd     940    360
//! ```
//!
//! (A cell of the simultaneous match names its board first: `2 Dd` is on
//! player 2's board.) A `button` is `main` when it is drawn as the main
//! one (gold): a menu's entry only while it has the focus. `focus` names
//! the control drawn with the focus (a button, or a row by its label; no
//! line while no menu has it).
//!
//! `still` is 1 when the frame asked for no other at once: nothing moves,
//! and what the file says stays so until the next input (the game draws
//! only when something changes, so the frame number then stays too).

use std::fmt::Write as _;

mod shown;
pub use shown::{Shown, ShownScreen};

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;
use entropy_rules::Cell;

use crate::app::redraw::Redraw;
use crate::carreno::board::CarrenoLayout;
use crate::carreno::{CarrenoMatch, InCarreno};
use crate::solomon::game::CurrentMatch;
use crate::solomon::screen::InMatch;
use crate::solomon::world::layout::BoardLayout;
use crate::ui::camera::WorldCamera;
use crate::ui::overlays::Overlays;
use crate::ui::theme::controls;

pub(crate) fn plugin(app: &mut App) {
    let Some(out) = Out::asked() else {
        return;
    };
    controls::record();
    app.insert_resource(Probe {
        out,
        last: String::new(),
        frame: 0,
    })
    .add_systems(Last, write.after(crate::ui::frames::Asked));
}

#[derive(Resource)]
struct Probe {
    out: Out,
    last: String,
    frame: u64,
}

/// Where the probe writes: a file, or the page.
struct Out {
    #[cfg(not(target_arch = "wasm32"))]
    path: std::path::PathBuf,
}

impl Out {
    /// Where the probe was asked to write, if it was.
    #[cfg(not(target_arch = "wasm32"))]
    fn asked() -> Option<Out> {
        let path = std::env::var_os("ENTROPY_PROBE").filter(|p| !p.is_empty())?;
        Some(Out { path: path.into() })
    }

    /// The page asks with `?probe` at the end of its address.
    #[cfg(target_arch = "wasm32")]
    fn asked() -> Option<Out> {
        let search = web_sys::window()?.location().search().ok()?;
        (search == "?probe").then_some(Out {})
    }

    /// Replaces what the probe says with `whole`; whether it was written.
    #[cfg(not(target_arch = "wasm32"))]
    fn write(&self, whole: String) -> bool {
        let partial = self.path.with_extension("partial");
        std::fs::write(&partial, whole)
            .and_then(|_| std::fs::rename(&partial, &self.path))
            .is_ok()
    }

    /// Sets the page's `entropyProbe` to `whole`.
    #[cfg(target_arch = "wasm32")]
    fn write(&self, whole: String) -> bool {
        let Some(window) = web_sys::window() else { return false };
        js_sys::Reflect::set(&window, &"entropyProbe".into(), &whole.into()).unwrap_or(false)
    }
}

/// The game's state the probe reports.
#[derive(bevy::ecs::system::SystemParam)]
struct Facts<'w, 's> {
    screen: ShownScreen<'w>,
    overlays: Res<'w, Overlays>,
    phase: crate::solomon::phase::CurrentPhase<'w>,
    game: Option<Res<'w, CurrentMatch>>,
    hint: Res<'w, crate::solomon::computer::HintRequest>,
    setup: Res<'w, crate::solomon::match_setup::MatchSetup>,
    settings: Res<'w, crate::app::prefs::Settings>,
    replay: Option<Res<'w, crate::solomon::replay::Replay>>,
    review: Option<Res<'w, crate::history::review::Review>>,
    history: Res<'w, crate::history::History>,
    record: Res<'w, crate::history::kept_record::PlayerRecord>,
    record_view: Res<'w, crate::solomon::screens::record::RecordView>,
    sim: Option<Res<'w, crate::simultaneous::SimMatch>>,
    sim_replay: Option<Res<'w, crate::simultaneous::replay::SimReplay>>,
    sim_saved: Res<'w, crate::simultaneous::saved::SavedSim>,
    carreno: Option<Res<'w, CarrenoMatch>>,
    tutorial: Option<Res<'w, crate::solomon::tutorial::Tutorial>>,
    pace: Res<'w, crate::solomon::computer::WatchPace>,
    saved: Res<'w, crate::solomon::saved::SavedMatch>,
    held: Res<'w, crate::solomon::input::Held>,
    selection: Res<'w, crate::carreno::input::Selection>,
    count: Option<Res<'w, crate::solomon::count::ScoreCount>>,
    carreno_hint: Res<'w, crate::carreno::computer::HintRequest>,
    tweens: Query<'w, 's, &'static crate::ui::animation::Tween>,
    online: Option<Res<'w, crate::online::table::OnTable>>,
    online_games: Res<'w, crate::online::games::OnlineGames>,
    session: Res<'w, crate::online::session::Session>,
}

impl Facts<'_, '_> {
    fn write(&self, out: &mut String) {
        let mut fact = |name: &str, value: String| {
            let _ = writeln!(out, "fact\t{name}\t{value}");
        };
        fact("phase", format!("{:?}", self.phase.get()));
        fact("still", (!crate::ui::animation::blocks_input(&self.tweens)).to_string());
        if let Some(game) = &self.game {
            fact("round", game.game.round_index().to_string());
            fact("turns", game.round().turns().len().to_string());
            let last = game.round().turns().last().map(|t| t.to_string()).unwrap_or_default();
            fact("last", last);
            fact("over", game.game.is_over().to_string());
            fact("person", game.person_to_move().to_string());
            let hinted = self.hint.for_position(game.round().position()).is_some();
            fact("hint", hinted.to_string());
            let vacant: Vec<String> = game
                .round()
                .position()
                .placements()
                .into_iter()
                .map(|c| c.to_string())
                .collect();
            fact("vacant", vacant.join(" "));
        }
        fact("picked", format!("{:?}", self.held.picked.map(|c| c.to_string())));
        if let Some(count) = &self.count {
            fact("count", format!("{} of {}", count.shown, count.beats.len()));
        }
        fact("setup", format!("{:?}", *self.setup));
        fact("settings", format!("{:?}", *self.settings));
        if let Some(replay) = &self.replay {
            fact("replay", format!("{} {}", replay.round, replay.step));
        }
        fact("review", self.review.is_some().to_string());
        fact("history", self.history.entries.len().to_string());
        fact("record kind", self.record_view.kind.title().to_string());
        let kinds = crate::history::record::Kind::ALL.map(|k| self.record.0.of(k).matches.len().to_string());
        fact("record matches", kinds.join(" "));
        if let Some(carreno) = &self.carreno {
            fact("carreno moves", carreno.game.moves().len().to_string());
            let legal: Vec<String> = carreno.game.legal_moves().iter().map(|m| m.to_string()).collect();
            fact("carreno legal", legal.join(" "));
            fact("carreno person", carreno.person_to_move().to_string());
            fact(
                "carreno hint",
                self.carreno_hint.for_game(&carreno.game).is_some().to_string(),
            );
            let picked = self.selection.picked.map(|s| s.to_string());
            fact("carreno picked", format!("{picked:?}"));
        }
        if let Some(tutorial) = &self.tutorial {
            fact("tutorial", format!("{:?}", tutorial.step));
        }
        if let Some(sim) = &self.sim {
            // What a person here is waited for: "<player> <board> <role>", or "none".
            let person = sim.person_to_act();
            fact(
                "sim person",
                person.map_or("none".into(), |p| {
                    format!("{} {} {:?}", p.player.index() + 1, p.board.index() + 1, p.role)
                }),
            );
            let vacant: Vec<String> = person
                .map(|p| {
                    sim.game
                        .board(p.board)
                        .position()
                        .placements()
                        .into_iter()
                        .map(|c| c.to_string())
                        .collect()
                })
                .unwrap_or_default();
            fact("sim vacant", vacant.join(" "));
            let moves: usize = entropy_rules::Player::BOTH
                .iter()
                .map(|&p| sim.game.moves_made(p))
                .sum();
            fact("sim moves", moves.to_string());
            fact("sim over", sim.game.is_over().to_string());
        }
        if let Some(replay) = &self.sim_replay {
            fact("sim replay", format!("{} of {}", replay.step, replay.moves.len()));
        }
        fact("sim resumable", self.sim_saved.resumable().to_string());
        if let Some(table) = &self.online {
            fact("online game", table.game.clone());
            fact("online me", format!("{:?}", table.me));
            if let Some(followed) = self.online_games.get(&table.game) {
                let result = followed.view.end().map(|e| e.result.clone()).unwrap_or_default();
                fact("online result", result);
                fact("online steps", followed.view.steps().len().to_string());
                fact("online version", followed.view.version().to_string());
            }
        }
        let link = match self.session.link {
            crate::online::session::Link::Offline => "offline",
            crate::online::session::Link::Connecting => "connecting",
            crate::online::session::Link::Online => "online",
            crate::online::session::Link::Lost { .. } => "lost",
        };
        fact("link", link.to_string());
        fact("pace", format!("{:?}", *self.pace));
        fact("resumable", self.saved.resumable().to_string());
    }
}

/// Where the board's cells and squares are on the window.
#[derive(bevy::ecs::system::SystemParam)]
struct Boards<'w, 's> {
    window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
    camera: Single<'w, 's, (&'static Camera, &'static GlobalTransform), With<WorldCamera>>,
    layout: Res<'w, BoardLayout>,
    in_match: Option<Res<'w, State<InMatch>>>,
    in_carreno: Option<Res<'w, State<InCarreno>>>,
    in_simultaneous: Option<Res<'w, State<crate::simultaneous::InSimultaneous>>>,
}

impl Boards<'_, '_> {
    fn write(&self, game: Option<&CurrentMatch>, sim: Option<&crate::simultaneous::SimMatch>, out: &mut String) {
        let (camera, transform) = *self.camera;
        let scale = self.window.scale_factor();
        let mut place = |kind: &str, name: String, world: Vec2| {
            if let Ok(at) = camera.world_to_viewport(transform, world.extend(0.0)) {
                let at = at * scale;
                let _ = writeln!(out, "{kind}\t{name}\t{:.0}\t{:.0}", at.x, at.y);
            }
        };
        if let (Some(_), Some(game)) = (&self.in_match, game) {
            for cell in Cell::all(game.round().size()) {
                place("cell", cell.to_string(), self.layout.cell_centre(cell));
            }
        }
        // The simultaneous match's cells, by board: "1 Aa" is on player 1's board.
        if let (Some(_), Some(sim)) = (&self.in_simultaneous, sim) {
            let layout = crate::simultaneous::boards::SimLayout { size: sim.game.size() };
            for owner in entropy_rules::Player::BOTH {
                for cell in Cell::all(layout.size) {
                    place(
                        "cell",
                        format!("{} {cell}", owner.index() + 1),
                        layout.cell_centre(owner, cell),
                    );
                }
            }
        }
        if self.in_carreno.is_some() {
            for square in carreno_rules::Square::all() {
                place("square", square.to_string(), CarrenoLayout::square_centre(square));
            }
        }
    }
}

fn write(
    mut contexts: EguiContexts,
    mut probe: ResMut<Probe>,
    facts: Facts,
    boards: Boards,
    mut asked: MessageReader<bevy::window::RequestRedraw>,
    redraw: Res<Redraw>,
) -> Result {
    let still = asked.read().count() == 0;
    let ctx = contexts.ctx_mut()?;
    let record = controls::take(ctx);
    let ppp = ctx.pixels_per_point();
    let mut text = String::new();
    let _ = writeln!(text, "still\t{}", u8::from(still));
    if let Some(wanted) = redraw.last() {
        // Who asked for the next frame: for a maintainer, not a test.
        let _ = writeln!(text, "asked\t{:?}\t{}", wanted.wait, wanted.by);
    }
    let _ = writeln!(text, "screen\t{}", facts.screen.get());
    let _ = writeln!(text, "overlay\t{:?}", facts.overlays.top());
    facts.write(&mut text);
    for control in &record.controls {
        let at = control.rect.center() * ppp;
        let _ = writeln!(
            text,
            "button\t{}\t{:.0}\t{:.0}\t{}\t{}",
            control.label,
            at.x,
            at.y,
            if control.enabled { "enabled" } else { "disabled" },
            if control.main { "main" } else { "plain" },
        );
    }
    for label in &record.focused {
        let _ = writeln!(text, "focus\t{label}");
    }
    for shown in &record.values {
        let _ = writeln!(text, "value\t{}\t{}", shown.label, shown.value);
    }
    boards.write(facts.game.as_deref(), facts.sim.as_deref(), &mut text);
    // The frame counts drawn frames; the file is rewritten when what it
    // says changes, and every fourth frame while frames are drawn.
    probe.frame += 1;
    if text != probe.last || probe.frame.is_multiple_of(4) {
        let frame = probe.frame;
        if probe.out.write(format!("frame\t{frame}\n{text}")) {
            probe.last = text;
        }
    }
    Ok(())
}
