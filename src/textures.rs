//! Images drawn at start-up: counters with their shading and gloss, soft
//! shadows, rings, dots, rounded squares and the bag. Drawing them in code
//! keeps them crisp at any size and the asset folder for sounds.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Textures>().init_resource::<GameFont>();
}

/// The drawn images.
#[derive(Resource, Debug, Clone)]
pub struct Textures {
    /// A counter's body, light grey with shading, to be tinted with its colour.
    pub disc: Handle<Image>,
    /// The gloss over a counter, untinted.
    pub gloss: Handle<Image>,
    /// A soft round shadow.
    pub shadow: Handle<Image>,
    /// A thin ring (selection, the cell just placed on).
    pub ring: Handle<Image>,
    /// A soft white glow.
    pub glow: Handle<Image>,
    /// A soft dot (a legal destination).
    pub dot: Handle<Image>,
    /// A rounded square, for nine-slice sprites.
    pub rounded: Handle<Image>,
    /// The bag.
    pub bag: Handle<Image>,
}

/// The typeface of the text in the world (the interface's own, Ubuntu Light).
#[derive(Resource, Debug, Clone)]
pub struct GameFont(pub Handle<Font>);

impl GameFont {
    /// The font at `size`.
    pub fn at(&self, size: f32) -> TextFont {
        TextFont::from_font_size(size).with_font(self.0.clone())
    }
}

impl FromWorld for GameFont {
    fn from_world(world: &mut World) -> Self {
        let bytes = include_bytes!("../assets/fonts/Ubuntu-Light.ttf").to_vec();
        GameFont(world.resource_mut::<Assets<Font>>().add(Font::from_bytes(bytes)))
    }
}

/// Corner radius of [`Textures::rounded`], in texels.
pub const ROUNDED_BORDER: f32 = 24.0;

impl FromWorld for Textures {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        let mut add = |size: u32, f: &dyn Fn(f32, f32) -> [f32; 4]| images.add(draw(size, f));
        Textures {
            disc: add(128, &disc),
            gloss: add(128, &gloss),
            shadow: add(64, &shadow),
            ring: add(128, &ring),
            dot: add(64, &dot),
            glow: add(64, &glow),
            rounded: add(64, &rounded),
            bag: add(256, &bag),
        }
    }
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

fn dot(x: f32, y: f32) -> [f32; 4] {
    let r = (x * x + y * y).sqrt();
    grey(1.0, smoothstep(0.95, 0.75, r))
}

fn rounded(x: f32, y: f32) -> [f32; 4] {
    // Corner radius: 24 of 64 texels, so 0.75 in -1..1 units.
    let radius = 0.75;
    let qx = (x.abs() - (1.0 - radius)).max(0.0);
    let qy = (y.abs() - (1.0 - radius)).max(0.0);
    let d = (qx * qx + qy * qy).sqrt() - radius;
    grey(1.0, smoothstep(0.03, -0.03, d))
}

/// A cloth bag with a gathered neck and a drawstring, tinted when used.
fn bag(x: f32, y: f32) -> [f32; 4] {
    // Body: an ellipse resting low; neck: a narrowing band above it; a frill on top.
    let body = ((x / 0.80).powi(2) + ((y + 0.22) / 0.70).powi(2)).sqrt();
    let neck_half = 0.20 + 0.10 * ((y - 0.50) / 0.12).abs().min(1.0);
    let in_neck = (0.38..0.62).contains(&y) && x.abs() < neck_half;
    let frill = ((x / 0.42).powi(2) + ((y - 0.74) / 0.16).powi(2)).sqrt();
    let inside_body = body < 1.0;
    if !(inside_body || in_neck || frill < 1.0) {
        return grey(0.0, 0.0);
    }
    let edge = if inside_body { smoothstep(1.0, 0.97, body) } else { 1.0 };
    // Folds: soft vertical stripes converging to the neck.
    let fold = 0.92 + 0.08 * ((x / (0.45 + (y + 0.9) * 0.3)) * 9.0).cos();
    let shade = if inside_body {
        0.62 + 0.38 * (1.0 - body * body).max(0.0).sqrt()
    } else {
        0.78
    };
    let string = (y - 0.44).abs() < 0.025 && x.abs() < 0.34;
    if string {
        return [0.95, 0.82, 0.45, 1.0];
    }
    grey(shade * fold, edge)
}
