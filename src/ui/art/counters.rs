//! The counters' and the marks' images: a counter's shaded body and its
//! gloss, a soft shadow and glow, and the rings (plain, outlined, dashed).

use super::{grey, smoothstep};

pub(super) fn disc(x: f32, y: f32) -> [f32; 4] {
    let r = (x * x + y * y).sqrt();
    if r > 0.97 {
        return grey(0.0, 0.0);
    }
    // A domed face with a bevelled rim, lit from the top left.
    let rim = smoothstep(0.72, 0.96, r);
    let light = 0.5 + 0.5 * ((-x * 0.55 + y * 0.75) / 0.93).clamp(-1.0, 1.0);
    let face = 0.80 + 0.16 * light * (1.0 - r * r);
    let bevel = 0.52 + 0.38 * light;
    let v = face * (1.0 - rim) + bevel * rim;
    // An engraved ring a little inside the rim.
    let groove = 1.0 - 0.10 * (1.0 - ((r - 0.70).abs() / 0.035).min(1.0));
    grey(v * groove, 1.0)
}

pub(super) fn gloss(x: f32, y: f32) -> [f32; 4] {
    let r = (x * x + y * y).sqrt();
    if r > 0.97 {
        return grey(1.0, 0.0);
    }
    let (hx, hy) = (x + 0.32, y - 0.38);
    let spot = (-(hx * hx * 5.5 + hy * hy * 9.0)).exp() * 0.55;
    let rim_light = smoothstep(0.80, 0.95, r) * smoothstep(0.2, -0.7, x - y) * 0.12;
    grey(1.0, (spot + rim_light).min(1.0))
}

pub(super) fn shadow(x: f32, y: f32) -> [f32; 4] {
    let r2 = x * x + y * y;
    grey(0.0, 0.55 * (-r2 * 3.2).exp() * smoothstep(1.0, 0.8, r2.sqrt()))
}

pub(super) fn glow(x: f32, y: f32) -> [f32; 4] {
    let r2 = x * x + y * y;
    grey(1.0, (-r2 * 4.0).exp() * smoothstep(1.0, 0.85, r2.sqrt()))
}

pub(super) fn ring(x: f32, y: f32) -> [f32; 4] {
    let r = (x * x + y * y).sqrt();
    let a = smoothstep(0.80, 0.84, r) * smoothstep(0.98, 0.94, r);
    grey(1.0, a)
}

/// A white ring between dark edges.
pub(super) fn outlined_ring(x: f32, y: f32) -> [f32; 4] {
    let r = (x * x + y * y).sqrt();
    let outer = smoothstep(0.74, 0.77, r) * smoothstep(0.99, 0.96, r);
    let core = smoothstep(0.79, 0.82, r) * smoothstep(0.94, 0.91, r);
    grey(core, outer.max(core))
}

/// A ring broken into twelve dashes.
pub(super) fn dashed_ring(x: f32, y: f32) -> [f32; 4] {
    let r = (x * x + y * y).sqrt();
    let band = smoothstep(0.82, 0.86, r) * smoothstep(0.98, 0.94, r);
    let angle = y.atan2(x) / std::f32::consts::TAU * 12.0;
    let dash = smoothstep(0.22, 0.30, 0.5 - (angle.fract() - 0.5).abs());
    grey(1.0, band * dash)
}
