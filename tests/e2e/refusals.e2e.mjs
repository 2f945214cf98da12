// The engine's refusals in the real window, in the player's language: a setup refused in
// German, and in Dutch a correction of turn 1 that would leave turn 2 touching nothing, with
// the tile, the square (counted from the start tile, as the board has no coordinates) and the
// rule it breaks, whose one-line explanation opens beside it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { chooseTile, click, openApp, seatPlayers, shot, textOf } from "./session.mjs";

let browser;
before(async () => {
  browser = await openApp();
});
after(async () => {
  if (!browser) return;
  // The suites share the app's settings: leave it speaking English.
  const menu = await browser.$("#menu");
  if (await menu.isExisting()) await menu.click();
  const english = await browser.$("#language-en");
  if (await english.isExisting()) await english.click();
  await browser.deleteSession();
});

/** Lays `tile` on the square `cell` ("x,y") as the UI first offers it, without a follower. */
async function lay(tile, cell) {
  await chooseTile(browser, tile);
  await click(browser, `[data-cell="${cell}"]`);
  await click(browser, "#confirm");
}

test("a setup the engine refuses is said in German", async () => {
  await click(browser, "#language-de");
  await click(browser, "#new-game");
  await seatPlayers(browser, [
    { name: "Anna", color: "blue" },
    { name: "Bram", color: "blue" },
  ]);
  await click(browser, "#start-game");
  const refusal = await textOf(browser, "#setup-actions .error", /zwei/);
  assert.equal(refusal, "Dieses Spiel kann nicht beginnen: zwei Spieler spielen blau.");
  await shot(browser, "refusal-setup-de");
});

test("a correction that leaves a later turn touching nothing is refused in Dutch, with its rule", async () => {
  await (await browser.$("#color-1")).selectByAttribute("value", "red");
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna ist am Zug/);
  await click(browser, "#menu");
  await click(browser, "#language-nl");
  await click(browser, "#resume");
  await textOf(browser, "#turn", /^Anna is aan de beurt/);

  // Anna's straight road continues the start tile's road east; Bram's continues hers.
  await lay("U", "1,0");
  await textOf(browser, "#turn", /^Bram/);
  await lay("U", "2,0");
  await textOf(browser, "#turn", /^Anna/);

  // Anna's tile moved to the west: Bram's at 2,0 would touch no tile.
  await click(browser, "#turns summary");
  await click(browser, '[data-correct="0"]');
  await lay("U", "-1,0");
  const refusal = await textOf(browser, "#message", /beurt 2/);
  assert.match(
    refusal,
    /^Niet veranderd: beurt 2 zou niet meer passen \(tegel U op 2 naar het oosten van de starttegel, gedraaid \d+° raakt geen tegel langs een hele rand\)\./,
  );
  assert.doesNotMatch(refusal, /touches|tile U at/, "no English left in it");
  assert.doesNotMatch(
    refusal,
    /\d+,\d+/,
    "the square is named from the start tile, as the board shows it, not by coordinates",
  );
  await click(browser, '#message [data-rule-id="B-04"]');
  const note = await textOf(browser, '#message [data-rule-note="B-04"]', /tegel/);
  assert.equal(note, "Een nieuwe tegel raakt de gelegde tegels langs minstens één hele rand.");
  await shot(browser, "refusal-correction-nl");
  await click(browser, "#stop-correcting");
});
