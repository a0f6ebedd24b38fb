//! Images drawn at start-up: counters with their shading and gloss, soft
//! shadows, rings ([`counters`]), rounded squares (here), the bag ([`bag`](mod@bag))
//! and the colour-blind symbols ([`symbols`]). Drawing them in code keeps
//! them crisp at any size and the asset folder for sounds and fonts.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

mod bag;
mod counters;
mod symbols;

use bag::bag;
use counters::{dashed_ring, disc, gloss, glow, outlined_ring, ring, shadow};
use symbols::{circle, crescent, cross, diamond, square, star, symbol, triangle};

pub(crate) fn plugin(app: &mut App) {
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

impl Art {
    /// A nine-slice sprite of the rounded square in `colour`, of `size`,
    /// its corners `border` texels, scaled at most by `max_corner_scale`.
    pub fn rounded_sprite(&self, colour: Color, size: Vec2, border: f32, max_corner_scale: f32) -> Sprite {
        Sprite {
            image: self.rounded.clone(),
            color: colour,
            custom_size: Some(size),
            image_mode: SpriteImageMode::Sliced(TextureSlicer {
                border: BorderRect::all(border),
                max_corner_scale,
                ..default()
            }),
            ..default()
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
/// The coverage (0 to 1) of colour `index`'s symbol on a square of `size`
/// texels, row by row from the top: the same shapes as [`Art::symbols`],
/// for the interface's small counters.
pub fn symbol_coverage(index: usize, size: u32) -> Vec<f32> {
    const SHAPES: [fn(f32, f32) -> f32; 7] = [triangle, square, circle, diamond, cross, star, crescent];
    let shape = SHAPES[index % SHAPES.len()];
    let offsets = [(-0.25, -0.25), (0.25, -0.25), (-0.25, 0.25), (0.25, 0.25)];
    let texel = |px: u32, py: u32| {
        offsets
            .iter()
            .map(|(ox, oy)| {
                let x = ((px as f32 + 0.5 + ox) / size as f32) * 2.0 - 1.0;
                let y = 1.0 - ((py as f32 + 0.5 + oy) / size as f32) * 2.0;
                symbol(x, y, shape)[3]
            })
            .sum::<f32>()
            / offsets.len() as f32
    };
    (0..size)
        .flat_map(|py| (0..size).map(move |px| texel(px, py)))
        .collect()
}

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

fn rounded(x: f32, y: f32) -> [f32; 4] {
    // Corner radius: 24 of 64 texels, so 0.75 in -1..1 units.
    let radius = 0.75;
    let qx = (x.abs() - (1.0 - radius)).max(0.0);
    let qy = (y.abs() - (1.0 - radius)).max(0.0);
    let d = (qx * qx + qy * qy).sqrt() - radius;
    grey(1.0, smoothstep(0.03, -0.03, d))
}
