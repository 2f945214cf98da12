// A finished game voided from the history screen, after a confirmation, leaves the statistics
// and comes back with Undo; a ledger holding two nights of one date and place lists both.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { after, before, test } from "node:test";
import { click, invoke, openApp, shot } from "./session.mjs";

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  await browser?.deleteSession();
});

/**
 * Vera's figures on the statistics screen: name, games, wins, average, best.
 */
async function veraStats() {
  await click(browser, "#stats");
  const row = await browser.$('#player-stats [data-player="Vera"]');
  await row.waitForExist({ timeout: 5000 });
  const cells = [];
  for (const td of await row.$$("td")) cells.push(await td.getText());
  await click(browser, "#back");
  return cells.slice(0, 5);
}

/** The history screen's row of the game `id`, once shown. */
async function row(id) {
  const element = await browser.$(`.game[data-game="${id}"]`);
  await element.waitForExist({ timeout: 5000 });
  return element;
}

test("a finished game is voided after a confirmation, leaves the statistics, and Undo brings it back", async () => {
  const seats = [
    { name: "Vera", color: "green" },
    { name: "Wim", color: "red" },
  ];
  await invoke(browser, "start_game", { request: { seats, boxes: [], rules: "current", place: "Club" } });
  await invoke(browser, "play", { request: { kind: "place", tile: "E", x: 0, y: -1, rotation: 180, follower: "S" } });
  const finished = await invoke(browser, "finish_game", { finalMoves: [] });
  assert.equal(finished.players[0].score, 4, "Vera's two-tile city");
  const games = (await invoke(browser, "history")).flatMap((night) => night.games);
  const id = games.find((g) => g.seats.some((s) => s.name === "Vera")).gameId;

  assert.deepEqual(await veraStats(), ["Vera", "1", "1", "4.0", "4"], "the game counts");

  await click(browser, "#history");
  const game = await row(id);
  assert.match(await game.getText(), /recorded by Castellan \d+\.\d+\.\d+/, "the version that recorded it");
  await (await game.$(".void")).click();
  const question = await browser.$("#void-question");
  await question.waitForExist({ timeout: 5000 });
  assert.equal(await question.getText(), "Void this game? It stays in the ledger but leaves the statistics.");
  await click(browser, "#void-no");
  await question.waitForExist({ timeout: 5000, reverse: true });
  assert.equal(await game.getAttribute("data-voided"), "false", "cancelled: nothing changed");

  await (await game.$(".void")).click();
  await shot(browser, "history-void-confirm");
  await click(browser, "#void-yes");
  await browser.waitUntil(async () => (await game.getAttribute("data-voided")) === "true", {
    timeout: 5000,
    timeoutMsg: "the game was never shown as voided",
  });
  assert.match(await game.getText(), /voided/, "marked as voided");
  const struck = await (await game.$(".seat")).getCSSProperty("text-decoration-line");
  assert.equal(struck.value, "line-through", "its players are struck through");
  await (await browser.$("#undo-void")).waitForExist({ timeout: 5000 });
  await shot(browser, "history-voided");
  await click(browser, "#undo-void");
  await browser.waitUntil(async () => (await game.getAttribute("data-voided")) === "false", {
    timeout: 5000,
    timeoutMsg: "Undo never took the void back",
  });

  await (await game.$(".void")).click();
  await click(browser, "#void-yes");
  await (await browser.$(`.game[data-game="${id}"][data-voided="true"]`)).waitForExist({ timeout: 5000 });
  await click(browser, "#back");
  assert.deepEqual(await veraStats(), ["Vera", "0", "0", "–", "–"], "a voided game does not count");

  await click(browser, "#history");
  await click(browser, `.game[data-game="${id}"] .unvoid`);
  await (await browser.$(`.game[data-game="${id}"][data-voided="false"]`)).waitForExist({ timeout: 5000 });
  await click(browser, "#back");
  assert.deepEqual(await veraStats(), ["Vera", "1", "1", "4.0", "4"], "counted again");

  await click(browser, "#history");
  await (await (await row(id)).$(".void")).click();
  await click(browser, "#void-yes");
  await (await browser.$(`.game[data-game="${id}"][data-voided="true"]`)).waitForExist({ timeout: 5000 });
  await click(browser, "#back");
});

test("two nights of one date and place are both listed", async () => {
  // Ledgers written before imports shared nights hold such pairs; add one beside the app.
  const { ledgerPath } = await invoke(browser, "app_info");
  execFileSync("python3", [
    "-c",
    "import sqlite3, sys; c = sqlite3.connect(sys.argv[1], timeout=5); " +
      "c.execute('INSERT INTO nights (date, place) SELECT date, place FROM nights ORDER BY id LIMIT 1'); c.commit()",
    ledgerPath,
  ]);
  await click(browser, "#history");
  await (await browser.$(".game")).waitForExist({ timeout: 5000 });
  const nights = await browser.$$(".night");
  assert.equal(nights.length, 2, "this file's night and its copy, without games");
  const headings = [];
  for (const n of nights) headings.push(await (await n.$("h2")).getText());
  assert.equal(headings[0], headings[1], "of one date and place");
  await shot(browser, "history-two-nights");
  await click(browser, "#back");
});
