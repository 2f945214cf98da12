//! What each version of the format knows: the keys a later version adds are unknown keys in
//! an older script, and ignored as every unknown key is, except where ignoring one would
//! change the game silently (a rule option, goods in hand): an older script naming one of
//! those is refused.
//!
//! The keys are taken out of the document before it is read, so that a version-1 script
//! with, say, `"figure": 7` in a move reads exactly as it always has.

use crate::read::ScriptError;
use crate::{VERSION_2, VERSION_3};
use serde_json::{Map, Value};

/// Keys of a tile or stand move that version 2 adds.
const MOVE_KEYS_2: &[&str] = &["figure", "recall", "second_tile"];
/// Keys of a tile move that version 3 adds: what the table told with the tile.
const MOVE_KEYS_3: &[&str] =
    &["ferry", "ferry_moves", "gold", "gold_taken", "magic", "magic_fix", "flight", "crop_circle"];
/// Keys of a final board's `followers` entry that version 2 adds.
const FOLLOWER_KEYS_2: &[&str] = &["figure", "recall"];
/// The key of a follower moved in or out of the City that version 2 adds (the big follower).
const CITY_KEYS_2: &[&str] = &["figure"];
/// Keys of `setup` that version 3 adds.
const SETUP_KEYS_3: &[&str] = &["magic", "gold"];
/// The rules keys version 2 adds: a version-1 script naming one is refused, not read as if
/// the key were unknown, since the game would then be a different one.
const RULES_2: &[&str] = &["start_tile_after_river", "no_followers_on_river", "recall_loses_challenge", "gardens"];

/// `root` as a script of `version` reads it: the keys it does not know taken out.
///
/// # Errors
/// A key an older version refuses rather than ignores.
pub(crate) fn as_read_by(version: u64, root: &Map<String, Value>) -> Result<Map<String, Value>, ScriptError> {
    let mut root = root.clone();
    if let Some(Value::Object(setup)) = root.get_mut("setup") {
        refuse_newer_setup(version, setup)?;
        if version < VERSION_3 {
            drop_keys(setup, SETUP_KEYS_3);
        }
    }
    if let Some(Value::Array(moves)) = root.get_mut("moves") {
        // Laying the City is an entry alone, unknown keys included (`docs/game-script.md`): such
        // an entry is left as written, for the reader to refuse whatever stands beside `city`.
        for m in moves.iter_mut().filter_map(Value::as_object_mut).filter(|m| !m.contains_key("city")) {
            if version < VERSION_2 {
                drop_keys(m, MOVE_KEYS_2);
                if let Some(Value::Object(count)) = m.get_mut("count") {
                    if let Some(Value::Array(moved)) = count.get_mut("moves") {
                        moved.iter_mut().filter_map(Value::as_object_mut).for_each(|q| drop_keys(q, CITY_KEYS_2));
                    }
                    if let Some(Value::Object(enter)) = count.get_mut("enter") {
                        drop_keys(enter, CITY_KEYS_2);
                    }
                }
            }
            if version < VERSION_3 {
                drop_keys(m, MOVE_KEYS_3);
            }
        }
    }
    if version < VERSION_2 {
        for (key, keys) in [("followers", FOLLOWER_KEYS_2), ("final_moves", CITY_KEYS_2)] {
            if let Some(Value::Array(list)) = root.get_mut(key) {
                list.iter_mut().filter_map(Value::as_object_mut).for_each(|o| drop_keys(o, keys));
            }
        }
    }
    Ok(root)
}

fn drop_keys(o: &mut Map<String, Value>, keys: &[&str]) {
    o.retain(|k, _| !keys.contains(&k.as_str()));
}

fn refuse_newer_setup(version: u64, setup: &Map<String, Value>) -> Result<(), ScriptError> {
    if let Some(Value::Object(rules)) = setup.get("rules") {
        for k in rules.keys() {
            let at = format!("setup.rules.{k}");
            if version < VERSION_2 && RULES_2.contains(&k.as_str()) {
                return Err(ScriptError::format(at, "needs version 2"));
            }
            if version < VERSION_2 && k == "herd_and_pig_stack" {
                return Err(ScriptError::format(at, "`herd_and_pig_stack` needs version 2"));
            }
            if version < VERSION_3 && k == "crop_circle_same_tile" {
                return Err(ScriptError::format(at, "`crop_circle_same_tile` needs version 3"));
            }
        }
    }
    if version < VERSION_2 && setup.contains_key("goods") {
        return Err(ScriptError::format("setup.goods", "goods need version 2"));
    }
    Ok(())
}
