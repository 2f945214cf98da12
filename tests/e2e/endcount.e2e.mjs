// A final board counted without the scores before the count ("Count the end only") knows only
// the end count's points: the history shows it marked, with no winner, and the statistics leave
// it out and say so, in English and in Dutch; a game played turn by turn beside it still counts.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { click, invoke, openApp, shot, textOf } from "./session.mjs";

let browser;
before(async () => {
  browser = await openApp();
  await browser.setWindowSize(1280, 800);
});
after(async () => {
  if (!browser) return;
  // The suites share the app's settings: leave it speaking English.
  const english = await browser.$("#language-en");
  if (await english.isExisting()) await english.click();
  await browser.deleteSession();
});

/** The history screen's row of the game `id`, once shown. */
async function row(id) {
  const element = await browser.$(`.game[data-game="${id}"]`);
  await element.waitForExist({ timeout: 5000 });
  return element;
}

/** A player's row on the statistics screen: name, games, wins, average, best. */
async function statsOf(name) {
  const tr = await browser.$(`#player-stats [data-player="${name}"]`);
  await tr.waitForExist({ timeout: 5000 });
  const cells = [];
  for (const td of await tr.$$("td")) cells.push(await td.getText());
  return cells.slice(0, 5);
}

let played;
let endOnly;

test("a final board counted from the end count alone is marked in the history and has no winner", async () => {
  // Played turn by turn: Vera's two-tile city, 4 to 0.
  const turns = [
    { name: "Vera", color: "green" },
    { name: "Wim", color: "red" },
  ];
  await invoke(browser, "start_game", { request: { seats: turns, boxes: [], rules: "current", place: "Club" } });
  await invoke(browser, "play", { request: { kind: "place", tile: "E", x: 0, y: -1, rotation: 180, follower: "S" } });
  await invoke(browser, "finish_game", { finalMoves: [], track: null });

  // A finished table: Greta's knight and Rosa's thief on the start tile, one road tile beside
  // it, counted without the scores before the count.
  const board = [
    { name: "Greta", color: "blue" },
    { name: "Rosa", color: "yellow" },
  ];
  await invoke(browser, "start_game", {
    request: { seats: board, boxes: [], rules: "current", place: "Club", finalBoard: true },
  });
  await invoke(browser, "play", { request: { kind: "place", tile: "U", x: 1, y: 0, rotation: 0, follower: null } });
  await invoke(browser, "play", { request: { kind: "stand", seat: 0, x: 0, y: 0, place: "W" } });
  await invoke(browser, "play", { request: { kind: "stand", seat: 1, x: 0, y: 0, place: "N" } });
  const counted = await invoke(browser, "finish_game", { finalMoves: [], track: null });
  assert.deepEqual(
    counted.players.map((p) => p.score),
    [2, 1],
    "the end count alone: Greta 2, Rosa 1",
  );

  const games = (await invoke(browser, "history")).flatMap((night) => night.games);
  played = games.find((g) => g.seats.some((s) => s.name === "Vera")).gameId;
  endOnly = games.find((g) => g.seats.some((s) => s.name === "Greta")).gameId;

  await click(browser, "#history");
  const marked = await row(endOnly);
  assert.equal(await marked.getAttribute("data-end-count-only"), "true");
  assert.match(await marked.getText(), /end count only/, "said in words beside the scores");
  assert.equal((await marked.$$(".winner")).length, 0, "nobody is shown as winner on the end count");
  const ranked = await row(played);
  assert.equal(await ranked.getAttribute("data-end-count-only"), "false");
  assert.match(await (await ranked.$(".winner")).getText(), /^Vera\s4$/, "a game played turn by turn keeps its winner");
  await shot(browser, "history-end-count-only-en");
  await click(browser, "#back");
});

test("the statistics leave it out and say how many games they left out", async () => {
  await click(browser, "#stats");
  const line = await textOf(browser, "#end-count-only", /left out/);
  assert.equal(
    line,
    "1 game counted from the end count alone (a final board without the scores before the count) is left out of these figures.",
  );
  assert.deepEqual(await statsOf("Greta"), ["Greta", "0", "0", "–", "–"], "no game, win, average or best from it");
  assert.deepEqual(await statsOf("Vera"), ["Vera", "1", "1", "4.0", "4"], "the game played turn by turn counts");
  await shot(browser, "stats-end-count-only-en");
  await click(browser, "#back");
});

test("in Dutch too", async () => {
  await click(browser, "#language-nl");
  await click(browser, "#history");
  const marked = await row(endOnly);
  await browser.waitUntil(async () => /alleen eindtelling/.test(await marked.getText()), {
    timeout: 5000,
    timeoutMsg: "the mark was never said in Dutch",
  });
  await shot(browser, "history-end-count-only-nl");
  await click(browser, "#back");
  await click(browser, "#stats");
  const line = await textOf(browser, "#end-count-only", /telt niet mee/);
  assert.match(line, /^1 spel dat alleen met de eindtelling is geteld/);
  await shot(browser, "stats-end-count-only-nl");
  await click(browser, "#back");
});
