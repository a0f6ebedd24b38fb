//! The window draws only when asked ([`crate::app::redraw`]): the event loop
//! waits in Bevy's reactive mode and wakes for the window's own events (a
//! key, the pointer, a resize), for a frame asked for at once, at the time
//! a frame was asked for (an alarm thread), for egui's repaint requests
//! (at once or later: Bevy's egui takes a later one for one at once, so
//! its requests are read from egui itself), for a finished search ([`crate::app::redraw::wake`])
//! and for a gamepad (a thread that waits for its events, since the window
//! system knows nothing of gamepads; in the browser, which tells no
//! gamepad's buttons, the page looks at the pads while one is connected).
//!
//! Time in the game (`Time`, which animations and the count follow) counts
//! only while something moves: the first frame after a still spell
//! advances it by one frame's step, not by the whole spell, so a slide
//! started by a click begins at its start. Waits that span still spells
//! (the clock, the living title board, a notice) follow `Time<Real>`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::mpsc;
use std::time::Duration;

use bevy::platform::time::Instant;

use bevy::prelude::*;
use bevy::time::{TimeSystems, TimeUpdateStrategy};
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};
use bevy_egui::{EguiContext, EguiInput, EguiPreUpdateSet, egui};

use crate::app::redraw::{self, Redraw, Settle};

pub(crate) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<bevy::winit::WinitPlugin>() {
        return;
    }
    app.insert_resource(WinitSettings {
        focused_mode: UpdateMode::reactive_low_power(NOTHING_ASKED),
        unfocused_mode: UpdateMode::reactive_low_power(NOTHING_ASKED),
    })
    .init_resource::<EguiAsked>()
    .add_systems(Startup, start_wakers)
    .add_systems(First, time_at_frame_start.before(TimeSystems))
    .add_systems(
        PreUpdate,
        unchanged_modifiers_are_no_news
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    )
    .add_systems(
        Last,
        (take_egui_repaints, ask_the_window).chain().after(Settle).in_set(Asked),
    );
}

/// Where the frame's wish has been passed to the window (and every request
/// for a frame at once written as `RequestRedraw`): read them after it.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Asked;

/// A frame at least this often even when nothing asks: a safety net only.
const NOTHING_ASKED: Duration = Duration::from_secs(30);

/// How far `Time` advances in a frame that follows a still spell.
const STEP_AFTER_STILL: Duration = Duration::from_micros(16_667);

/// How far `Time` may advance in a frame while things move (Bevy's default).
const STEP_WHILE_MOVING: Duration = Duration::from_millis(250);

/// Whether egui asked for a frame at once since the last frame ended.
#[derive(Resource, Default)]
struct EguiAsked(Arc<AtomicBool>);

/// Bevy's real clock takes the time the renderer finished the last frame:
/// after a still spell that is a time before it, and the spell would land
/// in the frame after. Each frame's time is when it starts (unless a
/// scripted run steps time itself).
fn time_at_frame_start(mut strategy: ResMut<TimeUpdateStrategy>) {
    if matches!(
        *strategy,
        TimeUpdateStrategy::Automatic | TimeUpdateStrategy::ManualInstant(_)
    ) {
        *strategy = TimeUpdateStrategy::ManualInstant(Instant::now());
    }
}

/// Where the times frames are wanted go: to the alarm thread, or in the
/// browser (no threads) to the page's own timer.
#[derive(Resource, Clone)]
struct Alarm(#[cfg(not(target_arch = "wasm32"))] mpsc::Sender<Instant>);

impl Alarm {
    /// Wakes the game at `at`.
    fn ring_at(&self, at: Instant) {
        #[cfg(not(target_arch = "wasm32"))]
        let _ = self.0.send(at);
        #[cfg(target_arch = "wasm32")]
        {
            let wait = at
                .saturating_duration_since(Instant::now())
                .as_millis()
                .min(i32::MAX as u128) as i32;
            let wake = wasm_bindgen::closure::Closure::once_into_js(redraw::wake);
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
                    wasm_bindgen::JsCast::unchecked_ref(&wake),
                    wait,
                );
            }
        }
    }
}

fn start_wakers(proxy: Res<EventLoopProxyWrapper>, mut commands: Commands) {
    let wake = {
        let proxy = (**proxy).clone();
        move || {
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    };
    redraw::set_waker(wake.clone());
    #[cfg(target_arch = "wasm32")]
    {
        commands.insert_resource(Alarm());
        let wake = wasm_bindgen::closure::Closure::<dyn Fn()>::new(wake);
        watch_gamepads(&wake.into_js_value());
    }
    #[cfg(not(target_arch = "wasm32"))]
    start_threads(wake, &mut commands);
}

// The browser tells when a gamepad comes and goes, not when its buttons
// or sticks change: while one is connected the page looks at the pads
// every 16 ms and wakes the game when what is pressed or pushed changed
// (the game's own gamepad reading, Bevy's, happens in the frame woken).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(inline_js = r#"
export function watch_gamepads(wake) {
    const pads = () => Array.from(navigator.getGamepads ? navigator.getGamepads() : []).filter((p) => p);
    const state = () => pads()
        .map((p) => p.buttons.map((b) => (b.pressed ? 1 : 0)).join("") + p.axes.map((a) => Math.round(a * 2)).join(","))
        .join("|");
    let last = "";
    let timer = null;
    const look = () => {
        const now = state();
        if (now !== last) { last = now; wake(); }
    };
    const follow = () => {
        const any = pads().length > 0;
        if (any && timer === null) timer = setInterval(look, 16);
        if (!any && timer !== null) { clearInterval(timer); timer = null; }
        wake();
    };
    window.addEventListener("gamepadconnected", follow);
    window.addEventListener("gamepaddisconnected", follow);
}
"#)]
extern "C" {
    fn watch_gamepads(wake: &wasm_bindgen::JsValue);
}

/// The alarm's thread and the gamepads' (a computer's: the browser has no
/// threads to give).
#[cfg(not(target_arch = "wasm32"))]
fn start_threads(wake: impl Fn() + Clone + Send + 'static, commands: &mut Commands) {
    let (alarm, times) = mpsc::channel();
    let started = std::thread::Builder::new()
        .name("frame alarm".into())
        .spawn({
            let wake = wake.clone();
            move || ring(&times, &wake)
        })
        .is_ok();
    if started {
        commands.insert_resource(Alarm(alarm));
    } else {
        warn!("no alarm thread: frames asked for later are drawn at the next input");
    }
    let _ = std::thread::Builder::new()
        .name("gamepad waker".into())
        .spawn(move || watch_gamepads(&wake));
}

/// Wakes the game at the earliest time asked for, until the game ends.
#[cfg(not(target_arch = "wasm32"))]
fn ring(times: &mpsc::Receiver<Instant>, wake: &dyn Fn()) {
    let mut next: Option<Instant> = None;
    loop {
        let got = match next {
            Some(at) => times.recv_timeout(at.saturating_duration_since(Instant::now())),
            None => times.recv().map_err(|_| mpsc::RecvTimeoutError::Disconnected),
        };
        match got {
            Ok(at) => next = Some(next.map_or(at, |n| n.min(at))),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                next = None;
                wake();
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// Wakes the game for every gamepad event (a second reader of the pads:
/// Bevy's own reads them in the frame it wakes).
#[cfg(not(target_arch = "wasm32"))]
fn watch_gamepads(wake: &dyn Fn()) {
    let Ok(mut pads) = gilrs::Gilrs::new() else {
        return;
    };
    loop {
        if pads.next_event_blocking(None).is_some() {
            wake();
        }
    }
}

/// Passes the frame's wish to the window: another frame at once, or later;
/// and lets `Time` run at once only while things move.
fn ask_the_window(
    redraw: Res<Redraw>,
    alarm: Option<Res<Alarm>>,
    egui_asked: Res<EguiAsked>,
    mut window: ResMut<Messages<RequestRedraw>>,
    mut time: ResMut<Time<Virtual>>,
) {
    // Bevy's egui asks for a frame at once for every repaint egui wants,
    // even one wanted in a second: its wishes are replaced by egui's own.
    window.clear();
    if egui_asked.0.swap(false, Ordering::Relaxed) {
        window.write(RequestRedraw);
    }
    let wanted = redraw.last();
    match wanted {
        Some(w) if w.wait.is_zero() => {
            window.write(RequestRedraw);
        }
        Some(w) => {
            if let Some(alarm) = &alarm {
                alarm.ring_at(w.at);
            }
        }
        None => {}
    }
    let moving = wanted.is_some_and(|w| w.wait.is_zero());
    let step = if moving { STEP_WHILE_MOVING } else { STEP_AFTER_STILL };
    if time.max_delta() != step {
        time.set_max_delta(step);
    }
}

/// Bevy's egui tells egui the modifier keys every frame, and egui takes any
/// event for a reason to draw the next frame: told only when they change.
fn unchanged_modifiers_are_no_news(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut known: Local<Vec<(Entity, egui::Modifiers)>>,
) {
    for (entity, mut input) in &mut inputs {
        let was = known.iter().position(|(e, _)| *e == entity);
        input.0.events.retain(|event| {
            let egui::Event::ModifiersChanged(now) = event else {
                return true;
            };
            match was {
                Some(i) if known[i].1 == *now => false,
                Some(i) => {
                    known[i].1 = *now;
                    true
                }
                None => {
                    known.push((entity, *now));
                    true
                }
            }
        });
    }
}

/// egui asks for repaints at once (Bevy's egui passes those on) and later
/// (a blinking text cursor, a tooltip's delay): those go to the alarm.
fn take_egui_repaints(
    mut contexts: Query<(Entity, &mut EguiContext)>,
    alarm: Option<Res<Alarm>>,
    proxy: Res<EventLoopProxyWrapper>,
    egui_asked: Res<EguiAsked>,
    mut done: Local<Vec<Entity>>,
) {
    let Some(alarm) = alarm else { return };
    for (entity, mut context) in &mut contexts {
        if done.contains(&entity) {
            continue;
        }
        done.push(entity);
        let alarm = alarm.clone();
        let proxy = (**proxy).clone();
        let asked = egui_asked.0.clone();
        context.get_mut().set_request_repaint_callback(move |info| {
            if info.delay.is_zero() {
                asked.store(true, Ordering::Relaxed);
                let _ = proxy.send_event(WinitUserEvent::WakeUp);
            } else if let Some(at) = Instant::now().checked_add(info.delay) {
                alarm.ring_at(at);
            }
        });
    }
}
