//! The shell helpers that the long-run scripts share, run as the scripts run them.
//!
//! `scripts/low-priority.sh` lowers the scheduling group of the script's session (autogroup
//! scheduling groups processes by session, and `nice` alone only orders processes inside one
//! group). Each test runs it in a session of its own (`setsid`), so that the test runner's own
//! session is never touched.

#![cfg(target_os = "linux")]

use std::path::Path;
use std::process::Command;

/// Whether this kernel schedules by session groups (then the helper must lower the group).
fn autogroup_on() -> bool {
    std::fs::read_to_string("/proc/sys/kernel/sched_autogroup_enabled").is_ok_and(|s| s.trim() == "1")
}

/// Runs `script` with bash in a new session from the workspace's root; its exit status,
/// standard output and standard error.
fn in_new_session(script: &str) -> (bool, String, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("setsid")
        .args(["--wait", "bash", "-c", script])
        .current_dir(root)
        .output()
        .expect("setsid and bash run");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The nice of a group as `/proc/PID/autogroup` writes it ("/autogroup-85 nice 0").
fn group_nice(line: &str) -> i32 {
    let nice = line.trim().rsplit(' ').next().unwrap_or_default();
    nice.parse().unwrap_or_else(|_| panic!("not an autogroup line: {line:?}"))
}

#[test]
fn the_session_group_is_lowered_while_the_script_runs_and_restored_after() {
    // The outer shell is the session; the inner one is the script that sources the helper.
    let (ok, stdout, stderr) = in_new_session(
        "cat /proc/$$/autogroup; \
         bash -c 'source scripts/low-priority.sh; lower_session_priority; cat /proc/$$/autogroup'; \
         cat /proc/$$/autogroup",
    );
    assert!(ok, "the helper failed: {stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "three autogroup lines expected, got {stdout:?}");
    let (before, during, after) = (group_nice(lines[0]), group_nice(lines[1]), group_nice(lines[2]));
    if autogroup_on() {
        assert!(before < 19, "a new session starts below nice 19 (got {before})");
        assert_eq!(during, 19, "the group is lowered while the script runs");
        assert_eq!(after, before, "the group's nice is restored when the script exits");
        assert!(
            stderr.contains(&format!("from nice {before} to 19")),
            "the helper says what it did: {stderr:?}"
        );
    } else {
        assert_eq!((during, after), (before, before), "without autogroup scheduling nothing changes");
        assert!(stderr.is_empty(), "without autogroup scheduling the helper says nothing: {stderr:?}");
    }
}

#[test]
fn a_group_already_at_nice_19_is_left_alone_and_not_raised_on_exit() {
    if !autogroup_on() {
        // Without autogroup the other test already checks that the helper changes nothing;
        // here there is no group nice to set beforehand.
        let (ok, _, stderr) = in_new_session("source scripts/low-priority.sh; lower_session_priority");
        assert!(ok && stderr.is_empty(), "without autogroup the helper does nothing: {stderr:?}");
        return;
    }
    let (ok, stdout, stderr) = in_new_session(
        "echo 19 > /proc/$$/autogroup; \
         bash -c 'source scripts/low-priority.sh; lower_session_priority'; \
         cat /proc/$$/autogroup",
    );
    assert!(ok, "the helper failed: {stderr}");
    assert_eq!(group_nice(&stdout), 19, "a group already low stays low after the script");
    assert!(stderr.is_empty(), "nothing to say when nothing changes: {stderr:?}");
}
