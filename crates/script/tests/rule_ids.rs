//! Rule ids: `docs/rules.md` is the one list of the rules Castellan applies, and everything
//! else that names a rule must agree with it. `docs/rules-expansions.md` lists the rules
//! planned for boxes Castellan does not play yet; an id moves from there to `docs/rules.md`
//! when it is carried out, so it is never in both.
//!
//! An id is a section prefix — one capital letter, or `RI`, `QX`, `FM`, `FE`, `GM`, `MW`, `CC`, `X2`
//! and `QB` — a dash and two digits (`B-18`, `RI-04`), optionally one lowercase letter. The checks:
//! every id cited in the code (Rust, the UI's TypeScript and Svelte), in the docs and in the
//! scenarios is listed or
//! planned; every path listed under an id exists; the scenarios listed under an id are exactly
//! the files of `tests/scenarios/` whose name starts with it, and every rule has at least one
//! (an open question, `Q-`, `QX-` or `QB-`, may have none, and names the scenarios of the rules it
//! touches instead); every scenario file starts with a listed id.
//!
//! The engine's `Rule` type names the same rules: each id of `docs/rules.md` is a variant and
//! each variant an id there, with a statement said in its doc comment and (but for an open
//! question) a scenario named after it.
//!
//! The scanner is written by hand rather than with a regular expression: the pattern is
//! small, and the crate needs no dependency for it.

use castellan_engine::Rule;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The prefixes that open a rule id, one per section of `docs/rules.md` and
/// `docs/rules-expansions.md`. The two-letter ones come first: `RI-04` is not `I-04`.
const SECTIONS: &[&str] =
    &["RI", "QX", "FM", "FE", "GM", "MW", "CC", "X2", "QB", "B", "V", "C", "K", "H", "R", "W", "Q", "A", "I", "T", "X"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One `- **ID** …` entry of `docs/rules.md`, with its continuation lines.
struct Entry {
    line: usize,
    paths: Vec<String>,
    scenarios: Vec<String>,
}

/// Whether `c` continues an identifier-like word. `_` does not: a scenario's file name
/// `B-18_road_red_scores_4` cites `B-18`.
fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric()
}

/// The rule id starting at byte `i` of `text`, if one does: a section prefix not preceded by
/// a letter, digit or `_`, then `-`, two digits, an optional lowercase letter, and no further
/// letter or digit. So `B-18` and `RI-04` are ones, and `R2-01`, `R1-03` (river tiles) and
/// `KR5` are not.
fn id_at(text: &[u8], i: usize) -> Option<&str> {
    let before_ok = i == 0 || !(is_word(text[i - 1]) || text[i - 1] == b'_');
    if !before_ok {
        return None;
    }
    let rest = &text[i..];
    let prefix = SECTIONS.iter().find(|p| rest.starts_with(p.as_bytes()) && rest.get(p.len()) == Some(&b'-'))?;
    let digits = i + prefix.len() + 1;
    if !(text.get(digits).is_some_and(u8::is_ascii_digit) && text.get(digits + 1).is_some_and(u8::is_ascii_digit)) {
        return None;
    }
    let mut end = digits + 2;
    if text.get(end).is_some_and(u8::is_ascii_lowercase) {
        end += 1;
    }
    if text.get(end).is_some_and(|&c| is_word(c)) {
        return None;
    }
    std::str::from_utf8(&text[i..end]).ok()
}

/// Every rule id in `text`, with its 1-based line.
fn ids_in(text: &str) -> Vec<(usize, String)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut line = 1;
    for i in 0..bytes.len() {
        if bytes[i] == b'\n' {
            line += 1;
        } else if let Some(id) = id_at(bytes, i) {
            found.push((line, id.to_owned()));
        }
    }
    found
}

/// The id a whole string starts with, if it is one (`B-18` of `B-18_road_red_scores_4`).
fn leading_id(s: &str) -> Option<&str> {
    id_at(s.as_bytes(), 0)
}

/// The entries of `docs/rules.md` by id. Panics on an entry listed twice: one place per rule.
fn listed() -> BTreeMap<String, Entry> {
    let entries = entries_of("docs/rules.md");
    assert!(!entries.is_empty(), "docs/rules.md lists no rule");
    entries
}

/// The entries of `docs/rules-expansions.md`: rules planned, not yet carried out. Once every
/// planned rule is carried out there are none.
fn planned() -> BTreeMap<String, Entry> {
    entries_of("docs/rules-expansions.md")
}

/// The `- **ID** …` entries of a rule list under `docs/`, by id.
fn entries_of(list: &str) -> BTreeMap<String, Entry> {
    let text = fs::read_to_string(root().join(list)).unwrap_or_else(|e| panic!("{list}: {e}"));
    let mut entries: BTreeMap<String, Entry> = BTreeMap::new();
    let mut current: Option<String> = None;
    for (n, line) in text.lines().enumerate() {
        if let Some(rest) = line.strip_prefix("- **") {
            let id = rest.split("**").next().unwrap_or_default();
            assert!(
                leading_id(id) == Some(id),
                "{list}:{}: an entry must open with a rule id in bold, found `{id}`",
                n + 1
            );
            let entry = Entry { line: n + 1, paths: Vec::new(), scenarios: Vec::new() };
            if let Some(first) = entries.insert(id.to_owned(), entry) {
                panic!("{list} lists {id} twice, at lines {} and {}", first.line, n + 1);
            }
            current = Some(id.to_owned());
        } else if !line.starts_with("  ") {
            // A blank line or a heading ends the entry; its text never spans one.
            current = None;
            continue;
        }
        let Some(id) = &current else { continue };
        let entry = entries.get_mut(id).expect("entry just inserted");
        // Code spans are the only references an entry makes; the statement's other spans
        // (option names, script keys) are neither paths nor scenario names.
        for span in line.split('`').skip(1).step_by(2) {
            if ["crates/", "src-tauri/", "ui/", "docs/", "tests/"].iter().any(|p| span.starts_with(p)) {
                entry.paths.push(span.to_owned());
            } else if leading_id(span).is_some_and(|lead| span[lead.len()..].starts_with('_')) {
                entry.scenarios.push(span.to_owned());
            }
        }
    }
    entries
}

/// The stems of the scenario files (`B-18_road_red_scores_4` for `B-18_road_red_scores_4.json`).
fn scenario_files() -> BTreeSet<String> {
    let dir = root().join("tests/scenarios");
    let stems: BTreeSet<String> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("readable folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| p.file_stem().expect("a file name").to_string_lossy().into_owned())
        .collect();
    assert!(!stems.is_empty(), "no scenarios in {}", dir.display());
    stems
}

/// Files under `dir` (recursively) whose name ends with one of `extensions`.
fn files_under(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("readable folder entry").path();
        let name = path.file_name().expect("a file name").to_string_lossy();
        if path.is_dir() {
            // Build output and installed packages are not the project's text.
            if name != "target" && name != "node_modules" {
                files_under(&path, extensions, out);
            }
        } else if extensions.iter().any(|x| name.ends_with(x)) {
            out.push(path);
        }
    }
}

/// Every file that may cite a rule: the code, the docs other than the list itself, and the
/// scenarios, whose explanations cite the rules they show.
fn citing_files() -> Vec<PathBuf> {
    let root = root();
    let mut files = Vec::new();
    files_under(&root.join("crates"), &[".rs"], &mut files);
    files_under(&root.join("src-tauri/src"), &[".rs"], &mut files);
    files_under(&root.join("ui/src"), &[".ts", ".svelte"], &mut files);
    files_under(&root.join("docs"), &[".md"], &mut files);
    files_under(&root.join("tests/scenarios"), &[".json"], &mut files);
    files.push(root.join("README.md"));
    files.retain(|f| !f.ends_with("docs/rules.md"));
    files
}

#[test]
fn the_scanner_finds_ids_and_skips_look_alikes() {
    // A suffixed id is spelled in two pieces so that this file cites no id the list lacks.
    let found: Vec<String> =
        ids_in(concat!("B-18, (C-07) \"V-05\" B-29", "a B-18_road Q-20.\nK-12 RI-04 QX-01 (A-05) I-12 T-17 X-02"))
            .into_iter()
            .map(|(_, id)| id)
            .collect();
    assert_eq!(
        found,
        [
            "B-18",
            "C-07",
            "V-05",
            concat!("B-29", "a"),
            "B-18",
            "Q-20",
            "K-12",
            "RI-04",
            "QX-01",
            "A-05",
            "I-12",
            "T-17",
            "X-02"
        ],
        "every real citation is found"
    );
    let none = ids_in("R2-01 R1-03 KR5 SH1 IC01 TB08 XB-18 B-1 B-123 B-18ab RI-4 RIX-04 ARI-04 b-18 B_18");
    assert!(none.is_empty(), "tile ids and other look-alikes are no rule ids: {none:?}");
    assert_eq!(ids_in("a\n\nB-01")[0].0, 3, "lines count from 1");
}

#[test]
fn every_cited_id_is_listed() {
    let listed = listed();
    let planned = planned();
    let both: Vec<&String> = listed.keys().filter(|id| planned.contains_key(*id)).collect();
    assert!(
        both.is_empty(),
        "ids carried out stay only in docs/rules.md, not also in docs/rules-expansions.md: {both:?}"
    );
    let root = root();
    let mut missing = Vec::new();
    for file in citing_files() {
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (line, id) in ids_in(&text) {
            if !listed.contains_key(&id) && !planned.contains_key(&id) {
                let shown = file.strip_prefix(&root).unwrap_or(&file).display().to_string();
                missing.push(format!("{shown}:{line}: {id}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "rule ids cited but neither listed in docs/rules.md nor planned in docs/rules-expansions.md:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_listed_path_exists() {
    let root = root();
    let mut gone = Vec::new();
    for (id, entry) in listed() {
        assert!(!entry.paths.is_empty(), "docs/rules.md:{}: {id} names no file that carries it out", entry.line);
        gone.extend(entry.paths.iter().filter(|p| !root.join(p).exists()).map(|p| format!("{id}: {p}")));
    }
    assert!(gone.is_empty(), "docs/rules.md names files that do not exist:\n{}", gone.join("\n"));
}

#[test]
fn every_rule_lists_exactly_its_scenarios() {
    let files = scenario_files();
    let mut wrong = Vec::new();
    for (id, entry) in listed() {
        let listed: BTreeSet<&str> = entry.scenarios.iter().map(String::as_str).collect();
        for name in &listed {
            if !files.contains(*name) {
                wrong.push(format!("{id}: `{name}` is not a file of tests/scenarios"));
            }
        }
        if id.starts_with('Q') {
            // An open question is shown by the scenarios of the rules it touches.
            continue;
        }
        let own: BTreeSet<&str> =
            files.iter().map(String::as_str).filter(|f| leading_id(f) == Some(id.as_str())).collect();
        if own.is_empty() {
            wrong.push(format!("{id}: no scenario in tests/scenarios starts with it"));
        }
        for name in own.difference(&listed) {
            wrong.push(format!("{id}: add `{name}` to its scenarios"));
        }
        for name in listed.difference(&own) {
            wrong.push(format!("{id}: `{name}` belongs to another rule"));
        }
    }
    assert!(wrong.is_empty(), "docs/rules.md and tests/scenarios disagree:\n{}", wrong.join("\n"));
}

#[test]
fn every_scenario_starts_with_a_listed_id() {
    let listed = listed();
    let strays: Vec<String> = scenario_files()
        .into_iter()
        .filter(|f| match leading_id(f) {
            Some(id) => !f[id.len()..].starts_with('_') || !listed.contains_key(id),
            None => true,
        })
        .collect();
    assert!(
        strays.is_empty(),
        "scenario files must be named <rule id>_<what they show>.json, with an id of docs/rules.md:\n{}",
        strays.join("\n")
    );
}

#[test]
fn the_rule_type_names_exactly_the_listed_rules() {
    let listed = listed();
    let files = scenario_files();
    let declared: BTreeSet<&str> = Rule::ALL.iter().map(|rule| rule.id()).collect();
    let mut wrong = Vec::new();
    for (id, entry) in &listed {
        if !declared.contains(id.as_str()) {
            wrong
                .push(format!("docs/rules.md:{}: {id} has no variant of Rule (crates/engine/src/rule.rs)", entry.line));
        }
    }
    for &rule in Rule::ALL {
        let id = rule.id();
        if !listed.contains_key(id) {
            wrong.push(format!("Rule::{rule:?} ({id}) is not listed in docs/rules.md"));
        }
        if rule.statement().is_empty() {
            wrong.push(format!("Rule::{rule:?} ({id}) says nothing: its doc comment is its statement"));
        }
        if !id.starts_with('Q') && !files.iter().any(|f| leading_id(f) == Some(id)) {
            wrong.push(format!("Rule::{rule:?} ({id}) has no scenario in tests/scenarios named after it"));
        }
    }
    assert!(wrong.is_empty(), "the Rule type and docs/rules.md disagree:\n{}", wrong.join("\n"));
}
