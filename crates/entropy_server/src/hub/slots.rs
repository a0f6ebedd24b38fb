//! The games this process holds: a slot for each, with the loaded game
//! and the connections that watch it, behind a tokio mutex.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use crate::conns::ConnId;
use crate::db::games::GameRow;
use crate::game::Game;

/// A game in memory, as stored up to its version.
pub struct Loaded {
    pub row: GameRow,
    pub game: Game,
}

#[derive(Default)]
pub(crate) struct SlotState {
    pub(crate) loaded: Option<Loaded>,
    pub(crate) watchers: HashSet<ConnId>,
    /// The version the watchers have been sent events up to: when the slot
    /// is emptied (a conflict, an error) and read again, the events stored
    /// meanwhile by another process are sent from there.
    pub(crate) shown: u64,
    /// The game's players' accounts, once it has been watched: whom its
    /// spectators are not.
    pub(crate) players: Option<[String; 2]>,
    /// The number of spectators the watchers were told last.
    pub(crate) told: Option<u32>,
}

impl SlotState {
    /// Whether nothing here needs keeping: nobody watches (a game nobody
    /// watches is read again from the database when it is next used).
    fn idle(&self) -> bool {
        self.watchers.is_empty()
    }
}

#[derive(Default)]
pub(crate) struct Slot {
    pub(crate) state: tokio::sync::Mutex<SlotState>,
}

/// The slots of this process.
#[derive(Default)]
pub struct Hub {
    slots: Mutex<HashMap<String, Arc<Slot>>>,
}

impl Hub {
    pub(crate) fn slot(&self, id: &str) -> Arc<Slot> {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        slots.entry(id.to_string()).or_default().clone()
    }

    pub(crate) fn existing(&self, id: &str) -> Option<Arc<Slot>> {
        self.slots.lock().unwrap_or_else(|p| p.into_inner()).get(id).cloned()
    }

    /// Puts a game just created into its slot, so it need not be read back.
    pub async fn insert(&self, loaded: Loaded) {
        let slot = self.slot(&loaded.row.id);
        slot.state.lock().await.loaded = Some(loaded);
    }

    /// Forgets a slot that nothing needs any more ([`SlotState::idle`]:
    /// no watcher, no live game; a game that does not exist, say), once
    /// its last user is done with it. Whatever a message makes the hub
    /// hold is freed this way: a slot is made for every game id asked
    /// about, and kept only while it is watched or played.
    pub(crate) fn release(&self, id: &str, slot: Arc<Slot>) {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        let Some(held) = slots.get(id) else { return };
        // Held by the map and by the caller only: nobody waits for it.
        if !Arc::ptr_eq(held, &slot) || Arc::strong_count(&slot) != 2 {
            return;
        }
        let idle = slot.state.try_lock().is_ok_and(|state| state.idle());
        if idle {
            slots.remove(id);
        }
    }

    /// How many games' slots this process holds.
    pub fn len(&self) -> usize {
        self.slots.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
