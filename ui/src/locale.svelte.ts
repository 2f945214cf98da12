// The language the app speaks now; every component reads it through `t`, so changing the
// setting repaints every string at once.
import { translate, translateCount, type CountedKey, type Language, type MessageKey } from "./i18n";

export const locale = $state<{ language: Language }>({ language: "en" });

export function t(key: MessageKey, values?: Record<string, string | number>): string {
  return translate(locale.language, key, values);
}

/** The form of `base` for `n` things, in the language spoken now. */
export function tn(base: CountedKey, n: number, values?: Record<string, string | number>): string {
  return translateCount(locale.language, base, n, values);
}
