import { de } from "./de";
import { en, type MessageKey, type Messages } from "./en";
import { nl } from "./nl";

export type { MessageKey, Messages };

/** The languages the app speaks, in the order the language picker shows them. */
export const LANGUAGES = ["en", "nl", "de"] as const;
export type Language = (typeof LANGUAGES)[number];

export const TABLES: Record<Language, Messages> = { en, nl, de };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The placeholders of a message, `{name}` style, sorted. */
export function placeholders(message: string): string[] {
  return [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? "").sort();
}

/** A message in `language`, with its placeholders filled from `values`. */
export function translate(language: Language, key: MessageKey, values: Record<string, string | number> = {}): string {
  return TABLES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
