// Dates and lists as the player's language writes them, by the browser's own `Intl` rules:
// no language table spells a month or an "and".
import type { Language } from "./index";
import { perLanguage } from "./perLanguage";

const dateFormatOf = perLanguage(
  (language) => new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }),
);

/**
 * A calendar date sent as `YYYY-MM-DD` (a game night's, in the players' local calendar), in
 * words: "20 November 2026", "20 november 2026", "20. November 2026". Read as that day
 * wherever the player is, never shifted by a time zone; anything else is shown as it came.
 */
export function formatDate(language: Language, date: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!parts) return date;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCMonth() !== month - 1) return date;
  return dateFormatOf(language).format(utc);
}

const listFormatOf = perLanguage((language) => new Intl.ListFormat(language, { style: "long", type: "conjunction" }));

/** Several things as one list in words: "Anna, Bram and Clara", "Anna, Bram en Clara". */
export function formatList(language: Language, items: readonly string[]): string {
  return listFormatOf(language).format(items);
}
