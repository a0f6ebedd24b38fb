//! The web game in a real headless Chromium, driven through chromedriver
//! with the browser's own pointer, touch and keys (the W3C WebDriver
//! protocol, JSON over HTTP on loopback, spoken with `ureq`): a page opened
//! with `?probe` at the end of its address keeps in `window.entropyProbe`
//! the same text the native game's probe writes to a file, read here as
//! [`Probe`]. (Included with `#[path]` by the tests that need it.)

#![allow(dead_code)]

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{Value, json};

use super::common::clicks::{Driven, PATIENCE};
use super::common::probe::Probe;

/// The built web game (`scripts/web-build.sh`, which `./run-tests` runs
/// first): the build folder's `web/`, found from this test's own path
/// (`BUILD/release/deps/TEST`).
pub fn built_web_game() -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    let build = exe.ancestors().nth(3).expect("the build folder").to_path_buf();
    let web = build.join("web");
    assert!(
        web.join("index.html").is_file() && web.join("entropy_bg.wasm").is_file(),
        "no web game in {}: build it with scripts/web-build.sh (./run-tests does)",
        web.display()
    );
    web
}

/// The page's size, in CSS pixels (one to a device pixel), and whether it
/// takes touch, as a phone's does.
#[derive(Clone, Copy, Debug)]
pub struct Page {
    pub width: u32,
    pub height: u32,
    pub touch: bool,
}

/// A desktop page of 1280×720, for the mouse.
pub const DESKTOP: Page = Page {
    width: 1280,
    height: 720,
    touch: false,
};

/// chromedriver and one headless Chromium of its own, with a session.
pub struct Browser {
    agent: ureq::Agent,
    /// The session's address: `http://127.0.0.1:PORT/session/ID`.
    session: String,
    driver: Child,
    /// The page takes touch: the hand that presses is a finger.
    touch: bool,
    /// What the browser said in its console, gathered as it is read.
    console: Vec<String>,
}

/// A free loopback port, as the system gives one.
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
    listener.local_addr().unwrap().port()
}

impl Browser {
    /// A new Chromium, its page of `page`'s size, with no address yet.
    pub fn open(page: Page) -> Browser {
        let port = free_port();
        let driver = super::common::spawn_alone(
            Command::new("chromedriver")
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
        )
        .expect("chromedriver runs (scripts/setup.sh installs chromium-driver)");
        let deadline = Instant::now() + PATIENCE;
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver never listened");
            std::thread::sleep(Duration::from_millis(20));
        }
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(PATIENCE))
            .build()
            .into();
        let options = json!({
            "binary": "/usr/bin/chromium",
            "args": [
                "--headless=new", "--no-sandbox",
                // WebGL2 drawn in software, as on a computer without a GPU.
                "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist",
                format!("--window-size={},{}", page.width, page.height + 100),
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run",
                // Sound waits for the page's first click, as for a person.
                "--autoplay-policy=user-gesture-required",
            ],
            "mobileEmulation": { "deviceMetrics": {
                "width": page.width, "height": page.height, "pixelRatio": 1.0, "touch": page.touch,
            }},
        });
        let capabilities = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": options,
            "goog:loggingPrefs": { "browser": "ALL" },
        }}});
        let driver_at = format!("http://127.0.0.1:{port}");
        let opened = call(&agent, "POST", &format!("{driver_at}/session"), Some(capabilities))
            .expect("chromedriver opens a Chromium (scripts/setup.sh installs chromium)");
        let id = opened["sessionId"].as_str().expect("a session's id");
        Browser {
            agent,
            session: format!("{driver_at}/session/{id}"),
            driver,
            touch: page.touch,
            console: Vec::new(),
        }
    }

    /// The session's command `path` (`""` for the session itself).
    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        call(&self.agent, method, &format!("{}{path}", self.session), body)
    }

    /// Opens `url` (its page's load, not the game's start, is waited for).
    pub fn go(&mut self, url: &str) {
        self.command("POST", "/url", Some(json!({ "url": url })))
            .expect("the page opens");
    }

    /// Reloads the page, as its button or F5 does.
    pub fn reload(&mut self) {
        self.command("POST", "/refresh", Some(json!({})))
            .expect("the page reloads");
    }

    /// Runs `script` in the page; what it returns.
    pub fn script(&mut self, script: &str) -> Value {
        self.command("POST", "/execute/sync", Some(json!({ "script": script, "args": [] })))
            .expect("the page runs a script")
    }

    /// The page as drawn, as PNG.
    pub fn screenshot(&mut self) -> Vec<u8> {
        let encoded = self.command("GET", "/screenshot", None).expect("a screenshot");
        base64::engine::general_purpose::STANDARD
            .decode(encoded.as_str().unwrap_or_default())
            .expect("a screenshot in base64")
    }

    /// Every line the page's console has said at the level of an error,
    /// since the browser opened.
    pub fn console_errors(&mut self) -> Vec<String> {
        self.read_console()
            .expect("chromedriver hands over the console's lines");
        self.console
            .iter()
            .filter(|l| l.starts_with("SEVERE"))
            .cloned()
            .collect()
    }

    /// Gathers what the console said since it was last read (chromedriver
    /// hands each line over once).
    fn read_console(&mut self) -> Result<(), String> {
        let said = self.command("POST", "/se/log", Some(json!({ "type": "browser" })))?;
        for line in said.as_array().into_iter().flatten() {
            let level = line["level"].as_str().unwrap_or("?");
            let message = line["message"].as_str().unwrap_or("");
            self.console.push(format!("{level} {message}"));
        }
        Ok(())
    }

    /// Performs one source's `actions` (`kind` "pointer" of `pointer`
    /// "mouse" or "touch", or "key"), then lets everything go.
    fn act(&mut self, source: Value) {
        self.command("POST", "/actions", Some(json!({ "actions": [source] })))
            .expect("the browser takes the input");
        self.command("DELETE", "/actions", None)
            .expect("the browser lets the input go");
    }

    /// A finger taps `at`.
    pub fn tap_at(&mut self, at: (i32, i32)) {
        self.act(pointer("touch", &[move_to(at, 0), down(), pause(60), up()]));
    }

    /// A finger goes down on `from`, moves to `to` as a hand does, and lifts.
    pub fn drag_touch(&mut self, from: (i32, i32), to: (i32, i32)) {
        let middle = ((from.0 + to.0) / 2, (from.1 + to.1) / 2);
        self.act(pointer(
            "touch",
            &[
                move_to(from, 0),
                down(),
                pause(80),
                move_to(middle, 150),
                move_to(to, 150),
                pause(80),
                up(),
            ],
        ));
    }

    /// Presses and lets go of each key of `keys` in turn (characters, or
    /// WebDriver's codes for keys with no character).
    fn keys(&mut self, keys: impl Iterator<Item = char>) {
        let actions: Vec<Value> = keys
            .flat_map(|key| {
                let key = key.to_string();
                [
                    json!({ "type": "keyDown", "value": key }),
                    json!({ "type": "keyUp", "value": key }),
                ]
            })
            .collect();
        self.act(json!({ "type": "key", "id": "keyboard", "actions": actions }));
    }
}

/// A WebDriver command: its answer's `value`, or the error it names.
fn call(agent: &ureq::Agent, method: &str, url: &str, body: Option<Value>) -> Result<Value, String> {
    let sent = match (method, body) {
        ("GET", _) => agent.get(url).call(),
        ("DELETE", _) => agent.delete(url).call(),
        (_, body) => agent
            .post(url)
            .header("Content-Type", "application/json")
            .send(body.unwrap_or(json!({})).to_string()),
    };
    let mut answer = sent.map_err(|e| format!("{method} {url}: {e}"))?;
    let status = answer.status();
    let text = answer
        .body_mut()
        .with_config()
        .limit(64 << 20)
        .read_to_string()
        .map_err(|e| format!("{method} {url}: {e}"))?;
    let mut answer: Value = serde_json::from_str(&text).map_err(|e| format!("{method} {url}: {e}: {text}"))?;
    match status.is_success() {
        true => Ok(answer["value"].take()),
        false => Err(format!("{method} {url}: {status}: {}", answer["value"])),
    }
}

/// A pointer's input source, `kind` "mouse" or "touch", doing `actions`.
fn pointer(kind: &str, actions: &[Value]) -> Value {
    json!({ "type": "pointer", "id": kind, "parameters": { "pointerType": kind }, "actions": actions })
}

/// The pointer onto `at`, in the page's pixels, over `millis`.
fn move_to(at: (i32, i32), millis: u64) -> Value {
    json!({ "type": "pointerMove", "x": at.0, "y": at.1, "origin": "viewport", "duration": millis })
}

fn down() -> Value {
    json!({ "type": "pointerDown", "button": 0 })
}

fn up() -> Value {
    json!({ "type": "pointerUp", "button": 0 })
}

fn pause(millis: u64) -> Value {
    json!({ "type": "pause", "duration": millis })
}

/// WebDriver's codes for End and Backspace.
const END: char = '\u{E010}';
const BACKSPACE: char = '\u{E003}';

impl Driven for Browser {
    fn now(&mut self) -> Probe {
        let text = self.script("return window.entropyProbe || ''");
        Probe::parse(text.as_str().unwrap_or_default())
    }

    fn still_running(&mut self) {
        if let Ok(Some(status)) = self.driver.try_wait() {
            self.fail_with(&format!("chromedriver stopped ({status})"));
        }
    }

    fn fail_with(&mut self, what: &str) -> ! {
        let _ = self.read_console();
        let console = self.console.join("\n");
        let screen = self.now().text;
        panic!("{what}\n--- the page's console ---\n{console}\n--- the screen ---\n{screen}\n--- failed: {what}");
    }

    /// A click, or a tap on a page that takes touch.
    fn click_at(&mut self, at: (i32, i32)) {
        if self.touch {
            return self.tap_at(at);
        }
        // As a hand would: from a little away onto the place, a press held
        // as long as a hand holds it.
        let near = (at.0 + 7, at.1 + 5);
        self.act(pointer(
            "mouse",
            &[move_to(near, 0), pause(60), move_to(at, 60), down(), pause(90), up()],
        ));
    }

    fn erase(&mut self, held: usize) {
        self.keys(std::iter::once(END).chain(std::iter::repeat_n(BACKSPACE, held)));
    }

    fn type_text(&mut self, text: &str) {
        self.keys(text.chars());
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.command("DELETE", "", None);
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}
