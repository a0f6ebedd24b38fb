//! The server refuses a database it cannot use and leaves it as it was.

mod common;

use std::sync::Arc;

use entropy_server::{Config, ManualClock, StartError};

async fn start_on(path: &std::path::Path) -> Result<entropy_server::Running, StartError> {
    let config = Config::new("127.0.0.1:0".parse().unwrap(), entropy_server::db::sqlite_url(path));
    entropy_server::start(config, Arc::new(ManualClock::new(common::START))).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_file_that_is_not_sqlite_is_refused_and_left_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("server.db");
    let text: Vec<u8> = b"[Event \"A match file, not a database\"]\n"
        .iter()
        .copied()
        .cycle()
        .take(10_000)
        .collect();
    std::fs::write(&path, &text).unwrap();
    let error = start_on(&path).await.err().expect("the server started on a text file");
    assert!(matches!(error, StartError::Database(_)), "{error:?}");
    assert!(error.to_string().contains("not a database"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_programs_database_and_a_newer_schema_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("server.db");
    // A server makes its tables; stopped, the schema is marked newer.
    let running = start_on(&path).await.unwrap();
    running.shutdown().await;
    let url = entropy_server::db::sqlite_url(&path);
    let store = entropy_server::db::Store::connect(&url).await.unwrap();
    sqlx::query("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
        .execute(store.pool())
        .await
        .unwrap();
    store.close().await;
    let before = std::fs::read(&path).unwrap();
    let error = start_on(&path)
        .await
        .err()
        .expect("the server started on a newer schema");
    assert!(error.to_string().contains("version 99, newer"), "{error}");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    let other = dir.path().join("other.db");
    let store = entropy_server::db::Store::connect(&entropy_server::db::sqlite_url(&other))
        .await
        .unwrap();
    sqlx::query("CREATE TABLE notes (text TEXT)")
        .execute(store.pool())
        .await
        .unwrap();
    store.close().await;
    let error = start_on(&other)
        .await
        .err()
        .expect("the server started on another program's database");
    assert!(error.to_string().contains("not entropy-server's (notes)"), "{error}");
}
