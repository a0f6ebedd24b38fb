//! The colour-blind symbols, one a colour: triangle, square, circle,
//! diamond, cross, star and crescent, each a signed distance drawn white.

use super::{grey, smoothstep};

/// A white shape inside -0.8..0.8, given as a signed distance (negative inside).
pub(super) fn symbol(x: f32, y: f32, shape: fn(f32, f32) -> f32) -> [f32; 4] {
    grey(1.0, smoothstep(0.03, -0.03, shape(x, y)))
}

pub(super) fn triangle(x: f32, y: f32) -> f32 {
    // An upward triangle: the largest of its three edge distances.
    let (y, k) = (y + 0.2, 3f32.sqrt());
    let a = y - 0.75;
    let b = (-k * x - y) / 2.0 - 0.5;
    let c = (k * x - y) / 2.0 - 0.5;
    a.max(b).max(c).max(-y - 0.55)
}

pub(super) fn square(x: f32, y: f32) -> f32 {
    x.abs().max(y.abs()) - 0.62
}

pub(super) fn circle(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt() - 0.68
}

pub(super) fn diamond(x: f32, y: f32) -> f32 {
    (x.abs() + y.abs()) * std::f32::consts::FRAC_1_SQRT_2 - 0.58
}

pub(super) fn cross(x: f32, y: f32) -> f32 {
    let upright = (x.abs() - 0.22).max(y.abs() - 0.78);
    let across = (y.abs() - 0.22).max(x.abs() - 0.78);
    upright.min(across)
}

pub(super) fn star(x: f32, y: f32) -> f32 {
    // A five-pointed star: radius between 0.36 and 0.85 by angle.
    let angle = x.atan2(y);
    let sector = std::f32::consts::TAU / 5.0;
    let t = ((angle / sector).rem_euclid(1.0) - 0.5).abs() * 2.0;
    let radius = 0.36 + 0.49 * t.powf(1.6);
    (x * x + y * y).sqrt() - radius
}

pub(super) fn crescent(x: f32, y: f32) -> f32 {
    let outer = (x * x + y * y).sqrt() - 0.72;
    let inner = ((x - 0.34).powi(2) + (y - 0.16).powi(2)).sqrt() - 0.58;
    outer.max(-inner)
}
