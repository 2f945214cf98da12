import type { Language } from "./index";

/**
 * `make` for each language, made the first time that language asks and kept: WebKit takes
 * about a tenth of a millisecond to make an `Intl` rule or format and under a microsecond to
 * use one, and a turn words dozens of counts and lists.
 */
export function perLanguage<T>(make: (language: Language) => T): (language: Language) => T {
  const made = new Map<Language, T>();
  return (language) => {
    let kept = made.get(language);
    if (kept === undefined) {
      kept = make(language);
      made.set(language, kept);
    }
    return kept;
  };
}
