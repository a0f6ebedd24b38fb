//! The web game served from a folder (`--web`): the page at `/`, each file
//! with its content type, the gzip copy to a browser that takes gzip (and
//! the file itself to one that does not), revalidation by
//! `Last-Modified`, 404 for a path that names no file, and the API and the
//! WebSocket where they were.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;

use entropy_server::{Config, ManualClock};

/// A GET with these headers: the status, the headers asked for and the body's bytes.
async fn get(
    addr: SocketAddr,
    path: &str,
    headers: &[(&'static str, String)],
) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let url = format!("http://{addr}{path}");
    let headers = headers.to_vec();
    tokio::task::spawn_blocking(move || {
        let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        let mut request = agent.get(&url);
        for (name, value) in &headers {
            request = request.header(*name, value);
        }
        let mut response = request.call().unwrap_or_else(|e| panic!("GET {url}: {e}"));
        let status = response.status().as_u16();
        let seen = response
            .headers()
            .iter()
            .map(|(name, value)| (name.to_string(), value.to_str().unwrap_or_default().to_string()))
            .collect();
        let body = response.body_mut().read_to_vec().unwrap_or_default();
        (status, seen, body)
    })
    .await
    .unwrap()
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut child = std::process::Command::new("gzip")
        .arg("-c")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("gzip runs");
    use std::io::Write as _;
    child.stdin.take().unwrap().write_all(bytes).unwrap();
    child.wait_with_output().unwrap().stdout
}

#[tokio::test]
async fn the_web_game_is_served_with_types_gzip_and_revalidation() {
    let data = tempfile::tempdir().unwrap();
    let web = tempfile::tempdir().unwrap();
    let page = b"<!doctype html><title>Entropy</title>".to_vec();
    let wasm = b"\0asm\x01\0\0\0 the game".repeat(100);
    std::fs::write(web.path().join("index.html"), &page).unwrap();
    std::fs::write(web.path().join("entropy_bg.wasm"), &wasm).unwrap();
    std::fs::write(web.path().join("entropy_bg.wasm.gz"), gzip(&wasm)).unwrap();
    std::fs::create_dir(web.path().join("assets")).unwrap();
    std::fs::write(web.path().join("assets/look.png"), b"\x89PNG").unwrap();

    let mut config = Config::new(
        "127.0.0.1:0".parse().unwrap(),
        entropy_server::db::sqlite_url(&data.path().join("server.db")),
    );
    config.web = Some(web.path().to_path_buf());
    let running = entropy_server::start(config, Arc::new(ManualClock::new(common::START)))
        .await
        .unwrap();
    let addr = running.local_addr();

    // The page at /, HTML, revalidated on each visit.
    let (status, headers, body) = get(addr, "/", &[]).await;
    assert_eq!(status, 200);
    assert_eq!(body, page);
    assert!(header(&headers, "content-type").unwrap().starts_with("text/html"));
    assert_eq!(header(&headers, "cache-control"), Some("no-cache"));
    let modified = header(&headers, "last-modified").expect("Last-Modified").to_string();
    let (status, _, body) = get(addr, "/", &[("If-Modified-Since", modified)]).await;
    assert_eq!((status, body.len()), (304, 0), "unchanged: not sent again");

    // The game's code: its type, gzipped for a browser that takes gzip.
    let (status, headers, body) = get(addr, "/entropy_bg.wasm", &[("Accept-Encoding", "gzip, br".into())]).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("application/wasm"));
    assert_eq!(header(&headers, "content-encoding"), Some("gzip"));
    assert!(body.len() < wasm.len() / 4, "the gzip copy: {} bytes", body.len());
    assert_eq!(body, gzip(&wasm));
    let (status, headers, body) = get(addr, "/entropy_bg.wasm", &[("Accept-Encoding", "identity".into())]).await;
    assert_eq!((status, header(&headers, "content-encoding")), (200, None));
    assert_eq!(body, wasm);

    // The assets beside it; no file, no page; the API still answers.
    let (status, headers, _) = get(addr, "/assets/look.png", &[]).await;
    assert_eq!((status, header(&headers, "content-type")), (200, Some("image/png")));
    let (status, _, _) = get(addr, "/no-such-file.js", &[]).await;
    assert_eq!(status, 404);
    let (status, _, _) = get(addr, "/../server.db", &[]).await;
    assert_eq!(status, 404, "nothing outside the folder");
    let (status, _, body) = get(addr, "/api/no-such-call", &[]).await;
    assert_eq!(status, 404);
    assert!(String::from_utf8_lossy(&body).contains("no such page"));
    let (status, _, body) = get(addr, "/api/key", &[]).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    running.shutdown().await;
}

#[tokio::test]
async fn without_a_web_game_a_page_is_not_found() {
    let server = common::TestServer::start().await;
    let (status, _, body) = get(server.addr, "/", &[]).await;
    assert_eq!(status, 404);
    assert!(String::from_utf8_lossy(&body).contains("no such page"));
}
