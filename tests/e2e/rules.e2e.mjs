// The rules a table plays by, chosen on the new-game screen: every option shown, one changed
// and kept as the group's house rules, and the game counted by them.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { click, openApp, scoreShown, seatPlayers, shot, textOf } from "./session.mjs";

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

test("house rules: unfinished features score nothing, kept for the next game", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [{ name: "Femke" }, { name: "Gerrit" }]);
  await click(browser, 'input[value="count"]');
  await click(browser, "#rule-details summary");
  const options = await browser.$$("#rule-options [data-option]");
  assert.ok(options.length >= 9, `every option is shown (${options.length})`);
  assert.ok(await (await browser.$("#option-count-movement")).isExisting(), "the Count's options with the Count's box");
  await click(browser, '[data-option="scoreIncomplete"]');
  await shot(browser, "setup-rules");
  await click(browser, "#save-house");
  await click(browser, 'input[value="count"]');
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Femke to play/);

  // Femke's thief on an open road off the start tile; at the end it scores nothing.
  await (await browser.$("#tile-filter")).setValue("U");
  await browser.keys("Enter");
  await click(browser, '[data-cell="1,0"]');
  const road = await browser.$$('[data-place="E"], [data-place="W"]');
  await road[0].click();
  await click(browser, "#confirm");
  await textOf(browser, "#turn", /^Gerrit to play/);
  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await textOf(browser, "#final-what", /^Femke 0: road of 2 tiles/);
  assert.equal(await scoreShown(browser, 0), "0");

  // The next game starts from the house rules.
  await click(browser, "#new-game");
  await (await browser.$('input[name="preset"][value="house"]')).waitForExist({ timeout: 5000 });
  assert.ok(await (await browser.$('input[name="preset"][value="house"]')).isSelected(), "house rules chosen");
  await click(browser, "#rule-details summary");
  assert.ok(!(await (await browser.$('[data-option="scoreIncomplete"]')).isSelected()), "the option as saved");
});
