// The abbot at the table, through the real window: a game with the River and the abbot set up
// on the new-game screen, the river laid first, Anna's abbot put on a building by choosing it
// among her figures, taken back in a later turn of hers (scored at once, said so in the feed,
// and undone and redone across), a follower of Bram's, and the end of the game. The final
// scores on screen must be those `castellan score` gives for the game's exported script.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import {
  assertScoreboard,
  click,
  confirmTurn,
  findPlacement,
  invoke,
  layTiles,
  putTile,
  seatPlayers,
  shot,
  textOf,
} from "./session.mjs";
import { openAppForReference, referenceScore } from "./reference.mjs";

let browser, folder;
before(async () => {
  ({ browser, folder } = await openAppForReference("abbot"));
});
after(async () => {
  await browser?.deleteSession();
});

const isRiver = (tile) => /^R1-/.test(tile);
const view = () => invoke(browser, "current_game");

const abbotsOnBoard = async () => (await browser.$$('.follower[data-shape="abbot"]')).length;

test("an abbot game with the River, entered through the window, scores as the command line does", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  await click(browser, 'input[value="river"]');
  await click(browser, 'input[value="abbot"]');
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna/);

  // The river first, as the engine has it drawn.
  let game = await view();
  assert.deepEqual(
    game.players.map((p) => p.figures),
    [
      [
        { figure: "follower", count: 7 },
        { figure: "abbot", count: 1 },
      ],
      [
        { figure: "follower", count: 7 },
        { figure: "abbot", count: 1 },
      ],
    ],
    "each player has seven followers and the abbot",
  );
  while (game.bag.some((b) => isRiver(b.tile) && b.count > 0))
    game = await layTiles(browser, game, game.tiles.length + 1);
  if (game.current !== 0) game = await layTiles(browser, game, game.tiles.length + 1);
  assert.equal(game.current, 0, "Anna's turn");

  // Anna: a tile with a building, her abbot chosen among her figures and put on it.
  const abbotPlace = (o) => o.followers.some((f) => f.figure === "abbot");
  const { tile, option } = await findPlacement(browser, game, abbotPlace);
  const building = option.followers.find((f) => f.figure === "abbot").place;
  await putTile(browser, tile, option);
  await (await browser.$("#figure-choice")).waitForExist({ timeout: 5000 });
  // A follower first: the abbot's place is not lit as a follower's shape.
  assert.equal(await (await browser.$('[data-place][data-shape="abbot"]')).isExisting(), false);
  await click(browser, "#figure-abbot");
  const spot = await browser.$(`[data-place="${building}"][data-shape="abbot"]`);
  await spot.waitForExist({ timeout: 5000, timeoutMsg: "the abbot's place is lit in its own shape" });
  assert.equal((await browser.$$("[data-place]")).length, 1, "only the abbot's places are lit");
  await spot.click();
  await shot(browser, "abbot-figure-choice");
  await confirmTurn(browser);
  game = await view();
  assert.deepEqual(game.players[0].figures[1], { figure: "abbot", count: 0 }, "Anna's abbot is out");
  assert.equal(await abbotsOnBoard(), 1, "drawn in its own shape");
  await (
    await browser.$('.scoreboard [data-seat="0"] [data-figure="abbot"][data-in-hand="0"]')
  ).waitForExist({
    timeout: 5000,
  });
  await shot(browser, "abbot-on-board");

  // Bram: a tile with no figure.
  game = await layTiles(browser, game, game.tiles.length + 1);

  // Anna: a tile, and her abbot taken back instead of a figure: scored at once.
  const recall = await findPlacement(browser, game, (o) => o.mayRecall);
  await putTile(browser, recall.tile, recall.option);
  await click(browser, "#recall-abbot");
  assert.equal(await (await browser.$("#recall-abbot")).getAttribute("aria-pressed"), "true");
  const scoreBefore = game.players[0].score;
  await confirmTurn(browser);
  const recalled = await view();
  const paid = recalled.feed[0];
  assert.equal(paid.rule, "A-08", "the newest score is the recall");
  assert.deepEqual(paid.winners, [0]);
  assert.equal(paid.points, 1 + paid.neighbours, "its building as it stands: 1 plus its neighbours");
  assert.equal(recalled.players[0].score, scoreBefore + paid.points);
  assert.deepEqual(recalled.players[0].figures[1], { figure: "abbot", count: 1 }, "the abbot is home");
  assert.equal(await abbotsOnBoard(), 0);
  await textOf(
    browser,
    "#feed li:first-child .feed-item",
    new RegExp(`^Anna ${paid.points}: .*\\(abbot taken back\\)$`),
  );

  // The turn log says which figure went where, and the recall.
  await click(browser, "#turns summary");
  await textOf(browser, "#turns li:nth-child(1)", /· abbot taken back/);
  await textOf(browser, "#turns li:nth-child(3)", /· abbot → /);
  await click(browser, "#turns summary");

  // Undo and redo across the recall.
  await click(browser, "#undo");
  await browser.waitUntil(async () => (await abbotsOnBoard()) === 1, { timeout: 5000, timeoutMsg: "undo" });
  assert.equal((await view()).players[0].score, scoreBefore, "the recall's points taken back with it");
  await click(browser, "#redo");
  await browser.waitUntil(async () => (await abbotsOnBoard()) === 0, { timeout: 5000, timeoutMsg: "redo" });
  assert.equal((await view()).players[0].score, recalled.players[0].score);

  // Bram: a follower on his tile, as ever.
  game = await view();
  const placed = await findPlacement(browser, game, (o) => o.followers.some((f) => f.figure === "follower"));
  await putTile(browser, placed.tile, placed.option);
  const followerAt = placed.option.followers.find((f) => f.figure === "follower").place;
  await click(browser, `[data-place="${followerAt}"]`);
  await confirmTurn(browser);
  game = await view();
  assert.equal(game.players[1].figures[0].count, 6, "Bram's follower is on the board");

  // The end, with tiles still in the bag.
  await click(browser, "#finish");
  await click(browser, "#end-now");
  await (await browser.$("#final-count")).waitForExist({ timeout: 5000 });
  await click(browser, "#final-skip");
  await (await browser.$("#ranking")).waitForExist({ timeout: 5000 });
  await shot(browser, "abbot-end");

  const finished = await view();
  const script = join(folder, "abbot.json");
  await invoke(browser, "export_game", { gameId: finished.gameId, format: "script", title: "t", path: script });
  const doc = JSON.parse(readFileSync(script, "utf8"));
  assert.ok(JSON.stringify(doc.moves).includes("abbot"), "the script holds the abbot's moves");
  const expected = referenceScore(script);
  await assertScoreboard(browser, finished.players, expected);
});

test("on a finished table the abbot is entered where it stands, in its own shape", async () => {
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "green" },
    { name: "Bram", color: "red" },
  ]);
  await click(browser, 'input[value="abbot"]');
  await click(browser, "#final-board");
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^A finished table/);
  // A cloister below the start tile: on a finished table a click on its square lays it.
  await click(browser, '#tile-choices [data-tile="B"]');
  await click(browser, '[data-cell="0,1"]');
  await (await browser.$('#fits-here[data-laid-tile="B"]')).waitForExist({ timeout: 5000 });

  await click(browser, '[data-stand-seat="1"]');
  await click(browser, '[data-stand-figure="abbot"]');
  await (await browser.$('[data-tile-at="0,1"]')).moveTo();
  const spot = await browser.$('[data-stand="C"][data-shape="abbot"]');
  await spot.waitForExist({ timeout: 5000, timeoutMsg: "the cloister is offered to Bram's abbot" });
  assert.equal((await browser.$$("[data-stand]")).length, 1, "only the abbot's place on the cloister tile");
  await spot.click();
  await browser.waitUntil(async () => (await abbotsOnBoard()) === 1, { timeout: 5000, timeoutMsg: "stood" });
  const game = await view();
  assert.deepEqual(
    game.followers.map((f) => [f.seat, f.figure, f.place]),
    [[1, "abbot", "C"]],
  );
  assert.equal(await (await browser.$('[data-stand-figure="abbot"]')).isEnabled(), false, "Bram's abbot is out");
  assert.equal(
    await (await browser.$('[data-stand-figure="follower"]')).getAttribute("aria-checked"),
    "true",
    "his followers are next",
  );
  await shot(browser, "abbot-final-board");
});
