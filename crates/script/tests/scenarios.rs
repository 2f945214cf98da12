//! Rule scenarios: every `tests/scenarios/*.json` at the repository root is one named test.
//!
//! A scenario is a game script whose `expect` says what must come out; see
//! [`castellan_script::check_scenario`].

use castellan_script::{check_scenario, Script};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("scenario folder {}: {e}", dir.display()))
        .map(|e| e.expect("readable folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no scenarios found in {}", dir.display());
    let trials = files
        .into_iter()
        .map(|path| {
            let name = path.file_stem().expect("file name").to_string_lossy().into_owned();
            Trial::test(name, move || run(&path))
        })
        .collect();
    libtest_mimic::run(&Arguments::from_args(), trials).exit();
}

fn run(path: &Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("read: {e}"))?;
    check_scenario(&text).map_err(Failed::from)?;
    // Whatever a scenario says, the format must carry unchanged: write it out, read it back.
    if let Ok(script) = Script::from_json(&text) {
        let again = Script::from_json(&script.to_json().to_string()).map_err(|e| format!("written back: {e}"))?;
        if again != script {
            return Err("writing the script out and reading it back changed it".into());
        }
    }
    Ok(())
}
