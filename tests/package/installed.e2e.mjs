// The installed app's start screen, run by tests/package/install.sh against /usr/bin/castellan-app,
// and by tests/package/appimage-chroot.sh against the AppImage in a chroot without WebKitGTK
// (E2E_SHOT names its screenshot).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openApp, shot, textOf } from "../e2e/session.mjs";

const version = process.env.CASTELLAN_VERSION;

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
