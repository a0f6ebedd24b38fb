//! A person's moves on the two boards. The board waiting for a person is
//! the one the rules name first for a person ([`SimMatch::person_to_act`]):
//! as Chaos they place the drawn counter on the other's board, as Order
//! they slide a counter of their own board (pick it up, then its
//! destination) or pass. The mouse clicks on either board; the keys and
//! the gamepad move a cursor that starts on the waiting board, Enter or A
//! acts, Esc or B puts a picked-up counter back, P or Y passes.

use bevy::prelude::*;
use entropy_rules::{Action, Cell, Player, Role, Slide};

use super::SimScreen;
use super::boards::SimLayout;
use super::game::{SimAction, SimMatch, Simultaneous};
use crate::app::AppSet;
use crate::table::input::board_input::BoardGame;
use crate::table::input::{Hand, board_input};
use crate::table::turn::Intent;
use crate::ui::menus::MenuKeys;
use crate::ui::navigation::Nav;
use crate::ui::overlays::{Overlay, OverlayCommand};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SimHand>()
        .add_systems(
            Update,
            (mouse_input, keys)
                .chain()
                .after(crate::ui::navigation::ReadDevices)
                .in_set(AppSet::Input)
                .run_if(in_state(SimScreen::Playing)),
        )
        .add_systems(Update, forget_when_moved.after(AppSet::Turn).before(AppSet::Sync))
        .add_systems(OnEnter(SimScreen::Playing), |mut hand: ResMut<SimHand>| {
            *hand = SimHand::default()
        });
}

impl BoardGame for SimMatch {
    type Screen = SimScreen;
    const SCREEN: SimScreen = SimScreen::Playing;
    fn person_to_move(&self) -> bool {
        self.person_to_act().is_some()
    }
}

/// Whether the boards take a person's input now.
pub type BoardInput<'w, 's> = board_input::BoardInput<'w, 's, SimMatch>;

/// What a person holds and points at: the counter picked up (on their own
/// board) and the keyboard's cursor (a board and a cell).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SimHand {
    /// The picked-up counter's cell, on the waiting board.
    pub picked: Option<Cell>,
    /// The cursor: whose board and which cell.
    pub cursor: Option<(Player, Cell)>,
    /// The board and cell under the mouse pointer.
    pub hovered: Option<(Player, Cell)>,
}

/// What acting on `cell` of `owner`'s board asks for, given what is held.
pub fn activate(game: &SimMatch, hand: &mut SimHand, owner: Player, cell: Cell) -> Option<SimAction> {
    let pending = game.person_to_act()?;
    if pending.board != owner {
        return None;
    }
    let board = game.game.board(owner).board();
    let action = match pending.role {
        Role::Chaos => Action::Place(cell),
        Role::Order => match hand.picked {
            Some(from) if from == cell => {
                hand.picked = None;
                return None;
            }
            Some(from) if board.get(cell).is_none() => {
                hand.picked = None;
                Action::Slide(Slide::new(from, cell))
            }
            _ if board.get(cell).is_some() => {
                hand.picked = Some(cell);
                return None;
            }
            _ => return None,
        },
    };
    Some(SimAction {
        player: pending.player,
        action,
    })
}

fn mouse_input(
    pointer: Hand,
    board: BoardInput,
    mut hand: ResMut<SimHand>,
    mut intents: MessageWriter<Intent<Simultaneous>>,
) {
    let Some(game) = board.ready() else {
        hand.hovered = None;
        return;
    };
    let layout = SimLayout { size: game.game.size() };
    let at = pointer.point().and_then(|p| layout.cell_at(p));
    if hand.hovered != at {
        hand.hovered = at;
    }
    if pointer.just_pressed()
        && let Some((owner, cell)) = at
        && let Some(action) = activate(game, &mut hand, owner, cell)
    {
        intents.write(Intent(action));
    }
}

fn keys(
    mut keys: MenuKeys<SimScreen>,
    board: BoardInput,
    mut hand: ResMut<SimHand>,
    mut intents: MessageWriter<Intent<Simultaneous>>,
    mut overlays: MessageWriter<OverlayCommand>,
) {
    let keys = keys.for_screen(SimScreen::Playing);
    let ready = board.ready();
    for n in keys {
        let cursor = ready.and_then(|game| {
            let n = game.game.size().n();
            let waiting = game.person_to_act()?.board;
            let (owner, cell) = hand.cursor.unwrap_or((waiting, game.game.size().centre()));
            Some((game, n, owner, cell))
        });
        match (n, cursor) {
            (Nav::Up | Nav::Down | Nav::Left | Nav::Right, Some((_, size, owner, cell))) => {
                let (dr, dc): (i32, i32) = match n {
                    Nav::Up => (-1, 0),
                    Nav::Down => (1, 0),
                    Nav::Left => (0, -1),
                    _ => (0, 1),
                };
                let last = size as i32 - 1;
                let row = (cell.row() as i32 + dr).clamp(0, last);
                let col = cell.col() as i32 + dc;
                // Past the edge between the boards, the cursor crosses over.
                let (owner, col) = match (owner, col) {
                    (Player::One, c) if c > last => (Player::Two, 0),
                    (Player::Two, c) if c < 0 => (Player::One, last),
                    (owner, c) => (owner, c.clamp(0, last)),
                };
                hand.cursor = Cell::new(row as usize, col as usize).map(|cell| (owner, cell));
            }
            (Nav::Confirm, Some((game, _, owner, cell))) => {
                hand.cursor = Some((owner, cell));
                if let Some(action) = activate(game, &mut hand, owner, cell) {
                    intents.write(Intent(action));
                }
            }
            (Nav::Back, _) if hand.picked.is_some() => hand.picked = None,
            (Nav::Back | Nav::Pause, _) => {
                overlays.write(OverlayCommand::Open(Overlay::Pause));
            }
            (Nav::Pass, Some((game, ..))) => {
                if let Some(pending) = game.person_to_act().filter(|p| p.role == Role::Order) {
                    hand.picked = None;
                    intents.write(Intent(SimAction {
                        player: pending.player,
                        action: Action::Pass,
                    }));
                }
            }
            _ => {}
        }
    }
}

/// A picked-up counter is put down, and the cursor goes to the waiting
/// board, once the board waiting for a person changes.
fn forget_when_moved(game: Option<Res<SimMatch>>, mut hand: ResMut<SimHand>, mut was: Local<Option<(Player, Role)>>) {
    let now = game.as_ref().and_then(|g| g.person_to_act()).map(|p| (p.board, p.role));
    if *was != now {
        hand.picked = None;
        if let Some((board, _)) = now
            && hand.cursor.is_some_and(|(owner, _)| owner != board)
        {
            let size = game.as_ref().map(|g| g.game.size()).unwrap_or_default();
            hand.cursor = Some((board, size.centre()));
        }
        *was = now;
    }
}
