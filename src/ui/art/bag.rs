//! The bag's image, drawn in grey to be tinted.

use super::{grey, smoothstep};

/// A cloth bag: a round belly, a neck tied with a drawstring whose ends
/// hang down, and an open mouth showing the dark inside. Tinted when used.
pub(super) fn bag(x: f32, y: f32) -> [f32; 4] {
    let string = [0.95, 0.80, 0.42, 1.0];
    // The mouth: an ellipse at the top.
    let mouth = (x / 0.40).powi(2) + ((y - 0.62) / 0.11).powi(2);
    // The gathered cloth between the drawstring and the mouth flares outwards.
    if (0.40..=0.64).contains(&y) {
        let t = (y - 0.40) / 0.24;
        let half = 0.24 + 0.16 * t * t;
        if x.abs() < half && mouth > 1.0 {
            let shade =
                (0.70 + 0.25 * (1.0 - x.abs() / half)) * (0.9 + 0.1 * (x / half * 3.5 * std::f32::consts::PI).cos());
            return grey(shade, 1.0);
        }
    }
    if mouth <= 1.0 {
        let inside = 0.18 + 0.1 * (y - 0.51) / 0.22;
        let rim = smoothstep(0.75, 1.0, mouth);
        return grey(inside * (1.0 - rim) + 0.8 * rim, 1.0);
    }
    if (0.36..=0.43).contains(&y) && x.abs() < 0.27 {
        return string;
    }
    // Two string ends hanging to the right.
    for (sx, sy, ex, ey) in [(0.22, 0.39, 0.36, 0.12), (0.24, 0.38, 0.30, 0.06)] {
        let (vx, vy, wx, wy) = (ex - sx, ey - sy, x - sx, y - sy);
        let t = ((wx * vx + wy * vy) / (vx * vx + vy * vy)).clamp(0.0, 1.0);
        if (wx - t * vx).hypot(wy - t * vy) < 0.018 {
            return string;
        }
    }
    // The belly widens from the neck, then rounds off at the bottom.
    if !(-0.95..0.40).contains(&y) {
        return grey(0.0, 0.0);
    }
    let half = if y > -0.35 {
        0.26 + 0.56 * ((0.40 - y) / 0.75 * std::f32::consts::FRAC_PI_2).sin().powf(0.8)
    } else {
        let t = (y + 0.95) / 0.60;
        0.82 * (1.0 - (1.0 - t).powi(2)).max(0.0).sqrt()
    };
    if x.abs() >= half {
        return grey(0.0, 0.0);
    }
    let u = x / half;
    let light = 0.55 + 0.45 * (-u * 0.6 + 0.5).clamp(0.0, 1.0);
    let belly = 0.75 + 0.25 * (1.0 - u * u).max(0.0).sqrt();
    let folds = 0.93 + 0.07 * (u * 2.5 * std::f32::consts::PI + (0.40 - y) * 2.0).cos();
    grey(light * belly * folds, smoothstep(1.0, 0.96, u.abs()))
}
