//! The server refuses a database it cannot use and leaves it as it was.

mod common;

use std::sync::Arc;

use entropy_server::{Config, ManualClock, StartError};
use sqlx::Row;

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

/// A server on `path` that made its tables and a few accounts, stopped.
async fn a_used_database(path: &std::path::Path) {
    let dir = path.parent().unwrap().to_path_buf();
    let clock = Arc::new(ManualClock::new(common::START));
    let config = Config::new("127.0.0.1:0".parse().unwrap(), entropy_server::db::sqlite_url(path));
    let running = entropy_server::start(config, clock.clone()).await.unwrap();
    let addr = running.local_addr();
    for name in ["ann", "bob", "carl", "dora", "emil", "fay", "gus", "hal"] {
        let (status, _) = common::post(addr, "/api/register", &common::credentials(name, "password-1")).await;
        assert_eq!(status, 200);
    }
    running.shutdown().await;
    assert!(dir.join("server.db").is_file());
}

/// The page size and the first page of the tables' and indexes' b-trees, by name.
async fn pages(path: &std::path::Path) -> (usize, Vec<(String, usize)>) {
    let store = entropy_server::db::Store::connect(&entropy_server::db::sqlite_url(path))
        .await
        .unwrap();
    let size: i64 = sqlx::query("PRAGMA page_size")
        .fetch_one(store.pool())
        .await
        .unwrap()
        .get(0);
    let roots = sqlx::query("SELECT name, rootpage FROM sqlite_master WHERE rootpage > 0")
        .fetch_all(store.pool())
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get::<String, _>(0), row.get::<i64, _>(1) as usize))
        .collect();
    store.close().await;
    (size as usize, roots)
}

/// A damaged database (an index's page zeroed, the file cut short, a
/// table's page overwritten) is refused at start, naming the file and
/// what SQLite's check found, and left byte for byte as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_database_is_refused_naming_it_and_the_check_and_left_byte_for_byte() {
    type Damage = fn(&mut Vec<u8>, usize, &[(String, usize)]);
    fn page(roots: &[(String, usize)], name: &str) -> usize {
        roots
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no b-tree {name} in {roots:?}"))
            .1
    }
    let damages: [(&str, Damage); 3] = [
        ("an index's page zeroed", |bytes, size, roots| {
            let root = page(roots, "sqlite_autoindex_accounts_2");
            bytes[(root - 1) * size..root * size].fill(0);
        }),
        ("the file cut short", |bytes, size, _| {
            let keep = bytes.len() / size / 2 * size;
            bytes.truncate(keep);
        }),
        ("a table's page overwritten", |bytes, size, roots| {
            let root = page(roots, "accounts");
            for (i, byte) in bytes[(root - 1) * size + 8..root * size].iter_mut().enumerate() {
                *byte = (i * 37 % 251) as u8;
            }
        }),
    ];
    for (what, damage) in damages {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("server.db");
        a_used_database(&path).await;
        let (size, roots) = pages(&path).await;
        let mut bytes = std::fs::read(&path).unwrap();
        damage(&mut bytes, size, &roots);
        std::fs::write(&path, &bytes).unwrap();
        let error = start_on(&path)
            .await
            .err()
            .unwrap_or_else(|| panic!("{what}: the server started"));
        let said = error.to_string();
        assert!(
            said.contains(&path.display().to_string()) && said.contains("quick_check"),
            "{what}: {said}"
        );
        assert!(said.contains("damaged"), "{what}: {said}");
        assert_eq!(
            std::fs::read(&path).unwrap(),
            bytes,
            "{what}: the file is left as it was"
        );
    }
}

/// A second server on a file another serves is refused, naming the
/// process that holds it; the first goes on, and once it stops the file
/// is free again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_one_file_is_refused_naming_the_process_that_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("server.db");
    let first = start_on(&path).await.unwrap();
    let (status, _) = common::post(
        first.local_addr(),
        "/api/register",
        &common::credentials("ann", "password-1"),
    )
    .await;
    assert_eq!(status, 200);
    // The same file by another path.
    let error = start_on(&dir.path().join(".").join("server.db"))
        .await
        .err()
        .expect("a second server started on the file");
    let said = error.to_string();
    assert!(said.contains("in use by another server"), "{said}");
    assert!(said.contains(&format!("process {}", std::process::id())), "{said}");
    let (status, _) = common::post(
        first.local_addr(),
        "/api/login",
        &common::credentials("ann", "password-1"),
    )
    .await;
    assert_eq!(status, 200, "the first server goes on");
    first.shutdown().await;
    start_on(&path).await.expect("the file is free again").shutdown().await;
}

/// A plain path, new or existing, and an `sqlite:` URL of a file that
/// does not exist yet, both just work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plain_path_and_a_url_of_a_new_file_just_work() {
    let dir = tempfile::tempdir().unwrap();
    for given in [
        dir.path().join("plain.db").display().to_string(),
        format!("sqlite://{}", dir.path().join("new.db").display()),
    ] {
        for round in ["new", "existing"] {
            let config = Config::new("127.0.0.1:0".parse().unwrap(), given.clone());
            let running = entropy_server::start(config, Arc::new(ManualClock::new(common::START)))
                .await
                .unwrap_or_else(|e| panic!("{given} ({round}): {e}"));
            running.shutdown().await;
        }
    }
    assert!(dir.path().join("plain.db").is_file() && dir.path().join("new.db").is_file());
}

/// The binary takes a relative path as the database (in its working folder).
#[test]
fn the_binary_takes_a_relative_path() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_entropy-server"))
        .args(["--database", "games.db", "--listen", "127.0.0.1:0"])
        .current_dir(dir.path())
        .env("NO_COLOR", "1")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let log = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut said = Vec::new();
    for line in log.lines() {
        let line = line.unwrap();
        let listening = line.contains("listening on");
        said.push(line);
        if listening {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(said.last().is_some_and(|l| l.contains("listening on")), "{said:#?}");
    assert!(dir.path().join("games.db").is_file(), "{said:#?}");
}

/// A PostgreSQL that does not answer is said at once by its address,
/// not after the pool's long wait: one that refuses the connection, and
/// one that takes it and never says a word.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_postgresql_is_said_naming_its_address() {
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let closed_port = closed.local_addr().unwrap().port();
    drop(closed);
    // Listens, and never answers (the kernel takes the connection).
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let silent_port = silent.local_addr().unwrap().port();
    for (port, why) in [(closed_port, "refused"), (silent_port, "no answer within")] {
        let url = format!("postgres://me:secret@127.0.0.1:{port}/entropy");
        let config = Config::new("127.0.0.1:0".parse().unwrap(), url);
        let error = entropy_server::start(config, Arc::new(ManualClock::new(common::START)))
            .await
            .err()
            .expect("a server started without its database");
        let said = error.to_string();
        assert!(
            said.contains(&format!("cannot reach PostgreSQL at 127.0.0.1:{port}/entropy")),
            "{said}"
        );
        assert!(said.to_lowercase().contains(why), "{said}");
        assert!(!said.contains("secret"), "{said}");
    }
    drop(silent);
}
