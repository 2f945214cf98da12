import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { openApp, shot, textOf } from "./session.mjs";

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

test("the start screen asks the Rust engine and shows its answer", async () => {
  await textOf(browser, "#title", "Castellan");
  await (await browser.$("#engine-check")).click();
  const text = await textOf(browser, "#engine-info", /Rules engine \d+\.\d+\.\d+ · \d+ tiles/);
  assert.match(text, /· 72 tiles in the base game$/, "the base catalog's 72 tiles, counted in Rust");
  await shot(browser, "start");
});

test("the language switches and the engine's answer follows", async () => {
  await (await browser.$("#language-nl")).click();
  await textOf(browser, "#engine-info", /^Spelregelmotor .* 72 tegels in het basisspel$/);
  await (await browser.$("#language-de")).click();
  const text = await textOf(browser, "#engine-info", /^Regel-Engine .* 72 Plättchen im Grundspiel$/);
  assert.ok(text.startsWith("Regel-Engine"));
  await shot(browser, "start-de");
  await (await browser.$("#language-en")).click();
  await textOf(browser, "#engine-check", "Show the rules version");
});

test("the About line names the app's version, in each language", async () => {
  const version = (await textOf(browser, "#about", /^Castellan, version \d+\.\d+\.\d+/)).replace(
    "Castellan, version ",
    "",
  );
  await (await browser.$("#language-nl")).click();
  await textOf(browser, "#about", `Castellan, versie ${version}`);
  await (await browser.$("#language-en")).click();
  await textOf(browser, "#about", `Castellan, version ${version}`);
});
