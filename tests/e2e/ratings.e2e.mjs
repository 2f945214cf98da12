// The statistics tell the group's story: ratings with their uncertainty and a chart of how
// each came to be, any two players head to head, records that open the replay at the turn
// that set them, and the boxes played — in English, Dutch and German, with local numbers and
// dates, photographed at the smallest window size.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { click, invoke, openApp, resize, shot, textOf } from "./session.mjs";

let browser;
before(async () => {
  browser = await openApp();
  await resize(browser, 1024, 700);
});
after(async () => {
  if (!browser) return;
  const english = await browser.$("#language-en");
  if (await english.isExisting()) await english.click();
  await browser.deleteSession();
});

/** A two-move game: the first seat closes a two-tile city (4), the second's road stays open (2). */
async function play(first, second) {
  const seats = [
    { name: first, color: "red" },
    { name: second, color: "blue" },
  ];
  await invoke(browser, "start_game", { request: { seats, boxes: [], rules: "current", place: "Club" } });
  await invoke(browser, "play", { request: { kind: "place", tile: "E", x: 0, y: -1, rotation: 180, follower: "S" } });
  await invoke(browser, "play", { request: { kind: "place", tile: "V", x: 1, y: 0, rotation: 90, follower: "W" } });
  return invoke(browser, "finish_game", { finalMoves: [], track: null });
}

/** Photographs the top of the statistics, then the head to head, then the end of the page. */
async function shots(language) {
  await browser.execute(() => window.scrollTo(0, 0));
  await shot(browser, `stats-ratings-${language}`);
  await browser.execute(() => document.querySelector("#h2h-summary").scrollIntoView());
  await shot(browser, `stats-head-to-head-${language}`);
  await browser.execute(() => window.scrollTo(0, document.body.scrollHeight));
  await shot(browser, `stats-records-${language}`);
}

/** The cells of the ratings table's rows: rank, name, rating, games. */
async function ratingRows() {
  const rows = [];
  for (const tr of await browser.$$("#ratings tbody tr")) {
    const cells = [];
    for (const td of await tr.$$("td")) cells.push(await td.getText());
    rows.push({ cells, provisional: await tr.getAttribute("data-provisional") });
  }
  return rows;
}

test("ratings rank the players, mark the new one provisional and chart the history", async () => {
  for (let n = 0; n < 5; n++) await play("Ada", "Ben");
  await play("Cai", "Ada");

  await click(browser, "#stats");
  await textOf(browser, "#ratings tbody tr:first-child td:nth-child(2)", "Ada");
  const rows = await ratingRows();
  assert.deepEqual(
    rows.map((r) => [r.cells[1], r.cells[3], r.provisional]),
    [
      ["Ada", "6", "false"],
      ["Cai", "1", "true"],
      ["Ben", "5", "false"],
    ],
    "Ada won five of six; Cai won his only game and is provisional; Ben lost all five",
  );
  assert.match(rows[0].cells[2], /^\d+\.\d ± \d+\.\d$/, "a rating with twice its uncertainty, one decimal");
  assert.match(rows[1].cells[2], /provisional/, "said in words");
  const chart = await browser.$("#rating-chart");
  assert.equal(await chart.getAttribute("data-player"), "Ada", "the leader's history is drawn first");
  assert.equal(await chart.getAttribute("data-points"), "6", "one point per game");
  await click(browser, '#ratings tr[data-player="Cai"] button');
  await browser.waitUntil(async () => (await chart.getAttribute("data-player")) === "Cai", {
    timeout: 5000,
    timeoutMsg: "picking Cai never drew his history",
  });
  assert.equal(await chart.getAttribute("data-points"), "1");
});

test("head to head shows any two players, by box and farm rule", async () => {
  const summary = await textOf(browser, "#h2h-summary", /Ada 5 – 0 Ben/);
  assert.match(summary, /5 games together/);
  assert.match(summary, /Ada \+2\.0 points a game on average/, "4 to 2 each time");
  const keys = [];
  for (const tr of await browser.$$("#h2h-splits tbody tr")) keys.push(await tr.getAttribute("data-key"));
  assert.deepEqual(keys, ["base", "c3"], "the base box and the current farm rule");
  // Picked the other way round, the figures turn with them.
  await (await browser.$("#h2h-a")).selectByAttribute("value", "Cai");
  await (await browser.$("#h2h-b")).selectByAttribute("value", "Ada");
  await textOf(browser, "#h2h-summary", /Cai 1 – 0 Ada/);
  await shots("en");
});

test("a record opens the replay at the turn that set it", async () => {
  const city = await textOf(browser, '#records [data-record="biggestCity"]', /Ada, 2 tiles/);
  assert.match(city, /game \d+, step 1/, "the city was closed by the first move");
  const move = await textOf(browser, '#records [data-record="mostPointsInTurn"]', /Ada, 4 points/);
  assert.match(move, /game \d+, step 1/, "the city's 4 points came with the first move");
  await click(browser, '#records [data-record="biggestCity"] button');
  await textOf(browser, "#step", "Step 1 of 3");
  await click(browser, "#back");
  await click(browser, '#records [data-record="highestScore"] button');
  await textOf(browser, "#step", "Step 3 of 3", 5000);
  await click(browser, "#back");
  await textOf(browser, '#boxes tr[data-box="base"] td:first-child', "Base game");
  const cells = [];
  for (const td of await browser.$$('#boxes tr[data-box="base"] td')) cells.push(await td.getText());
  assert.deepEqual(cells.slice(1, 3), ["6", "3.0"], "six games, (4 + 2) / 2 points a player on average");
  assert.match(cells[3], /Ada 83%/, "five of six");
  await click(browser, "#back");
});

for (const [language, provisional, decimal, date] of [
  ["nl", /voorlopig/, /^\d+,\d ± \d+,\d$/, /spel \d+, stap 1/],
  ["de", /vorläufig/, /^\d+,\d ± \d+,\d$/, /Spiel \d+, Schritt 1/],
]) {
  test(`in ${language === "nl" ? "Dutch" : "German"} with its own numbers`, async () => {
    await click(browser, `#language-${language}`);
    await click(browser, "#stats");
    await textOf(browser, "#ratings tbody tr:first-child td:nth-child(2)", "Ada");
    const rows = await ratingRows();
    assert.match(rows[0].cells[2], decimal, "a decimal comma");
    assert.match(rows[1].cells[2], provisional);
    await textOf(browser, '#records [data-record="biggestCity"]', date);
    await shots(language);
    await click(browser, "#back");
  });
}
