//! What the game draws reaches the renderer in the frame it is drawn.
//!
//! egui writes each glyph it needs for the first time into its font atlas,
//! an image the renderer copies only in a frame whose asset events name it.
//! If the atlas is written after those events are sent, the new glyphs are
//! drawn from the old copy: a number or a word shows with letters missing.
//! This plays a match in the whole game (without a window system or
//! renderer) and checks every frame that each change to any image (egui's
//! atlas, the world's text atlases, the art) is announced in the same frame.

mod common;

use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};

use bevy::asset::AssetEvent;
use bevy::prelude::*;
use bevy_egui::EguiManagedTextures;
use common::*;
use entropy::solomon::match_setup::{MatchSetup, Opponent};
use rand::SeedableRng;
use rand::rngs::SmallRng;

/// What the check saw.
#[derive(Resource, Default)]
struct Seen {
    /// Frames checked.
    frames: usize,
    /// Each image's contents at the end of the last frame (a hash).
    contents: HashMap<AssetId<Image>, u64>,
    /// Changes to an image egui draws from (its font atlas).
    interface_changes: usize,
    /// Changes to any image.
    changes: usize,
    /// Changes not announced in their frame.
    late: Vec<String>,
}

fn contents_hash(image: &Image) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    image.data.hash(&mut hasher);
    image.size().hash(&mut hasher);
    hasher.finish()
}

/// Runs last in every frame: an image whose contents changed in this frame
/// must have been announced (added or modified) in this frame.
fn check_announced(
    managed: Res<EguiManagedTextures>,
    images: Res<Assets<Image>>,
    mut events: MessageReader<AssetEvent<Image>>,
    frame: Res<bevy::diagnostic::FrameCount>,
    mut seen: ResMut<Seen>,
) {
    seen.frames += 1;
    let announced: HashSet<AssetId<Image>> = events
        .read()
        .filter_map(|event| match event {
            AssetEvent::Added { id } | AssetEvent::Modified { id } => Some(*id),
            _ => None,
        })
        .collect();
    let interface: HashSet<AssetId<Image>> = managed.values().map(|t| t.handle.id()).collect();
    for (id, image) in images.iter() {
        let now = contents_hash(image);
        let before = seen.contents.insert(id, now);
        let added = before.is_none() && seen.frames > 1;
        if added && !announced.contains(&id) {
            seen.late
                .push(format!("frame {}: {id:?} added without an event", frame.0));
        }
        if before.is_some_and(|before| before != now) {
            seen.changes += 1;
            if interface.contains(&id) {
                seen.interface_changes += 1;
            }
            if !announced.contains(&id) {
                let line = format!("frame {}: {id:?} changed without an event", frame.0);
                seen.late.push(line);
            }
        }
    }
}

#[test]
fn every_change_to_an_image_reaches_the_renderer_in_its_frame() {
    let mut app = window_app("textures");
    app.init_resource::<Seen>().add_systems(Last, check_announced);
    app.world_mut().resource_mut::<MatchSetup>().opponent = Opponent::Person;
    send(&mut app, entropy::solomon::game::SolomonCommand::StartMatch);
    wait_for(&mut app, SolomonScreen::Playing);
    // Each move adds a line to the move list and changes the prompt and the
    // scores: new words and numbers, glyphs egui draws for the first time.
    let mut rng = SmallRng::seed_from_u64(7);
    play(&mut app, &mut rng, 60);
    settle(&mut app);

    let seen = app.world().resource::<Seen>();
    assert!(
        seen.interface_changes > 3,
        "egui's atlas changed only {} times: the check saw too little",
        seen.interface_changes
    );
    assert!(
        seen.late.is_empty(),
        "{} of {} changes reached the renderer a frame late:\n{}",
        seen.late.len(),
        seen.changes,
        seen.late.join("\n")
    );
}
