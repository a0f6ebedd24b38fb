//! Which screen is shown, named as the probe and the scripted runs name it.

use bevy::prelude::*;

use crate::app::screen::Screen;
use crate::carreno::{CARRENO, CarrenoScreen};
use crate::online::{ONLINE, OnlineScreen};
use crate::simultaneous::{SIMULTANEOUS, SimScreen};
use crate::solomon::screen::{SOLOMON, SolomonScreen};

/// The title or a screen of either game: what a scripted run waits for and
/// the probe reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The title.
    Title,
    /// A screen of Solomon's game.
    Solomon(SolomonScreen),
    /// A screen of Carreno's game.
    Carreno(CarrenoScreen),
    /// A screen of the simultaneous match.
    Simultaneous(SimScreen),
    /// A screen of online play (signing in, the lobby).
    Online(OnlineScreen),
}

/// Each game's screen is a [`Shown`], and compares with one.
macro_rules! shown_screen {
    ($($screen:ty => $variant:ident),* $(,)?) => {$(
        impl From<$screen> for Shown {
            fn from(screen: $screen) -> Shown {
                Shown::$variant(screen)
            }
        }

        impl PartialEq<$screen> for Shown {
            fn eq(&self, other: &$screen) -> bool {
                *self == Shown::$variant(*other)
            }
        }
    )*};
}

shown_screen! {
    SolomonScreen => Solomon,
    CarrenoScreen => Carreno,
    SimScreen => Simultaneous,
    OnlineScreen => Online,
}

impl Shown {
    /// The screen shown in `world`.
    pub fn of(world: &World) -> Shown {
        let solomon = world.get_resource::<State<SolomonScreen>>().map(|s| *s.get());
        let carreno = world.get_resource::<State<CarrenoScreen>>().map(|s| *s.get());
        let simultaneous = world.get_resource::<State<SimScreen>>().map(|s| *s.get());
        if let (Screen::Game(ONLINE), Some(screen)) = (
            world.resource::<State<Screen>>().get(),
            world.get_resource::<State<OnlineScreen>>(),
        ) {
            return Shown::Online(*screen.get());
        }
        match (world.resource::<State<Screen>>().get(), solomon, carreno, simultaneous) {
            (Screen::Game(SOLOMON), Some(screen), _, _) => Shown::Solomon(screen),
            (Screen::Game(CARRENO), _, Some(screen), _) => Shown::Carreno(screen),
            (Screen::Game(SIMULTANEOUS), _, _, Some(screen)) => Shown::Simultaneous(screen),
            _ => Shown::Title,
        }
    }
}

impl std::fmt::Display for Shown {
    /// A word for the screen: Solomon's by its own name, Carreno's
    /// prefixed (`CarrenoSetup`, `Carreno`, `CarrenoOver`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shown::Title => f.write_str("Title"),
            Shown::Solomon(screen) => write!(f, "{screen:?}"),
            Shown::Carreno(CarrenoScreen::Setup) => f.write_str("CarrenoSetup"),
            Shown::Carreno(CarrenoScreen::Playing) => f.write_str("Carreno"),
            Shown::Carreno(CarrenoScreen::Over) => f.write_str("CarrenoOver"),
            Shown::Simultaneous(SimScreen::Setup) => f.write_str("SimultaneousSetup"),
            Shown::Simultaneous(SimScreen::Playing) => f.write_str("Simultaneous"),
            Shown::Simultaneous(SimScreen::Over) => f.write_str("SimultaneousOver"),
            Shown::Simultaneous(SimScreen::Replay) => f.write_str("SimultaneousReplay"),
            Shown::Online(OnlineScreen::SignIn) => f.write_str("SignIn"),
            Shown::Online(OnlineScreen::Lobby) => f.write_str("Lobby"),
            Shown::Online(OnlineScreen::Games) => f.write_str("MyGames"),
        }
    }
}

/// The screen shown now.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ShownScreen<'w> {
    app: Res<'w, State<Screen>>,
    solomon: Option<Res<'w, State<SolomonScreen>>>,
    carreno: Option<Res<'w, State<CarrenoScreen>>>,
    simultaneous: Option<Res<'w, State<SimScreen>>>,
    online: Option<Res<'w, State<OnlineScreen>>>,
}

impl ShownScreen<'_> {
    /// The screen shown now.
    pub fn get(&self) -> Shown {
        if let (Screen::Game(ONLINE), Some(screen)) = (self.app.get(), &self.online) {
            return Shown::Online(*screen.get());
        }
        match (self.app.get(), &self.solomon, &self.carreno, &self.simultaneous) {
            (Screen::Game(SOLOMON), Some(screen), _, _) => Shown::Solomon(*screen.get()),
            (Screen::Game(CARRENO), _, Some(screen), _) => Shown::Carreno(*screen.get()),
            (Screen::Game(SIMULTANEOUS), _, _, Some(screen)) => Shown::Simultaneous(*screen.get()),
            _ => Shown::Title,
        }
    }
}
