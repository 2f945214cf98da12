// Settings in the real app: language and display size take effect at once, and a ledger file
// that is not a ledger is reported and left exactly as it was.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { click, openApp, shot, textOf } from "./session.mjs";

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

test("language and display size change at once", async () => {
  await click(browser, "#settings");
  await click(browser, "#settings-language-de");
  await textOf(browser, "h1", "Einstellungen");
  await click(browser, "#scale-150");
  const chosen = await browser.$("#scale-150");
  await chosen.waitUntil(async () => (await chosen.getAttribute("class")).includes("chosen"), { timeout: 3000 });
  const size = await browser.execute(() => document.documentElement.style.fontSize);
  assert.equal(size, "150%");
  await shot(browser, "settings-de");
  await click(browser, "#scale-100");
  await click(browser, "#settings-language-en");
  await textOf(browser, "h1", "Settings");
});

test("a damaged ledger file is reported and not touched; a new one is created", async () => {
  const dir = mkdtempSync(join(tmpdir(), "castellan-e2e-"));
  const damaged = join(dir, "damaged.sqlite3");
  const bytes = Buffer.concat([Buffer.from("SQLite format 3\0"), Buffer.alloc(4080, 0x5a)]);
  writeFileSync(damaged, bytes);

  const input = await browser.$("#ledger-path");
  await input.setValue(damaged);
  await click(browser, "#use-ledger");
  const reported = await textOf(browser, "#settings-message", /cannot be used/);
  assert.ok(reported.includes(damaged), reported);
  assert.ok(readFileSync(damaged).equals(bytes), "the damaged file is byte for byte as it was");

  const fresh = join(dir, "club.sqlite3");
  await input.setValue(fresh);
  await click(browser, "#use-ledger");
  await textOf(browser, "#settings-message", `In use: ${fresh}`);
  assert.ok(existsSync(fresh), "the new ledger file exists");
  await click(browser, "#back");
});
