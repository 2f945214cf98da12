import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, expect, test } from "vitest";
import { loadSettings } from "./settings";

afterEach(() => clearMocks());

test("outside the app the defaults apply", async () => {
  mockIPC(() => {
    throw new Error("no store here");
  });
  const s = await loadSettings();
  expect(s.scale).toBe(100);
  expect(s.ledgerPath).toBe("");
  expect(s.defaultRules).toBe("current");
  expect(s.defaultBoxes).toEqual([]);
  expect(["en", "nl", "de"]).toContain(s.language);
});
