// Shared steps for games with several Big Box boxes at once: the engine asked which placement
// puts a wanted question to the table, and the tell panel answered through the window.
import assert from "node:assert/strict";
import { click, invoke, placeFollower, putTile } from "./session.mjs";

/** A command called as `invoke` does, a refusal thrown as an error naming the command and its
 * arguments, so a failing search says which placement was refused. */
export async function call(browser, cmd, args = {}) {
  try {
    return await invoke(browser, cmd, args);
  } catch (refusal) {
    if (refusal instanceof Error) throw refusal;
    throw new Error(`${cmd} ${JSON.stringify(args)} was refused: ${JSON.stringify(refusal)}`);
  }
}

/** The game on the table. */
export const view = (browser) => invoke(browser, "current_game");

/** A placement request as the screen sends it, with the answers `told` so far. */
export const placeRequest = (tile, { x, y, rotation }, told = {}, follower = null) => ({
  kind: "place",
  tile,
  x,
  y,
  rotation,
  follower,
  told,
});

/** What the table would be asked for laying `tile` so, with the answers `told` so far. */
export const questionsFor = (browser, tile, option, told = {}) =>
  call(browser, "tell_questions_for", { request: placeRequest(tile, option, told), before: null });

/** The boxes that ask something of a placement, sorted: `["ferries", "magic"]`. */
export const askingBoxes = (questions) =>
  Object.entries(questions)
    .filter(([, q]) => q)
    .map(([box]) => box)
    .sort();

/**
 * The first tile in the bag that `tiles` accepts, with a placement `where` accepts whose
 * questions only the boxes `boxes` ask and which `wanted(questions, option, tile)` accepts (it
 * may return a value of its own, handed back as `found`), tried in the bag's and the engine's
 * order; null when there is none.
 */
export async function findAsked(browser, boxes, wanted, { tiles = () => true, where = () => true } = {}) {
  const game = await view(browser);
  for (const { tile, count } of game.bag) {
    if (count === 0 || !tiles(tile)) continue;
    for (const option of await call(browser, "placement_options_for", { tile })) {
      if (!where(option)) continue;
      const questions = await questionsFor(browser, tile, option);
      if (askingBoxes(questions).join() !== [...boxes].sort().join()) continue;
      const found = await wanted(questions, option, tile);
      if (found) return { tile, option, questions, found };
    }
  }
  return null;
}

/** Whether the cell at `x`, `y` touches one of `tiles` (`[x, y]` pairs) across an edge. */
export const touches = ({ x, y }, tiles) => tiles.some(([tx, ty]) => Math.abs(tx - x) + Math.abs(ty - y) === 1);

/** The figure place of `role` the placement offers to a follower, if any. */
export const offered = (option, role) =>
  option.followers.find((f) => f.figure === "follower" && f.role === role)?.place ?? null;

/** Through the window: `tile` put as `option` says, with a follower on `follower` if given,
 * and confirmed; the tell panel is not answered here. */
export async function layInWindow(browser, tile, option, follower = null) {
  await putTile(browser, tile, option);
  if (follower) await placeFollower(browser, follower);
  await click(browser, "#confirm");
}

/** Lays a tile that asks nothing and waits until the table has it. */
export async function layPlain(browser, tile, option, follower = null) {
  const before = (await view(browser)).cursor;
  await layInWindow(browser, tile, option, follower);
  await entered(browser, before);
}

/** Waits until the table has entered one more move than `before`. */
export async function entered(browser, before) {
  await browser.waitUntil(async () => (await view(browser)).cursor === before + 1, {
    timeout: 5000,
    timeoutMsg: "the move was never entered",
  });
}

/** Waits for the tell panel asking exactly the boxes `boxes`. */
export async function panelAsks(browser, boxes) {
  const panel = await browser.$("#tell-panel");
  await panel.waitForExist({ timeout: 5000, timeoutMsg: `the tell panel opens for ${boxes}` });
  assert.equal(await panel.getAttribute("data-questions"), boxes.join(" "), "the boxes asked");
}

/** Enters the move the tell panel holds, once every question is answered, and waits until the
 * table has it. */
export async function enterTold(browser) {
  const before = (await view(browser)).cursor;
  const confirm = await browser.$("#tell-confirm");
  await confirm.waitForEnabled({ timeout: 5000, timeoutMsg: "every question answered" });
  await confirm.click();
  await entered(browser, before);
}

/** Waits for the element, failing with `why`, and clicks it. */
export async function clickShown(browser, selector, why) {
  const element = await browser.$(selector);
  await element.waitForExist({ timeout: 5000, timeoutMsg: why });
  await element.click();
}

/** Switches the app's language from the menu and goes back to the table (or its count). */
export async function speak(browser, language) {
  await click(browser, "#menu");
  await click(browser, `#language-${language}`);
  const resume = await browser.$("#resume");
  await click(browser, (await resume.isExisting()) ? "#resume" : "#back-to-count");
}
