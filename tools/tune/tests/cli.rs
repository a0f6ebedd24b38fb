//! `entropy-tune` runs a changed configuration and refuses settings it cannot apply.

use std::process::Command;

fn tune(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_entropy-tune"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_changed_configuration_plays_both_roles_and_reports_the_matches() {
    let out = std::env::temp_dir().join(format!("entropy-tune-test-{}.txt", std::process::id()));
    let (code, stdout, stderr) = tune(&[
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
    assert_eq!(code, Some(0), "{stderr}");
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
        let (code, _, stderr) = tune(args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
}
