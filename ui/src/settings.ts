// Settings live in the app's store file (tauri-plugin-store); outside the app (a plain
// browser, unit tests) the defaults apply and nothing is saved.
import { load, type Store } from "@tauri-apps/plugin-store";
import { isLanguage, type Language } from "./i18n";

const FILE = "settings.json";

let store: Promise<Store | null> | null = null;

function open(): Promise<Store | null> {
  store ??= load(FILE, { defaults: {}, autoSave: false }).catch(() => null);
  return store;
}

/** The saved language, or the browser's if it is one we speak, or English. */
export async function savedLanguage(): Promise<Language> {
  const saved = await (await open())?.get<string>("language").catch(() => undefined);
  if (isLanguage(saved)) return saved;
  const browser = navigator.language.slice(0, 2);
  return isLanguage(browser) ? browser : "en";
}

export async function saveLanguage(language: Language): Promise<void> {
  const s = await open();
  if (!s) return;
  await s.set("language", language);
  await s.save();
}
