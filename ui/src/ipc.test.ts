import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, expect, test } from "vitest";
import { appInfo } from "./ipc";

afterEach(() => clearMocks());

test("appInfo goes through the app_info command", async () => {
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd === "app_info") return { engineVersion: "9.9.9", baseTileCount: 72 };
    throw new Error(`unexpected command ${cmd}`);
  });
  await expect(appInfo()).resolves.toEqual({ ok: true, value: { engineVersion: "9.9.9", baseTileCount: 72 } });
  expect(calls).toEqual(["app_info"]);
});

test("an error sent by Rust arrives as data", async () => {
  mockIPC(() => {
    throw { kind: "internal", detail: "disk full" };
  });
  await expect(appInfo()).resolves.toEqual({ ok: false, error: { kind: "internal", detail: "disk full" } });
});
