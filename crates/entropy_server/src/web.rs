//! The web game, served from the folder `--web` names (`./serve` builds
//! it): its page at `/`, every file with its content type (`.wasm` as
//! `application/wasm`, which browsers need to compile it as it arrives),
//! the gzip copy beside a file sent instead to a browser that takes gzip,
//! and `Cache-Control: no-cache` with `Last-Modified`, so that a browser
//! keeps what it has fetched and asks only whether it changed (the file
//! names stay the same from one build to the next: a page never mixes
//! two builds' files). A path that names no file is answered 404.

use std::path::Path;

use axum::http::{HeaderValue, header};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeader;

/// The service that answers with the web game's files in `folder`.
pub fn files(folder: &Path) -> SetResponseHeader<ServeDir, HeaderValue> {
    let files = ServeDir::new(folder)
        .precompressed_gzip()
        .append_index_html_on_directories(true);
    SetResponseHeader::if_not_present(files, header::CACHE_CONTROL, HeaderValue::from_static("no-cache"))
}

/// Whether `folder` holds a built web game (its page).
pub fn built(folder: &Path) -> bool {
    folder.join("index.html").is_file()
}
