//! Checking a rule scenario: a game script whose `expect` says what must come out.
//!
//! Beside the format's `scores`, a scenario's `expect` may hold:
//! - `refused`: `{"at": "move 3", "reason": "…"}` — replaying must stop there with an error
//!   whose message contains `reason`; a list's name stands for any entry of it (`final_moves`
//!   for `final_moves[2]`), as scenarios written before entries were named still say;
//! - `events`: the score events in order, each compared as a subset of the report's event;
//! - any other key of the [`report`] (`supply`, `winners`, `standings`, `track`,
//!   `tiles_left`, …), compared as a subset.

use crate::shown::excerpt;
use crate::{without_bom, Script};
use serde_json::Value;

/// Replays a scenario and compares everything its `expect` states.
///
/// # Errors
/// A description of the first difference.
pub fn check_scenario(text: &str) -> Result<(), String> {
    let raw: Value = serde_json::from_str(without_bom(text)).map_err(|e| format!("not JSON: {e}"))?;
    let expect = raw.get("expect").cloned().unwrap_or(Value::Null);
    if expect.is_null() {
        return Err("a scenario must state what it expects".to_string());
    }
    let script = Script::from_json(text);
    if let Some(refused) = expect.get("refused") {
        let at = refused.get("at").and_then(Value::as_str).ok_or("refused.at missing")?;
        let reason = refused.get("reason").and_then(Value::as_str).ok_or("refused.reason missing")?;
        let err = match script {
            Err(e) => e,
            Ok(s) => match s.play() {
                Err(e) => e,
                Ok(_) => {
                    let (at, reason) = (excerpt(at), excerpt(reason));
                    return Err(format!("expected {at} to be refused ({reason}), but the script replayed"));
                }
            },
        };
        if !names_place(at, &err.at.to_string()) || !err.to_string().contains(reason) {
            let (at, reason) = (excerpt(at), excerpt(reason));
            return Err(format!("expected {at} refused with “{reason}”, got: {err}"));
        }
        return Ok(());
    }
    let script = script.map_err(|e| e.to_string())?;
    let game = script.play().map_err(|e| e.to_string())?;
    script.check_expect(&game).map_err(|e| e.to_string())?;
    let rep = script.report(&game);
    let events: Vec<&Value> = rep["events"].as_array().expect("report lists events").iter().collect();
    for (key, want) in expect.as_object().expect("expect is an object") {
        match key.as_str() {
            "scores" | "refused" | "why" => {}
            "events" => {
                let want = want.as_array().ok_or("expect.events is a list")?;
                if want.len() != events.len() {
                    return Err(format!(
                        "expected {} score events, got {}: {}",
                        want.len(),
                        events.len(),
                        rep["events"]
                    )
                    .to_string());
                }
                for (i, (w, got)) in want.iter().zip(&events).enumerate() {
                    subset(w, got).map_err(|e| format!("event {i}: {e}; got {got}"))?;
                }
            }
            _ => subset(want, &rep[key]).map_err(|e| format!("{}: {e}", excerpt(key)))?,
        }
    }
    Ok(())
}

/// Whether a scenario's `refused.at` names the place an error names: the same, or the list
/// holding the entry (`final_moves` for `final_moves[2]`).
fn names_place(want: &str, got: &str) -> bool {
    want == got || got.strip_prefix(want).is_some_and(|rest| rest.starts_with('[') && rest.ends_with(']'))
}

/// Every key of `want` is in `got` with an equal value (recursively for objects).
fn subset(want: &Value, got: &Value) -> Result<(), String> {
    match (want, got) {
        (Value::Object(w), Value::Object(g)) => {
            for (k, v) in w {
                subset(v, g.get(k).unwrap_or(&Value::Null)).map_err(|e| format!("{k}: {e}"))?;
            }
            Ok(())
        }
        _ if want == got => Ok(()),
        _ => Err(format!("expected {want}, got {got}")),
    }
}
