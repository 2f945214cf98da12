// A game night saved as one picture from the history screen, in the real app.
//
// The app is started with CASTELLAN_GIVEN_PATHS naming a temporary folder, so the command
// takes a path inside it from the test; the last test clicks the history's button and answers
// the real GTK save dialog with xdotool, as a player would.
import assert from "node:assert/strict";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { answerDialog, click, invoke, openAppWith, shot, textOf } from "./session.mjs";

const folder = mkdtempSync(join(tmpdir(), "castellan-picture-"));

let browser;
before(async () => {
  browser = await openAppWith({ CASTELLAN_GIVEN_PATHS: folder });
});
after(async () => {
  await browser?.deleteSession();
});

/** A two-tile game of Anna and Bram at the club; `first` closes the city (4) and wins. */
async function playGame(first, second) {
  const seats = [
    { name: first, color: "green" },
    { name: second, color: "red" },
  ];
  await invoke(browser, "start_game", { request: { seats, boxes: [], rules: "current", place: "Club" } });
  await invoke(browser, "play", { request: { kind: "place", tile: "E", x: 0, y: -1, rotation: 180, follower: "S" } });
  await invoke(browser, "play", { request: { kind: "place", tile: "V", x: 1, y: 0, rotation: 90, follower: "W" } });
  return invoke(browser, "finish_game", { finalMoves: [] });
}

/** A PNG's width and height, from its header. */
function pngSize(path) {
  const bytes = readFileSync(path);
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${path} is a PNG`);
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Calls a command and returns its error, which it must send. */
async function refusal(cmd, args) {
  try {
    await invoke(browser, cmd, args);
  } catch (error) {
    return error;
  }
  assert.fail(`${cmd} was not refused`);
}

let night;

test("a night of three games is saved as one PNG in each language", async () => {
  await playGame("Anna", "Bram");
  await playGame("Bram", "Anna");
  await playGame("Anna", "Cas");
  [night] = await invoke(browser, "history");
  assert.equal(night.games.length, 3);
  const sizes = [];
  for (const language of ["en", "nl", "de"]) {
    const path = join(folder, `night-${language}.png`);
    const saved = await invoke(browser, "save_night_picture", {
      nightId: night.nightId,
      language,
      title: "unused",
      path,
    });
    assert.deepEqual(saved.paths, [path]);
    sizes.push(pngSize(path));
    // Kept beside the screenshots, to be looked at.
    copyFileSync(path, join("target", "e2e", `night-picture-${language}.png`));
  }
  assert.equal(sizes[0][0], 1080, "a phone-sized width");
  assert.ok(sizes[0][1] > 900, `three games make a tall picture: ${sizes[0][1]}`);
  assert.deepEqual(sizes[1], sizes[0], "the same layout in Dutch");
});

test("a night that is not there, or a file already there, writes nothing", async () => {
  const missing = join(folder, "missing.png");
  const error = await refusal("save_night_picture", { nightId: 999, language: "en", title: "t", path: missing });
  assert.equal(error.error?.kind, "ledger", JSON.stringify(error));
  assert.equal(existsSync(missing), false, "no file for a night that is not there");

  const taken = join(folder, "taken.png");
  writeFileSync(taken, "last week's");
  const clash = await refusal("save_night_picture", {
    nightId: night.nightId,
    language: "en",
    title: "t",
    path: taken,
  });
  assert.deepEqual([clash.kind, clash.error.kind], ["table", "fileExists"]);
  assert.equal(readFileSync(taken, "utf8"), "last week's", "not replaced without the dialog's question");
  assert.deepEqual(
    readdirSync(folder).filter((name) => name.endsWith(".part")),
    [],
    "no half-written file is left",
  );
});

test("the history's button saves the night's picture through the save dialog", async () => {
  await click(browser, "#history");
  const button = await browser.$(`#picture-${night.nightId}`);
  await button.waitForExist({ timeout: 5000 });
  assert.equal(await button.getText(), "Save as a picture…");
  await shot(browser, "history-picture-button");
  const saved = join(folder, "from-dialog.png");
  await button.click();
  await answerDialog("Save the night of .* as a picture", saved);
  await textOf(browser, "#exported", `Saved: ${saved}`, 10_000);
  assert.deepEqual(pngSize(saved), pngSize(join(folder, "night-en.png")), "the picture the app speaks English in");
  await click(browser, "#back");
});

test("one game's button saves that game alone, and a voided game has none", async () => {
  const [first, second] = [...night.games].reverse();
  const path = join(folder, "game-nl.png");
  const saved = await invoke(browser, "save_game_picture", { gameId: second.gameId, language: "nl", title: "t", path });
  assert.deepEqual(saved.paths, [path]);
  const [width, height] = pngSize(path);
  assert.equal(width, 1080);
  assert.ok(height < pngSize(join(folder, "night-nl.png"))[1], "one game is a shorter picture than the night");
  copyFileSync(path, join("target", "e2e", "game-picture-nl.png"));

  await invoke(browser, "void_game", { gameId: first.gameId });
  const missing = join(folder, "voided.png");
  const error = await refusal("save_game_picture", { gameId: first.gameId, language: "en", title: "t", path: missing });
  assert.equal(error.error?.kind, "notExportable", JSON.stringify(error));
  assert.equal(existsSync(missing), false, "no file for a voided game");

  await click(browser, "#history");
  const button = await browser.$(`#game-picture-${second.gameId}`);
  await button.waitForExist({ timeout: 5000 });
  assert.equal(await button.getText(), "Picture…");
  assert.equal(await (await browser.$(`#game-picture-${first.gameId}`)).isExisting(), false, "none for a voided game");
  await shot(browser, "history-game-picture-button");
  const fromDialog = join(folder, "game-from-dialog.png");
  await button.click();
  await answerDialog("Save the game of .* at .* as a picture", fromDialog);
  await textOf(browser, "#exported", `Saved: ${fromDialog}`, 10_000);
  assert.equal(pngSize(fromDialog)[0], 1080);
  await click(browser, "#back");
});
