// The language the app speaks now; every component reads it through `t`, so changing the
// setting repaints every string at once.
import { translate, type Language, type MessageKey } from "./i18n";

export const locale = $state<{ language: Language }>({ language: "en" });

export function t(key: MessageKey, values?: Record<string, string | number>): string {
  return translate(locale.language, key, values);
}
