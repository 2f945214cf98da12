//! `castellan --version` through the real binary: the version the app shows on its start screen.

use std::process::Command;

#[test]
fn the_version_is_the_one_the_app_shows() {
    let out = Command::new(env!("CARGO_BIN_EXE_castellan")).arg("--version").output().expect("the binary runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let info = castellan_table::app::app_info();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("castellan {} (engine {})\n", info.app_version, info.engine_version),
        "the command line and the app's About line name the same versions"
    );
}
