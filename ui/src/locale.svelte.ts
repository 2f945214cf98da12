// The language the app speaks now; every component reads it through `t`, so changing the
// setting repaints every string at once.
import { translate, translateCount, type CountedKey, type Language, type MessageKey } from "./i18n";
import { formatList } from "./i18n/format";

export const locale = $state<{ language: Language }>({ language: "en" });

export function t(key: MessageKey, values?: Record<string, string | number>): string {
  return translate(locale.language, key, values);
}

/** The form of `base` for `n` things, in the language spoken now. */
export function tn(base: CountedKey, n: number, values?: Record<string, string | number>): string {
  return translateCount(locale.language, base, n, values);
}

/** Several names or things as one list in the language spoken now: "Anna, Bram, and Clara". */
export function list(items: readonly string[]): string {
  return formatList(locale.language, items);
}
