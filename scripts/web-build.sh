#!/usr/bin/env bash
# Builds the web game: the game compiled to WebAssembly, bound for the
# browser by wasm-bindgen, with its page and assets, into "$WEB_DIR"
# (default: the build folder's `web/`), each file beside its gzip copy.
# Sourced by ./serve (after scripts/setup.sh); later builds redo only what
# changed.
#
# The compiler: rustup's, where its wasm32-unknown-unknown target is
# installed (`rustup target add wasm32-unknown-unknown`); otherwise
# Debian's `rustc-web` with the standard library's source (`rust-web-src`)
# and `lld`'s wasm-ld, which builds that standard library itself
# (-Zbuild-std). The native game and the tests stay on rustup's compiler:
# only this build is told to use Debian's.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target_root="${CARGO_TARGET_DIR:-$root/target}"
web_target="$target_root/wasm"
WEB_DIR="${WEB_DIR:-$target_root/web}"
# The wasm-bindgen in Cargo.lock: its command-line tool must be the same version.
bindgen_version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' "$root/Cargo.lock")"
tools="${ENTROPY_TOOLS:-${HOME:-/nonexistent}/.cache/entropy-tools}"

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
install_packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "web: installing ${missing[*]}" >&2
        export DEBIAN_FRONTEND=noninteractive
        $sudo apt-get update -qq
        $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
}

build=(cargo build --release --locked --target wasm32-unknown-unknown --bin entropy)
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    echo "web: building with rustup's wasm32-unknown-unknown target" >&2
    env=()
else
    install_packages rustc-web rust-web-src lld
    debian_rustc=/usr/bin/rustc
    if ! "$debian_rustc" --print target-list 2>/dev/null | grep -qx wasm32-unknown-unknown; then
        echo "web: $debian_rustc cannot build for wasm32-unknown-unknown: install rustup's target instead (rustup target add wasm32-unknown-unknown)" >&2
        exit 1
    fi
    echo "web: building with Debian's $("$debian_rustc" --version | cut -d' ' -f1-2) and its standard library's source" >&2
    env=(RUSTC="$debian_rustc" RUSTC_BOOTSTRAP=1 CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld)
    build+=(-Zbuild-std=std,panic_abort)
fi

# wasm-bindgen-cli at the lock's version, once, in a folder of its own.
bindgen="$tools/bin/wasm-bindgen"
if ! { [ -x "$bindgen" ] && "$bindgen" --version | grep -q " $bindgen_version\$"; }; then
    echo "web: installing wasm-bindgen-cli $bindgen_version (once)" >&2
    # Its own lock names crate versions a registry mirror may not have yet:
    # the newest that its manifest allows is taken instead.
    cargo install --quiet --locked --root "$tools" --version "$bindgen_version" wasm-bindgen-cli 2>/dev/null ||
        cargo install --quiet --root "$tools" --version "$bindgen_version" wasm-bindgen-cli
fi

# getrandom's browser backend is chosen by a cfg.
env "${env[@]}" CARGO_TARGET_DIR="$web_target" \
    RUSTFLAGS='--cfg getrandom_backend="wasm_js"' \
    "${build[@]}" --manifest-path "$root/Cargo.toml"

wasm="$web_target/wasm32-unknown-unknown/release/entropy.wasm"
mkdir -p "$WEB_DIR"
staging="$(mktemp -d "$WEB_DIR.XXXXXX")"
trap 'rm -rf "$staging"' EXIT
"$bindgen" --target web --no-typescript --out-dir "$staging" --out-name entropy "$wasm"
cp -r "$root/web/." "$staging/"
cp -r "$root/assets" "$staging/assets"
# Each file beside its gzip copy: the server sends that one to a browser
# that takes it.
find "$staging" -type f ! -name '*.gz' ! -name '*.png' ! -name '*.ogg' -print0 |
    xargs -0 gzip -9 -k -f
# Swapped in whole: a server reading the old folder never sees half of the new one.
rm -rf "$WEB_DIR.old"
[ -d "$WEB_DIR" ] && mv "$WEB_DIR" "$WEB_DIR.old"
mv "$staging" "$WEB_DIR"
rm -rf "$WEB_DIR.old"
trap - EXIT
echo "web: built into $WEB_DIR" >&2
