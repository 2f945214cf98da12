import { de } from "./de";
import { en, type MessageKey, type Messages } from "./en";
import { nl } from "./nl";
import { perLanguage } from "./perLanguage";

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

/**
 * The messages said differently by how many things they count: `base` has a `.one` and an
 * `.other` form in every language (English, Dutch and German need no more).
 */
export type CountedKey = {
  [K in MessageKey]: K extends `${infer Base}.other` ? (`${Base}.one` extends MessageKey ? Base : never) : never;
}[MessageKey];

const pluralRuleOf = perLanguage((language) => new Intl.PluralRules(language));

/**
 * The form of `base` for `n` things in `language`, with `{n}` and the other placeholders
 * filled: "1 tile", "12 tiles"; the language's own plural rule decides which form.
 */
export function translateCount(
  language: Language,
  base: CountedKey,
  n: number,
  values: Record<string, string | number> = {},
): string {
  const form = pluralRuleOf(language).select(n) === "one" ? "one" : "other";
  return translate(language, `${base}.${form}`, { ...values, n });
}

/** A message in `language`, with its placeholders filled from `values`. */
export function translate(language: Language, key: MessageKey, values: Record<string, string | number> = {}): string {
  return TABLES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
