// Settings live in the app's store file (tauri-plugin-store, `settings.json`, read by Rust
// too for the ledger path); outside the app (a plain browser, unit tests) the defaults apply
// and nothing is saved. Every change takes effect at once.
import { load, type Store } from "@tauri-apps/plugin-store";
import type { PlayerColor, RuleOptions, RulePreset, TileBox } from "./bindings";
import { isLanguage, type Language } from "./i18n";

const FILE = "settings.json";

/** What the settings hold, with their defaults. */
export interface Settings {
  language: Language;
  /** Display scale in percent. */
  scale: number;
  /** The ledger file; empty for the app's data folder. */
  ledgerPath: string;
  defaultRules: RulePreset;
  defaultBoxes: TileBox[];
  /** The players of the last game, offered for the next. */
  lastSeats: { name: string; color: PlayerColor }[];
  /** The group's own rules, every option as they play it; null until saved once. */
  houseRules: RuleOptions | null;
}

export const SCALES = [80, 100, 125, 150, 175, 200] as const;

let store: Promise<Store | null> | null = null;

function open(): Promise<Store | null> {
  store ??= load(FILE, { defaults: {}, autoSave: false }).catch(() => null);
  return store;
}

async function get<T>(key: string): Promise<T | undefined> {
  return (await open())?.get<T>(key).catch(() => undefined);
}

/** One setting, saved at once. */
export async function save<K extends keyof Settings>(key: K, value: Settings[K]): Promise<void> {
  const s = await open();
  if (!s) return;
  await s.set(key, value);
  await s.save();
}

/** The browser's language if we speak it, else English. */
function defaultLanguage(): Language {
  const browser = navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : "en";
}

/** All settings, each saved value checked and replaced by its default when unusable. */
export async function loadSettings(): Promise<Settings> {
  const [language, scale, ledgerPath, defaultRules, defaultBoxes, lastSeats, houseRules] = await Promise.all([
    get<string>("language"),
    get<number>("scale"),
    get<string>("ledgerPath"),
    get<string>("defaultRules"),
    get<TileBox[]>("defaultBoxes"),
    get<Settings["lastSeats"]>("lastSeats"),
    get<RuleOptions>("houseRules"),
  ]);
  return {
    language: isLanguage(language) ? language : defaultLanguage(),
    scale: typeof scale === "number" && (SCALES as readonly number[]).includes(scale) ? scale : 100,
    ledgerPath: typeof ledgerPath === "string" ? ledgerPath : "",
    defaultRules: defaultRules === "first-edition" ? "first-edition" : "current",
    defaultBoxes: Array.isArray(defaultBoxes) ? defaultBoxes : [],
    lastSeats: Array.isArray(lastSeats) ? lastSeats : [],
    houseRules: houseRules && typeof houseRules === "object" && "farms" in houseRules ? houseRules : null,
  };
}

/** Applies the display scale to the whole window. */
export function applyScale(percent: number): void {
  document.documentElement.style.fontSize = `${percent}%`;
}
