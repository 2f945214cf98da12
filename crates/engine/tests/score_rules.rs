//! `SCORE_RULES` lists exactly the rule ids the engine's scoring writes into a `Score`.
//!
//! The ids are string literals, so the list cannot be built by the compiler; this test reads
//! the engine's source instead. A score gets its rule in the scoring module (`src/scoring/`),
//! or from a game rule that rewrites it afterwards (`score.rule = "H-09"`, `rule: "…"`): every
//! literal shaped like a checklist id (`"B-21"`) there, outside comments and unit tests, is a
//! rule a score can carry. Refusals name their rules elsewhere (each error's `rule()`); those
//! never reach a score and are not listed.
use castellan_engine::SCORE_RULES;
use std::collections::BTreeSet;
use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("the engine's source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The checklist ids quoted in one line of code: `"X-NN"`, an upper-case letter, a dash and
/// two digits between double quotes.
fn quoted_ids(line: &str) -> Vec<String> {
    let b = line.as_bytes();
    (0..b.len().saturating_sub(5))
        .filter(|&i| {
            b[i] == b'"'
                && b[i + 1].is_ascii_uppercase()
                && b[i + 2] == b'-'
                && b[i + 3].is_ascii_digit()
                && b[i + 4].is_ascii_digit()
                && b[i + 5] == b'"'
        })
        .map(|i| line[i + 1..i + 5].to_string())
        .collect()
}

/// Whether a line of code gives a score its rule: `rule: …` in a `Score`, or `….rule = …`.
fn sets_a_rule(line: &str) -> bool {
    line.contains("rule: ") || line.contains(".rule = ")
}

#[test]
fn score_rules_lists_every_rule_id_the_scoring_code_uses() {
    let mut files = Vec::new();
    rust_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    let mut used = BTreeSet::new();
    let scoring = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join("scoring");
    for file in &files {
        let text = std::fs::read_to_string(file).expect("a source file");
        // Unit tests sit at the bottom of each module and quote ids in their messages.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for line in code.lines() {
            let code = line.split("//").next().unwrap_or_default();
            if file.starts_with(&scoring) || sets_a_rule(code) {
                used.extend(quoted_ids(code));
            }
        }
    }
    assert!(used.contains("B-21"), "the scan finds the city rule in {} files", files.len());
    let listed: BTreeSet<String> = SCORE_RULES.iter().map(|s| s.to_string()).collect();
    assert_eq!(listed, used, "SCORE_RULES against the ids in the engine's code");
    let mut sorted = SCORE_RULES.to_vec();
    sorted.sort_unstable();
    assert_eq!(sorted, SCORE_RULES, "kept sorted, so a new id has one place to go");
}

#[test]
fn the_scan_reads_quoted_ids_only() {
    assert_eq!(quoted_ids(r#"(true, _) => (tiles, "B-18"),"#), vec!["B-18"]);
    assert_eq!(quoted_ids(r#"rule: if count == 0 { "B-44" } else { "B-41" },"#), vec!["B-44", "B-41"]);
    assert!(quoted_ids("Rule B-21 without quotes").is_empty());
    assert!(sets_a_rule(r#"                score.rule = "V-22";"#));
    assert!(!sets_a_rule(r#"            FollowerError::FeatureOccupied { .. } => Some("B-11"),"#), "a refusal's rule");
}
