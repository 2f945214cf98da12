// The installed app's start screen and its native file dialog, run by tests/package/install.sh
// against /usr/bin/castellan-app, and by tests/package/appimage-chroot.sh against the AppImage in
// a chroot without WebKitGTK, where GTK's dialog finds only the schemas and modules it carries
// (E2E_SHOT names the screenshots).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { openApp, shot, textOf } from "../e2e/session.mjs";

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

/** The X windows titled exactly `title` that are shown. */
function windowsTitled(title) {
  try {
    return execFileSync("xdotool", ["search", "--onlyvisible", "--name", `^${title}$`])
      .toString()
      .trim()
      .split("\n");
  } catch {
    return []; // xdotool exits 1 when no window matches
  }
}

test("a game script opens through GTK's file dialog, as a player opens one", async () => {
  // Where the app can read it: a chroot shares /tmp with this machine.
  const script = join(mkdtempSync(join(tmpdir(), "castellan-open-")), "game.json");
  copyFileSync(SCRIPT, script);
  await (await browser.$("#history")).click();
  await (await browser.$("#open-script")).click();
  const title = "Open a game script";
  const id = execFileSync("xdotool", ["search", "--sync", "--onlyvisible", "--name", `^${title}$`], { timeout: 15_000 })
    .toString()
    .trim()
    .split("\n")[0];
  await shot(browser, `${process.env.E2E_SHOT ?? "installed-start"}-dialog`);
  execFileSync("xdotool", ["windowfocus", "--sync", id]);
  // The open dialog shows its location field on Ctrl+L.
  execFileSync("xdotool", ["key", "--clearmodifiers", "ctrl+l", "ctrl+a"]);
  execFileSync("xdotool", ["type", "--delay", "15", script]);
  // GTK checks a typed location before it takes Enter: press it until the dialog has gone.
  for (let i = 0; i < 20 && windowsTitled(title).length > 0; i++) {
    execFileSync("xdotool", ["key", "Return"]);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  assert.deepEqual(windowsTitled(title), [], "the dialog took the path");
  await (await browser.$("#from-file")).waitForExist({ timeout: 10_000 });
  await (await browser.$("#back")).click();
});
