// A game entered in the real app survives closing it: every move is in the ledger file the
// moment the command returns, and the next start takes the game up where it stood.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { invoke, openApp } from "./session.mjs";

let browser;
after(async () => {
  await browser?.deleteSession();
});

test("moves entered are still there after the app is closed and started again", async () => {
  browser = await openApp();
  const started = await invoke(browser, "start_game", {
    request: {
      seats: [
        { name: "Anna", color: "green" },
        { name: "Bram", color: "red" },
      ],
      boxes: [],
      rules: "current",
      place: "Utrecht",
    },
  });
  assert.equal(started.tilesLeft, 71);
  await invoke(browser, "play", { request: { kind: "place", tile: "E", x: 0, y: -1, rotation: 180, follower: "S" } });
  const second = await invoke(browser, "play", {
    request: { kind: "place", tile: "U", x: 1, y: 0, rotation: 0, follower: "E" },
  });
  assert.equal(second.players[0].score, 4, "Anna closed the start tile's city");
  await assert.rejects(
    invoke(browser, "play", { request: { kind: "place", tile: "U", x: 1, y: 0, rotation: 0, follower: null } }),
    (error) =>
      error.error?.kind === "move" &&
      error.error.error.kind === "placement" &&
      error.error.error.error.kind === "cellOccupied",
    "a move onto a tile is refused with the reason",
  );
  await browser.deleteSession();

  browser = await openApp();
  const resumed = await invoke(browser, "current_game");
  assert.ok(resumed, "the unfinished game is taken up");
  assert.equal(resumed.cursor, 2, "both moves, and not the refused one");
  assert.deepEqual(
    resumed.players.map((p) => [p.name, p.score, p.supply]),
    [
      ["Anna", 4, 7],
      ["Bram", 0, 6],
    ],
  );
  assert.deepEqual(resumed.tiles.at(-1), { tile: "U", x: 1, y: 0, rotation: 0 });
  assert.equal(resumed.players[1].ifEndedNow, 2, "Bram's open road counts 2 if the game ended now");
});
