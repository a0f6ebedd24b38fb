//! Images drawn at start-up: counters with their shading and gloss, soft
//! shadows, rings, rounded squares, the bag and the colour-blind symbols.
//! Drawing them in code keeps them crisp at any size and the asset folder
//! for sounds and fonts.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Art>();
}

/// The drawn images.
#[derive(Resource, Debug, Clone)]
pub struct Art {
    /// A counter's body, light grey with shading, to be tinted with its colour.
    pub disc: Handle<Image>,
    /// The gloss over a counter, untinted.
    pub gloss: Handle<Image>,
    /// A soft round shadow.
    pub shadow: Handle<Image>,
    /// A thin ring (the picked-up counter, legal destinations).
    pub ring: Handle<Image>,
    /// A ring with dark edges, which shows on light and dark counters alike
    /// (the last move, the cursor).
    pub outlined_ring: Handle<Image>,
    /// A dashed ring (a hint, Chaos's counter under the pointer).
    pub dashed_ring: Handle<Image>,
    /// A soft white glow.
    pub glow: Handle<Image>,
    /// A rounded square, for nine-slice sprites.
    pub rounded: Handle<Image>,
    /// The bag.
    pub bag: Handle<Image>,
    /// A shape for each colour, by [`entropy_rules::Colour::index`]: triangle,
    /// square, circle, diamond, cross, star and crescent.
    pub symbols: [Handle<Image>; 7],
}

/// Corner radius of [`Art::rounded`], in texels.
pub const ROUNDED_BORDER: f32 = 24.0;

impl FromWorld for Art {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        let mut add = |size: u32, f: &dyn Fn(f32, f32) -> [f32; 4]| images.add(draw(size, f));
        Art {
            disc: add(128, &disc),
            gloss: add(128, &gloss),
            shadow: add(64, &shadow),
            ring: add(128, &ring),
            outlined_ring: add(128, &outlined_ring),
            dashed_ring: add(128, &dashed_ring),
            glow: add(64, &glow),
            rounded: add(64, &rounded),
            bag: add(256, &bag),
            symbols: [
                add(64, &|x, y| symbol(x, y, triangle)),
                add(64, &|x, y| symbol(x, y, square)),
                add(64, &|x, y| symbol(x, y, circle)),
                add(64, &|x, y| symbol(x, y, diamond)),
                add(64, &|x, y| symbol(x, y, cross)),
                add(64, &|x, y| symbol(x, y, star)),
                add(64, &|x, y| symbol(x, y, crescent)),
            ],
        }
    }
}

/// The window's icon as straight RGBA bytes: three counters, red, blue,
/// red, on a dark rounded square.
pub fn icon_pixels(size: u32) -> Vec<u8> {
    let image = draw(size, &|x, y| {
        let ground = rounded(x, y);
        let counters = [
            (-0.5, [0.85, 0.12, 0.14]),
            (0.0, [0.10, 0.35, 0.80]),
            (0.5, [0.85, 0.12, 0.14]),
        ];
        for (cx, colour) in counters {
            let r = ((x - cx) * (x - cx) + y * y).sqrt();
            if r < 0.24 {
                let shade = 0.75 + 0.25 * (1.0 - r / 0.24);
                return [colour[0] * shade, colour[1] * shade, colour[2] * shade, 1.0];
            }
        }
        [0.03, 0.035, 0.05, ground[3]]
    });
    image.data.unwrap_or_default()
}

/// An image of `size`², each texel from `f(x, y)` with x, y in -1..1 (y up),
/// giving straight (not premultiplied) linear RGBA in 0..1.
fn draw(size: u32, f: &dyn Fn(f32, f32) -> [f32; 4]) -> Image {
    let mut data = Vec::with_capacity((size * size * 4) as usize);
    // Four samples per texel smooth the edges.
    let offsets = [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)];
    for py in 0..size {
        for px in 0..size {
            let mut acc = [0.0f32; 4];
            for (ox, oy) in offsets {
                let x = ((px as f32 + 0.5 + ox) / size as f32) * 2.0 - 1.0;
                let y = 1.0 - ((py as f32 + 0.5 + oy) / size as f32) * 2.0;
                let [r, g, b, a] = f(x, y);
                acc[0] += r * a;
                acc[1] += g * a;
                acc[2] += b * a;
                acc[3] += a;
            }
            let a = acc[3] / 4.0;
            let colour = if a > 0.0 {
                [acc[0] / acc[3], acc[1] / acc[3], acc[2] / acc[3]]
            } else {
                [0.0; 3]
            };
            let srgb = Color::linear_rgb(colour[0], colour[1], colour[2]).to_srgba();
            data.extend_from_slice(&[
                (srgb.red * 255.0).round() as u8,
                (srgb.green * 255.0).round() as u8,
                (srgb.blue * 255.0).round() as u8,
                (a * 255.0).round() as u8,
            ]);
        }
    }
    Image::new(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

fn smoothstep(edge0: f32, edge1: f32, x: f32) -> f32 {
    let t = ((x - edge0) / (edge1 - edge0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn grey(v: f32, a: f32) -> [f32; 4] {
    [v, v, v, a]
}

fn disc(x: f32, y: f32) -> [f32; 4] {
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

fn gloss(x: f32, y: f32) -> [f32; 4] {
    let r = (x * x + y * y).sqrt();
    if r > 0.97 {
        return grey(1.0, 0.0);
    }
    let (hx, hy) = (x + 0.32, y - 0.38);
    let spot = (-(hx * hx * 5.5 + hy * hy * 9.0)).exp() * 0.55;
    let rim_light = smoothstep(0.80, 0.95, r) * smoothstep(0.2, -0.7, x - y) * 0.12;
    grey(1.0, (spot + rim_light).min(1.0))
}

fn shadow(x: f32, y: f32) -> [f32; 4] {
    let r2 = x * x + y * y;
    grey(0.0, 0.55 * (-r2 * 3.2).exp() * smoothstep(1.0, 0.8, r2.sqrt()))
}

fn glow(x: f32, y: f32) -> [f32; 4] {
    let r2 = x * x + y * y;
    grey(1.0, (-r2 * 4.0).exp() * smoothstep(1.0, 0.85, r2.sqrt()))
}

fn ring(x: f32, y: f32) -> [f32; 4] {
    let r = (x * x + y * y).sqrt();
    let a = smoothstep(0.80, 0.84, r) * smoothstep(0.98, 0.94, r);
    grey(1.0, a)
}

/// A white ring between dark edges.
fn outlined_ring(x: f32, y: f32) -> [f32; 4] {
    let r = (x * x + y * y).sqrt();
    let outer = smoothstep(0.74, 0.77, r) * smoothstep(0.99, 0.96, r);
    let core = smoothstep(0.79, 0.82, r) * smoothstep(0.94, 0.91, r);
    grey(core, outer.max(core))
}

/// A ring broken into twelve dashes.
fn dashed_ring(x: f32, y: f32) -> [f32; 4] {
    let r = (x * x + y * y).sqrt();
    let band = smoothstep(0.82, 0.86, r) * smoothstep(0.98, 0.94, r);
    let angle = y.atan2(x) / std::f32::consts::TAU * 12.0;
    let dash = smoothstep(0.22, 0.30, 0.5 - (angle.fract() - 0.5).abs());
    grey(1.0, band * dash)
}

/// A white shape inside -0.8..0.8, given as a signed distance (negative inside).
fn symbol(x: f32, y: f32, shape: fn(f32, f32) -> f32) -> [f32; 4] {
    grey(1.0, smoothstep(0.03, -0.03, shape(x, y)))
}

fn triangle(x: f32, y: f32) -> f32 {
    // An upward triangle: the largest of its three edge distances.
    let (y, k) = (y + 0.2, 3f32.sqrt());
    let a = y - 0.75;
    let b = (-k * x - y) / 2.0 - 0.5;
    let c = (k * x - y) / 2.0 - 0.5;
    a.max(b).max(c).max(-y - 0.55)
}

fn square(x: f32, y: f32) -> f32 {
    x.abs().max(y.abs()) - 0.62
}

fn circle(x: f32, y: f32) -> f32 {
    (x * x + y * y).sqrt() - 0.68
}

fn diamond(x: f32, y: f32) -> f32 {
    (x.abs() + y.abs()) * std::f32::consts::FRAC_1_SQRT_2 - 0.58
}

fn cross(x: f32, y: f32) -> f32 {
    let upright = (x.abs() - 0.22).max(y.abs() - 0.78);
    let across = (y.abs() - 0.22).max(x.abs() - 0.78);
    upright.min(across)
}

fn star(x: f32, y: f32) -> f32 {
    // A five-pointed star: radius between 0.36 and 0.85 by angle.
    let angle = x.atan2(y);
    let sector = std::f32::consts::TAU / 5.0;
    let t = ((angle / sector).rem_euclid(1.0) - 0.5).abs() * 2.0;
    let radius = 0.36 + 0.49 * t.powf(1.6);
    (x * x + y * y).sqrt() - radius
}

fn crescent(x: f32, y: f32) -> f32 {
    let outer = (x * x + y * y).sqrt() - 0.72;
    let inner = ((x - 0.34).powi(2) + (y - 0.16).powi(2)).sqrt() - 0.58;
    outer.max(-inner)
}

fn rounded(x: f32, y: f32) -> [f32; 4] {
    // Corner radius: 24 of 64 texels, so 0.75 in -1..1 units.
    let radius = 0.75;
    let qx = (x.abs() - (1.0 - radius)).max(0.0);
    let qy = (y.abs() - (1.0 - radius)).max(0.0);
    let d = (qx * qx + qy * qy).sqrt() - radius;
    grey(1.0, smoothstep(0.03, -0.03, d))
}

/// A cloth bag: a round belly, a neck tied with a drawstring whose ends
/// hang down, and an open mouth showing the dark inside. Tinted when used.
fn bag(x: f32, y: f32) -> [f32; 4] {
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
