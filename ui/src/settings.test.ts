import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, expect, test } from "vitest";
import { loadSettings, save } from "./settings";

afterEach(() => clearMocks());

test("outside the app the defaults apply", async () => {
  mockIPC(() => {
    throw new Error("no backend here");
  });
  const s = await loadSettings();
  expect(s.scale).toBe(100);
  expect(s.ledgerPath).toBe("");
  expect(s.defaultRules).toBe("current");
  expect(s.defaultBoxes).toEqual([]);
  expect(["en", "nl", "de"]).toContain(s.language);
});

test("settings come from the app's own command, each checked", async () => {
  const asked: string[] = [];
  mockIPC((cmd) => {
    asked.push(cmd);
    if (cmd === "settings") return { language: "de", scale: 125, ledgerPath: "/club.sqlite3", defaultBoxes: "river" };
    throw new Error(`unexpected ${cmd}`);
  });
  const s = await loadSettings();
  expect(asked).toEqual(["settings"]);
  expect(s.language).toBe("de");
  expect(s.scale).toBe(125);
  expect(s.ledgerPath).toBe("/club.sqlite3");
  expect(s.defaultBoxes, "a value of the wrong shape gets its default").toEqual([]);
});

test("a setting is saved through the app's command, and a failure is told", async () => {
  const saved: unknown[] = [];
  mockIPC((cmd, args) => {
    if (cmd !== "save_setting") throw new Error(`unexpected ${cmd}`);
    saved.push(args);
    return null;
  });
  expect(await save("scale", 150)).toBeNull();
  expect(saved).toEqual([{ key: "scale", value: 150 }]);

  mockIPC(() => {
    throw { kind: "settingsNotSaved", path: "/ro/settings.json", detail: "Read-only file system (os error 30)" };
  });
  expect(await save("scale", 150)).toMatchObject({ kind: "settingsNotSaved", path: "/ro/settings.json" });
});
