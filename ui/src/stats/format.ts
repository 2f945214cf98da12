// Numbers and dates on the statistics screen, in the language the app speaks: "4.5" in
// English is "4,5" in Dutch and German, and a night's date reads as people there write it.
import { locale } from "../locale.svelte";

/** `x` with `digits` decimals, or a dash when there is nothing to show. */
export function decimal(x: number | null | undefined, digits = 1): string {
  if (x == null) return "–";
  return new Intl.NumberFormat(locale.language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(x);
}

/** `x` with its sign always shown ("+2.5", "−1.0"), zero without one. */
export function signed(x: number | null | undefined): string {
  if (x == null) return "–";
  return new Intl.NumberFormat(locale.language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  }).format(x);
}

/** A share from 0 to 1 as a whole percentage. */
export function percent(x: number | null | undefined): string {
  if (x == null) return "–";
  return new Intl.NumberFormat(locale.language, { style: "percent", maximumFractionDigits: 0 }).format(x);
}

/** A night's date (`YYYY-MM-DD`, a calendar day, no time zone) as the language writes it. */
export function day(iso: string, style: "medium" | "short" = "medium"): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Intl.DateTimeFormat(locale.language, { dateStyle: style }).format(new Date(y ?? 0, (m ?? 1) - 1, d ?? 1));
}
