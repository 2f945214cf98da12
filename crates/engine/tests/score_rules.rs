//! `SCORE_RULES` lists exactly the rule ids the engine's scoring writes into a `Score`.
//!
//! Which rules a score can carry is not something the compiler knows, so this test reads the
//! engine's source instead. A score gets its rule in the scoring module (`src/scoring/`), or
//! from a game rule that rewrites it afterwards (`score.rule = Rule::H09`, `rule: …`): every
//! `Rule::` variant named there, outside comments and unit tests, is a rule a score can carry. Refusals name their rules elsewhere (each error's `rule()`); those
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

/// The rules named in one line of code: `Rule::` and a variant, the variant's name being its
/// id without the dash (`Rule::B21`, `Rule::RI05`), so it is what `Debug` prints.
fn named_rules(line: &str) -> Vec<String> {
    line.match_indices("Rule::")
        .filter(|(i, _)| !line[..*i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
        .map(|(i, m)| {
            let rest = &line[i + m.len()..];
            let end = rest.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(rest.len());
            rest[..end].to_string()
        })
        .filter(|name| {
            name.starts_with(|c: char| c.is_ascii_uppercase()) && name.ends_with(|c: char| c.is_ascii_digit())
        })
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
                used.extend(named_rules(code));
            }
        }
    }
    assert!(used.contains("B21"), "the scan finds the city rule in {} files", files.len());
    let listed: BTreeSet<String> = SCORE_RULES.iter().map(|rule| format!("{rule:?}")).collect();
    assert_eq!(listed, used, "SCORE_RULES against the ids in the engine's code");
    let mut sorted = SCORE_RULES.to_vec();
    sorted.sort_unstable();
    assert_eq!(sorted, SCORE_RULES, "kept sorted, so a new rule has one place to go");
}

#[test]
fn the_scan_reads_quoted_ids_only() {
    assert_eq!(named_rules("(true, _) => (tiles, Rule::B18),"), vec!["B18"]);
    assert_eq!(named_rules("rule: if count == 0 { Rule::B44 } else { Rule::RI05 },"), vec!["B44", "RI05"]);
    assert!(named_rules("Rule B-21 in words, Rule::ALL, Rule::from_id, FarmRule::Current").is_empty());
    assert!(sets_a_rule("                score.rule = Rule::V22;"));
    assert!(!sets_a_rule("            FollowerError::FeatureOccupied { .. } => Some(Rule::B11),"), "a refusal's rule");
}
