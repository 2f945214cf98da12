// Settings live in the app's `settings.json`, which Rust reads (the ledger path at start) and
// rewrites atomically on every save; outside the app (a plain browser, unit tests) the defaults
// apply and nothing is saved. Every change takes effect at once.
import type { CommandError, Color, RuleSet, RulePreset, TileSet } from "./bindings";
import { isLanguage, type Language } from "./i18n";
import { saveSetting, settings as savedSettings } from "./ipc";

/** What the settings hold, with their defaults. */
export interface Settings {
  language: Language;
  /** Display scale in percent. */
  scale: number;
  /** The ledger file; empty for the app's data folder. */
  ledgerPath: string;
  defaultRules: RulePreset;
  defaultBoxes: TileSet[];
  /** The players of the last game, offered for the next. */
  lastSeats: { name: string; color: Color }[];
  /** The group's own rules, every option as they play it; null until saved once. */
  houseRules: RuleSet | null;
}

export const SCALES = [80, 100, 125, 150, 175, 200] as const;

/** One setting, saved at once; why not, if it could not be saved. */
export async function save<K extends keyof Settings>(key: K, value: Settings[K]): Promise<CommandError | null> {
  const outcome = await saveSetting(key, value);
  return outcome.ok ? null : outcome.error;
}

/** The browser's language if we speak it, else English. */
function defaultLanguage(): Language {
  const browser = navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : "en";
}

/** All settings, each saved value checked and replaced by its default when unusable. */
export async function loadSettings(): Promise<Settings> {
  const outcome = await savedSettings();
  const saved: Partial<Record<keyof Settings, unknown>> = outcome.ok ? outcome.value : {};
  const { language, scale, ledgerPath, defaultRules, defaultBoxes, lastSeats } = saved;
  const houseRules = saved.houseRules as RuleSet | null | undefined;
  return {
    language: isLanguage(language) ? language : defaultLanguage(),
    scale: typeof scale === "number" && (SCALES as readonly number[]).includes(scale) ? scale : 100,
    ledgerPath: typeof ledgerPath === "string" ? ledgerPath : "",
    defaultRules: defaultRules === "first-edition" ? "first-edition" : "current",
    defaultBoxes: Array.isArray(defaultBoxes) ? (defaultBoxes as TileSet[]) : [],
    lastSeats: Array.isArray(lastSeats) ? (lastSeats as Settings["lastSeats"]) : [],
    houseRules: houseRules && typeof houseRules === "object" && "farms" in houseRules ? houseRules : null,
  };
}

/** Applies the display scale to the whole window. */
export function applyScale(percent: number): void {
  document.documentElement.style.fontSize = `${percent}%`;
}
