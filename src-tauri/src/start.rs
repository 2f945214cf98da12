//! What the app does at start before the window asks anything: read the settings, choose the
//! ledger file and open it. Nothing here panics or gives up: whatever goes wrong is kept as
//! data (a notice, or the ledger's problem) for the window to word and to say what to do.
//!
//! Kept apart from Tauri so the tests run it on real folders without a window.

use crate::settings::{Settings, SETTINGS_FILE};
use crate::state::AppState;
use castellan_table::ledger_fault::LedgerProblem;
use castellan_table::with_causes;
use serde::Serialize;
use std::path::PathBuf;

/// The ledger's file name in the app's data folder: the ledger's own, one name everywhere.
pub const LEDGER_FILE: &str = castellan_table::ledger::Ledger::FILE_NAME;

/// Something found at start that the player should know about, shown on the start screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum StartNotice {
    /// The settings file could not be read; it was set aside and the defaults apply, the
    /// default ledger among them.
    SettingsDamaged {
        /// The settings file.
        path: String,
        /// Where it was moved, if it could be.
        aside: Option<String>,
        /// What was wrong, for the log.
        detail: String,
    },
    /// The ledger chosen in the settings is not there (a drive not plugged in, a file moved):
    /// the default ledger is open instead, and the choice is kept for when the file is back.
    LedgerMissing {
        /// The chosen file.
        chosen: String,
        /// The file open instead.
        opened: String,
    },
}

/// The notices of this start, for the command that hands them to the window.
pub struct StartNotices(pub Vec<StartNotice>);

/// The app as it starts: its table, its settings and what to tell the player.
pub struct Start {
    /// The table over the ledger, or why there is none.
    pub state: AppState,
    /// The settings, read from the data folder.
    pub settings: Settings,
    /// What the start screen shows once.
    pub notices: Vec<StartNotice>,
}

/// Starts from the app's data folder, as the platform names it (or why it cannot): creates
/// it, reads the settings there and opens the ledger the settings choose, else the default one.
pub fn prepare(data_folder: Result<PathBuf, String>) -> Start {
    let folder = match data_folder {
        Ok(folder) => folder,
        Err(detail) => return without_folder(PathBuf::new(), detail),
    };
    if let Err(e) = std::fs::create_dir_all(&folder) {
        return without_folder(folder, with_causes(&e));
    }
    let (settings, unreadable) = Settings::load(&folder.join(SETTINGS_FILE));
    let mut notices = Vec::new();
    if let Some(unreadable) = unreadable {
        notices.push(StartNotice::SettingsDamaged {
            path: settings.path().display().to_string(),
            aside: unreadable.aside.map(|p| p.display().to_string()),
            detail: unreadable.detail,
        });
    }
    let default = folder.join(LEDGER_FILE);
    let path = match settings.ledger_path() {
        // A chosen file that is gone is not created again: a new empty ledger there would hide
        // the games from the player until they noticed, and once the drive or share it lived
        // on is back it would be in the way of the real one. The default ledger is what a
        // first start opens, and the notice names the missing file so it can be chosen again.
        Some(chosen) if matches!(chosen.try_exists(), Ok(false)) => {
            notices.push(StartNotice::LedgerMissing {
                chosen: chosen.display().to_string(),
                opened: default.display().to_string(),
            });
            default
        }
        // Any other trouble with the chosen file (damaged, in use, no permission) is reported
        // as it is, with the file untouched, rather than quietly playing into another ledger.
        Some(chosen) => chosen,
        None => default,
    };
    Start { state: AppState::open(path), settings, notices }
}

/// The app without its data folder: no ledger, and settings that report every save as failed.
fn without_folder(folder: PathBuf, detail: String) -> Start {
    Start {
        settings: Settings::unsaved(folder.join(SETTINGS_FILE), detail.clone()),
        state: AppState::unavailable(folder, LedgerProblem::DataFolder, detail),
        notices: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::CommandError;
    use crate::settings::SettingKey;
    use serde_json::json;
    use std::fs;

    fn ledger_error(start: &Start) -> CommandError {
        start.state.with_table(|_| Ok(())).expect_err("the ledger cannot be used")
    }

    #[test]
    fn a_data_folder_that_cannot_be_made_is_reported_with_the_os_reason() {
        let dir = tempfile::tempdir().unwrap();
        // XDG_DATA_HOME pointing at a file: the app's folder would be inside a file.
        let file = dir.path().join("data-home");
        fs::write(&file, "not a folder").unwrap();
        let folder = file.join("org.castellan.app");
        let mut start = prepare(Ok(folder.clone()));
        match ledger_error(&start) {
            CommandError::LedgerUnavailable { path, problem, detail } => {
                assert_eq!(path, folder.display().to_string(), "names the folder");
                assert_eq!(problem, LedgerProblem::DataFolder);
                assert!(detail.contains("os error"), "the OS's reason: {detail}");
            }
            other => panic!("{other:?}"),
        }
        assert!(start.settings.set(SettingKey::Language, json!("nl")).is_err(), "a save says it failed");
        assert_eq!(fs::read_to_string(&file).unwrap(), "not a folder", "the file is untouched");
    }

    #[test]
    fn a_data_folder_the_platform_cannot_name_is_reported() {
        let mut start = prepare(Err("no home folder".into()));
        assert!(matches!(
            ledger_error(&start),
            CommandError::LedgerUnavailable { problem: LedgerProblem::DataFolder, detail, .. } if detail == "no home folder"
        ));
        let refused = start.settings.set(SettingKey::Scale, json!(150)).expect_err("nowhere to save");
        assert_eq!(refused.to_string(), "no home folder");
        assert!(!std::path::Path::new(SETTINGS_FILE).exists(), "nothing is written in the working folder");
    }

    #[test]
    fn the_default_ledger_is_made_in_a_new_data_folder() {
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("org.castellan.app");
        let start = prepare(Ok(folder.clone()));
        assert!(start.notices.is_empty());
        assert_eq!(start.state.ledger_path().unwrap(), folder.join(LEDGER_FILE));
        start.state.with_table(|_| Ok(())).expect("the ledger opens");
    }

    #[test]
    fn damaged_settings_are_set_aside_and_the_default_ledger_opens() {
        let dir = tempfile::tempdir().unwrap();
        let chosen = dir.path().join("club.sqlite3");
        castellan_table::ledger::Ledger::open(&chosen).unwrap();
        fs::write(dir.path().join(SETTINGS_FILE), format!("{{\"ledgerPath\": \"{}", chosen.display())).unwrap();
        let start = prepare(Ok(dir.path().to_path_buf()));
        let [StartNotice::SettingsDamaged { path, aside: Some(aside), detail }] = start.notices.as_slice() else {
            panic!("{:?}", start.notices)
        };
        assert_eq!(path, &dir.path().join(SETTINGS_FILE).display().to_string());
        assert!(fs::read_to_string(aside).unwrap().contains("club.sqlite3"), "the damaged file is kept aside");
        assert!(!detail.is_empty());
        assert_eq!(start.state.ledger_path().unwrap(), dir.path().join(LEDGER_FILE));
        start.state.with_table(|_| Ok(())).expect("the default ledger opens");
    }

    #[test]
    fn a_chosen_ledger_that_is_gone_is_not_made_again_and_the_default_opens() {
        let dir = tempfile::tempdir().unwrap();
        let chosen = dir.path().join("stick").join("club.sqlite3");
        let mut settings = Settings::load(&dir.path().join(SETTINGS_FILE)).0;
        settings.set(SettingKey::LedgerPath, json!(chosen.display().to_string())).unwrap();
        let start = prepare(Ok(dir.path().to_path_buf()));
        assert_eq!(
            start.notices,
            [StartNotice::LedgerMissing {
                chosen: chosen.display().to_string(),
                opened: dir.path().join(LEDGER_FILE).display().to_string(),
            }]
        );
        start.state.with_table(|_| Ok(())).expect("the default ledger opens");
        assert!(!chosen.parent().unwrap().exists(), "nothing is made where the chosen file was");
        assert_eq!(start.settings.ledger_path(), Some(chosen), "the choice is kept for when the file is back");
    }

    #[test]
    fn a_chosen_ledger_opens_and_a_damaged_one_is_reported_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let chosen = dir.path().join("club.sqlite3");
        castellan_table::ledger::Ledger::open(&chosen).unwrap();
        let mut settings = Settings::load(&dir.path().join(SETTINGS_FILE)).0;
        settings.set(SettingKey::LedgerPath, json!(chosen.display().to_string())).unwrap();
        let start = prepare(Ok(dir.path().to_path_buf()));
        assert!(start.notices.is_empty());
        assert_eq!(start.state.ledger_path().unwrap(), chosen);
        drop(start);

        let bytes = [b"SQLite format 3\0".as_slice(), &[0x5a; 4080]].concat();
        fs::write(&chosen, &bytes).unwrap();
        let start = prepare(Ok(dir.path().to_path_buf()));
        match ledger_error(&start) {
            CommandError::LedgerUnavailable { path, problem, .. } => {
                assert_eq!(path, chosen.display().to_string());
                assert_eq!(problem, LedgerProblem::Damaged);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(fs::read(&chosen).unwrap(), bytes, "left as it was");
    }
}
