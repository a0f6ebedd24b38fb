//! `entropy-tune` runs a changed configuration and refuses settings it cannot apply.

use std::process::{Command, Output};

fn tune(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_entropy-tune"))
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_changed_configuration_plays_both_roles_and_reports_the_matches() {
    let out = std::env::temp_dir().join(format!("entropy-tune-test-{}.txt", std::process::id()));
    let output = tune(&[
        "--level",
        "hard",
        "--rounds",
        "2",
        "--nodes",
        "3000",
        "--depth",
        "2",
        "--chaos-cells",
        "4",
        "--safe-margin-planner",
        "none",
        "--out",
        out.to_str().unwrap(),
    ]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(stdout.contains("max_depth: 2"), "{stdout}");
    assert!(stdout.contains("chaos_cells: 4"), "{stdout}");
    assert!(stdout.contains("safe_margin_planner: None"), "{stdout}");
    assert!(stdout.contains("matches won–drawn–lost"), "{stdout}");
    let rounds = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    assert_eq!(rounds.lines().count(), 4, "{rounds}");
    assert!(rounds.starts_with("order 0 "), "{rounds}");
}

#[test]
fn settings_that_do_not_apply_are_refused() {
    for (args, said) in [
        (&["--level", "easy"][..], "does not search"),
        (&["--level", "medium", "--chaos-cells", "4"][..], "without playouts"),
        (&["--opponent", "grandmaster"][..], "greedy or a level"),
        (&["--role", "sideways"][..], "sideways"),
    ] {
        let output = tune(args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
}
