//! Eased motion: a [`Tween`] moves an entity from one point to another along
//! an easing curve; one system advances them all. While a blocking tween
//! runs, the board takes no input, the computer waits and the clock stops
//! (see [`motion_blocks_input`]).

use bevy::prelude::*;

use crate::app::prefs::Settings;
use crate::app::redraw::Redraw;

pub(crate) fn plugin(app: &mut App) {
    let settings = app.world().get_resource::<Settings>();
    let speed = AnimationSpeed(settings.map_or(1.0, |s| s.animation.speed()));
    app.insert_resource(speed)
        .add_systems(Update, follow_settings)
        .add_systems(
            Update,
            (advance_tweens, advance_shakes).in_set(crate::app::AppSet::Animate),
        );
}

/// The animation speed follows the settings.
fn follow_settings(settings: Res<Settings>, mut speed: ResMut<AnimationSpeed>) {
    if settings.is_changed() && !settings.is_added() {
        speed.0 = settings.animation.speed();
    }
}

/// Multiplies the speed of every animation (1 is normal; the settings
/// offer slower and faster, and the scripted runs use a large value to play
/// whole rounds quickly).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct AnimationSpeed(pub f32);

impl Default for AnimationSpeed {
    fn default() -> Self {
        AnimationSpeed(1.0)
    }
}

/// Moves the entity's translation from `from` to `to` in `duration` seconds.
#[derive(Component, Debug, Clone)]
pub struct Tween {
    from: Vec3,
    to: Vec3,
    elapsed: f32,
    duration: f32,
    ease: EaseFunction,
    /// Whether input waits for this motion to finish.
    pub blocking: bool,
    /// Scale at the start, returning to 1 at the end (a draw pops out of the bag).
    pub start_scale: f32,
    /// What the motion shows.
    pub kind: Motion,
}

/// What a motion shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Motion {
    /// A counter drawn from the bag.
    Draw,
    /// A counter placed from Chaos's hand.
    Place,
    /// A rook slide.
    Slide,
    /// Anything else (a counter going back).
    #[default]
    Other,
}

impl Tween {
    /// A blocking motion.
    pub fn new(from: Vec3, to: Vec3, duration: f32, ease: EaseFunction) -> Tween {
        Tween {
            from,
            to,
            elapsed: 0.0,
            duration: duration.max(1e-3),
            ease,
            blocking: true,
            start_scale: 1.0,
            kind: Motion::Other,
        }
    }

    /// The same motion, which input need not wait for (decoration).
    pub fn not_blocking(mut self) -> Tween {
        self.blocking = false;
        self
    }

    /// The same motion, saying what it shows.
    pub fn showing(mut self, kind: Motion) -> Tween {
        self.kind = kind;
        self
    }

    /// The same motion, growing from `scale` to full size.
    pub fn growing_from(mut self, scale: f32) -> Tween {
        self.start_scale = scale;
        self
    }

    /// Where the motion ends.
    pub fn target(&self) -> Vec3 {
        self.to
    }

    /// The duration of a rook slide over `cells` cells: quick but visible,
    /// from about 160 ms for one cell to 300 ms across the board.
    pub fn slide_duration(cells: usize) -> f32 {
        (0.13 + 0.028 * cells as f32).clamp(0.15, 0.30)
    }
}

/// A short sideways shake (a refused move).
#[derive(Component, Debug, Clone)]
pub struct Shake {
    elapsed: f32,
    origin: Vec3,
}

impl Shake {
    const DURATION: f32 = 0.32;

    /// A shake around `origin`.
    pub fn at(origin: Vec3) -> Shake {
        Shake { elapsed: 0.0, origin }
    }
}

/// Whether any of `tweens` is a motion that input must wait for.
pub fn blocks_input(tweens: &Query<&Tween>) -> bool {
    tweens.iter().any(|t| t.blocking)
}

/// Run condition: a motion that input must wait for is running.
pub fn motion_blocks_input(tweens: Query<&Tween>) -> bool {
    blocks_input(&tweens)
}

fn advance_tweens(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut commands: Commands,
    mut tweens: Query<(Entity, &mut Tween, &mut Transform)>,
    mut redraw: ResMut<Redraw>,
) {
    if !tweens.is_empty() {
        // Moving, or ending in this frame: what waits for the board to be
        // still (the automatic draw, the computer) goes on in the next.
        redraw.now();
    }
    let dt = time.delta_secs() * speed.0;
    for (entity, mut tween, mut transform) in &mut tweens {
        tween.elapsed += dt;
        let t = (tween.elapsed / tween.duration).clamp(0.0, 1.0);
        let curve = EasingCurve::new(tween.from, tween.to, tween.ease);
        transform.translation = curve.sample_clamped(t);
        let scale = tween.start_scale + (1.0 - tween.start_scale) * EaseFunction::BackOut.sample_clamped(t);
        transform.scale = Vec3::splat(scale);
        if t >= 1.0 {
            transform.translation = tween.to;
            transform.scale = Vec3::ONE;
            commands.entity(entity).remove::<Tween>();
        }
    }
}

fn advance_shakes(
    time: Res<Time>,
    speed: Res<AnimationSpeed>,
    mut commands: Commands,
    mut shakes: Query<(Entity, &mut Shake, &mut Transform), Without<Tween>>,
    mut redraw: ResMut<Redraw>,
) {
    if !shakes.is_empty() {
        redraw.now();
    }
    let dt = time.delta_secs() * speed.0;
    for (entity, mut shake, mut transform) in &mut shakes {
        shake.elapsed += dt;
        let t = shake.elapsed / Shake::DURATION;
        if t >= 1.0 {
            transform.translation = shake.origin;
            commands.entity(entity).remove::<Shake>();
        } else {
            let amplitude = 7.0 * (1.0 - t);
            transform.translation = shake.origin + Vec3::X * amplitude * (t * 6.0 * std::f32::consts::TAU).sin();
        }
    }
}
