// Exports from the history screen and a game script opened to look at, in the real app.
//
// The app is started with CASTELLAN_GIVEN_PATHS naming a temporary folder, so the export and
// open commands take a path inside it from the test instead of asking in a dialog: the same
// commands the menu calls, everything but the native dialog. The last test answers the real
// GTK dialogs with xdotool, typing a path as a player would.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { SIZES, answerDialog, click, invoke, openAppWith, resize, shot, textOf } from "./session.mjs";

const folder = mkdtempSync(join(tmpdir(), "castellan-exports-"));

let browser;
before(async () => {
  browser = await openAppWith({ CASTELLAN_GIVEN_PATHS: folder });
});
after(async () => {
  await browser?.deleteSession();
});

/** Calls a command and returns its error, which it must send. */
async function refusal(cmd, args) {
  try {
    await invoke(browser, cmd, args);
  } catch (error) {
    return error;
  }
  assert.fail(`${cmd} was not refused`);
}

/** Plays a two-tile game of Anna and Bram to its final count; `road` puts Bram on his road. */
async function playGame(road) {
  const seats = [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ];
  await invoke(browser, "start_game", { request: { seats, boxes: [], rules: "current", place: "Club" } });
  await invoke(browser, "play", { request: { kind: "place", tile: "E", x: 0, y: -1, rotation: 180, follower: "S" } });
  const follower = road ? "W" : null;
  await invoke(browser, "play", { request: { kind: "place", tile: "V", x: 1, y: 0, rotation: 90, follower } });
  return invoke(browser, "finish_game", { finalMoves: [] });
}

/** The history's scores of a game, by name. */
async function storedScores(gameId) {
  const nights = await invoke(browser, "history");
  const game = nights.flatMap((n) => n.games).find((g) => g.gameId === gameId);
  return Object.fromEntries(game.seats.map((s) => [s.name, s.score]));
}

/** The replay screen's final scores, by name, once shown. */
async function shownScores() {
  await (await browser.$(".scoreboard [data-seat='1'] .score")).waitForExist({ timeout: 5000 });
  const scores = {};
  for (const row of await browser.$$(".scoreboard li")) {
    scores[await (await row.$(".name")).getText()] = Number(await (await row.$(".score")).getText());
  }
  return scores;
}

let first, second, nightId;

test("a game and a night are exported as scripts, CSV and BG Stats, and nothing is replaced", async () => {
  first = (await playGame(true)).gameId;
  second = (await playGame(false)).gameId;
  const [night] = await invoke(browser, "history");
  nightId = night.nightId;
  assert.deepEqual(await storedScores(first), { Anna: 4, Bram: 2 }, "Anna's city; Bram's open road at the end");

  const exportGame = (format, path) => invoke(browser, "export_game", { gameId: first, format, title: "t", path });
  const script = join(folder, "game.json");
  assert.deepEqual(await exportGame("script", script), { paths: [script] });
  const doc = JSON.parse(readFileSync(script, "utf8"));
  assert.equal(doc.format, "castellan-game-script");
  assert.deepEqual(
    doc.players.map((p) => p.name),
    ["Anna", "Bram"],
  );
  assert.equal(doc.moves.length, 2, "both tiles");
  assert.equal(doc.final_scoring, true);

  const csv = join(folder, "game.csv");
  await exportGame("csv", csv);
  const [header, ...rows] = readFileSync(csv, "utf8").trim().split("\n");
  assert.equal(
    header.split(",").slice(0, 10).join(","),
    "game,date,place,started_at,ended_at,player,color,seat,rank,score",
  );
  assert.deepEqual(
    rows.map((r) => r.split(",").filter((_, i) => [0, 2, 5, 9].includes(i))),
    [
      [String(first), "Club", "Anna", "4"],
      [String(first), "Club", "Bram", "2"],
    ],
  );

  const bgstats = join(folder, "game-bgstats.json");
  await exportGame("bgStats", bgstats);
  const plays = JSON.parse(readFileSync(bgstats, "utf8")).plays;
  assert.equal(plays.length, 1);
  assert.deepEqual(
    plays[0].players.map((p) => [p.name, p.score, p.winner]),
    [
      ["Anna", 4, true],
      ["Bram", 2, false],
    ],
  );

  // No dialog asked whether to replace: the file stays as it was.
  writeFileSync(csv, "mine");
  const exists = await refusal("export_game", { gameId: first, format: "csv", title: "t", path: csv });
  assert.deepEqual([exists.kind, exists.error.kind], ["table", "fileExists"]);
  assert.equal(readFileSync(csv, "utf8"), "mine", "not replaced");
  // The page cannot write outside the folder the app was started with.
  const outside = join(tmpdir(), `castellan-outside-${process.pid}.csv`);
  const refused = await refusal("export_game", { gameId: first, format: "csv", title: "t", path: outside });
  assert.equal(refused.kind, "notFromDialog");
  assert.ok(!existsSync(outside), "nothing written outside");

  const scripts = join(folder, "night");
  mkdirSync(scripts);
  const written = await invoke(browser, "export_night", { nightId, format: "script", title: "t", path: scripts });
  assert.equal(written.paths.length, 2, "one script per game");
  assert.deepEqual(readdirSync(scripts).sort(), [`game-${first}.json`, `game-${second}.json`].sort());
  const nightCsv = join(folder, "night.csv");
  await invoke(browser, "export_night", { nightId, format: "csv", title: "t", path: nightCsv });
  const games = readFileSync(nightCsv, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((r) => r.split(",")[0]);
  assert.deepEqual(games, [first, first, second, second].map(String), "both games, in the order played");
});

test("a voided game is not exported, and the page gets no dialog of its own", async () => {
  await invoke(browser, "void_game", { gameId: second });
  const voided = await refusal("export_game", {
    gameId: second,
    format: "csv",
    title: "t",
    path: join(folder, "v.csv"),
  });
  assert.deepEqual(voided, { kind: "table", error: { kind: "notExportable", game: second, voided: true } });
  await invoke(browser, "unvoid_game", { gameId: second });
  // The dialog plugin's own commands are not granted to the window.
  await assert.rejects(invoke(browser, "plugin:dialog|save", { options: {} }), /not allowed|denied|permission/i);
});

test("an opened script replays to the history's scores, and is added to the ledger only once", async () => {
  const path = join(folder, "game.json");
  const opened = await invoke(browser, "open_script", { title: "t", path });
  const end = Object.fromEntries(opened.replay.view.players.map((p) => [p.name, p.score]));
  assert.deepEqual(end, await storedScores(first), "the replay's final scores are the history's");
  assert.equal(opened.replay.turn, opened.replay.steps, "shown at its end");
  const nightsBefore = await invoke(browser, "history");
  const start = await invoke(browser, "opened_script_step", { turn: 0 });
  assert.equal(start.view.tiles.length, 1, "step 0: the start tile");
  assert.deepEqual(await invoke(browser, "history"), nightsBefore, "opening stored nothing");

  const already = await refusal("add_opened_script", { again: false });
  assert.equal(already.error.kind, "alreadyImported", "the ledger's own game");
  assert.equal(already.error.game, first);

  const broken = join(folder, "broken.json");
  writeFileSync(broken, readFileSync(path, "utf8").replace('"rot": 90', '"rot": 270'));
  const invalid = await refusal("open_script", { title: "t", path: broken });
  assert.equal(invalid.error.kind, "script");
  assert.deepEqual(
    invalid.error.error.at,
    { kind: "move", index: 1, key: null },
    "named where, as castellan score names it (move 1)",
  );
});

test("the history's menu exports through the save dialog, and a script opens into the replay", async () => {
  await click(browser, "#history");
  const menu = await browser.$(`#export-game-${first}`);
  await menu.waitForExist({ timeout: 5000 });
  await (await menu.$("summary")).click();
  const original = await browser.getWindowSize();
  for (const [width, height] of SIZES) {
    await resize(browser, width, height);
    const outside = await browser.execute((selector) => {
      const r = document.querySelector(selector).getBoundingClientRect();
      return r.width === 0 || r.left < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight;
    }, `#export-game-${first} .choices`);
    assert.equal(outside, false, `at ${width}×${height} the menu's choices are in the window`);
    await shot(browser, `history-export-menu-${width}x${height}`);
  }
  await browser.setWindowSize(original.width, original.height);

  // The menu's CSV choice: Rust opens the save dialog; the player types where.
  const saved = join(folder, "from-dialog.csv");
  await (await menu.$('[data-format="csv"]')).click();
  await answerDialog(`Export game ${first}`, saved);
  await textOf(browser, "#exported", `Saved: ${saved}`, 10_000);
  assert.match(readFileSync(saved, "utf8"), /^game,date,place/, "the CSV the dialog was asked for");

  await click(browser, "#open-script");
  await answerDialog("Open a game script", join(folder, "game.json"));
  await (await browser.$("#from-file")).waitForExist({ timeout: 10_000 });
  assert.deepEqual(await shownScores(), await storedScores(first), "the replay's final scores are the history's");
  await shot(browser, "opened-script");
  await click(browser, "#add-to-ledger");
  await textOf(
    browser,
    "[role=alert]",
    new RegExp(`^Already in the ledger as game ${first} of [A-Z][a-z]+ \\d{1,2}, \\d{4} at Club`),
  );
  await (await browser.$("#add-again")).waitForExist({ timeout: 5000 });
  await click(browser, "#back");
});
