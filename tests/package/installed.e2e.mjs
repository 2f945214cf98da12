// The installed app's start screen and its native file dialog, run by tests/package/install.sh
// against /usr/bin/castellan-app, and by tests/package/appimage-chroot.sh against the AppImage in
// a chroot without WebKitGTK, where GTK's dialog finds only the schemas and modules it carries
// (E2E_SHOT names the screenshots).
import assert from "node:assert/strict";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { answerDialog, openApp, shot, textOf } from "../e2e/session.mjs";

const version = process.env.CASTELLAN_VERSION;
// A game script the rules replay to its end.
const SCRIPT = "tests/scenarios/B-03_score_in_the_placers_turn.json";

let browser;
before(async () => {
  assert.ok(version, "CASTELLAN_VERSION is the installed package's version: run tests/package/install.sh");
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

test("the installed app starts and its About line names the package's version", async () => {
  await textOf(browser, "#title", "Castellan");
  await textOf(browser, "#about", `Castellan, version ${version}`);
  // A command answered by the installed release build, not only a page that loaded.
  await (await browser.$("#engine-check")).click();
  await textOf(browser, "#engine-info", /^Rules engine \d+\.\d+\.\d+ · 72 tiles in the base game$/);
  await shot(browser, process.env.E2E_SHOT ?? "installed-start");
  await (await browser.$("#language-nl")).click();
  await textOf(browser, "#about", `Castellan, versie ${version}`);
  await (await browser.$("#language-de")).click();
  await textOf(browser, "#about", `Castellan, Version ${version}`);
  await (await browser.$("#language-en")).click();
});

test("a game script opens through GTK's file dialog, as a player opens one", async () => {
  // Where the app can read it: a chroot shares /tmp with this machine.
  const script = join(mkdtempSync(join(tmpdir(), "castellan-open-")), "game.json");
  copyFileSync(SCRIPT, script);
  await (await browser.$("#history")).click();
  await (await browser.$("#open-script")).click();
  await answerDialog("Open a game script", script, () =>
    shot(browser, `${process.env.E2E_SHOT ?? "installed-start"}-dialog`),
  );
  await (await browser.$("#from-file")).waitForExist({ timeout: 10_000 });
  await (await browser.$("#back")).click();
});
