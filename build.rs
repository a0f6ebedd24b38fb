//! Links the game's executables at a fixed address on Linux (`-no-pie`):
//! Bevy's code holds about 10 MB of relocations that a position-independent
//! executable applies at every start, which kept about 10 MiB more of the
//! game resident (`docs/performance.md`).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
