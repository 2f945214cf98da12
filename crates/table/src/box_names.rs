//! Each box's name in the window's three languages, read from the window's own word lists
//! (`ui/src/i18n/*.ts`, compiled in), so that a picture or an export names a box exactly as
//! the new-game screen and the history do, and a box can never be named two ways.

use crate::night_picture::Language;
use castellan_engine::TileSet;
use std::collections::HashMap;
use std::sync::LazyLock;

/// The word lists' `"box.<set>": "<name>",` lines, by language and set name.
static NAMES: LazyLock<HashMap<(Language, String), String>> = LazyLock::new(|| {
    let lists = [
        (Language::En, include_str!("../../../ui/src/i18n/en.ts")),
        (Language::Nl, include_str!("../../../ui/src/i18n/nl.ts")),
        (Language::De, include_str!("../../../ui/src/i18n/de.ts")),
    ];
    let mut names = HashMap::new();
    for (language, list) in lists {
        for line in list.lines().map(str::trim) {
            let Some(entry) = line.strip_prefix("\"box.") else { continue };
            let Some((set, name)) = entry.split_once("\": ") else { continue };
            // The name is a JSON string literal as TypeScript writes one: escapes and all.
            if let Ok(name) = serde_json::from_str::<String>(name.trim_end_matches(',')) {
                names.insert((language, set.to_owned()), name);
            }
        }
    }
    names
});

/// `set`'s name in `language`; its script name if the window has none (a test makes sure
/// every box has one in every language).
pub fn box_name(set: TileSet, language: Language) -> &'static str {
    NAMES.get(&(language, set.name().to_owned())).map_or(set.name(), String::as_str)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_box_has_the_windows_name_in_every_language() {
        for language in [Language::En, Language::Nl, Language::De] {
            for set in TileSet::ALL {
                let name = box_name(set, language);
                assert_ne!(name, set.name(), "{set:?} has no name in {language:?}");
                assert!(!name.is_empty() && !name.contains('"'), "{name:?}");
            }
        }
        assert_eq!(box_name(TileSet::TradersBuilders, Language::De), "Händler & Baumeister");
        assert_eq!(box_name(TileSet::Base, Language::Nl), "Basisspel");
    }
}
