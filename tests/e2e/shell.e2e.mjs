// The app around the table, misused: a data folder that cannot be made, damaged settings, a
// chosen ledger that is gone, page script asking for more than the UI uses, and a second start
// of the app. Each test starts the app on a data folder of its own.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, afterEach, test } from "node:test";
import { click, invoke, openAppWith, seatPlayers, shot, textOf } from "./session.mjs";

const APP_FOLDER = "org.castellan.app";
let browser;
const homes = [];
afterEach(async () => {
  await browser?.deleteSession();
  browser = undefined;
});
after(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

/** A fresh XDG_DATA_HOME, and the app's folder inside it (not made). */
function dataHome() {
  const home = mkdtempSync(join(tmpdir(), "castellan-shell-"));
  homes.push(home);
  return { home, folder: join(home, APP_FOLDER) };
}

test("a data folder that cannot be made is said in the window, with the reason", async () => {
  const { home } = dataHome();
  // XDG_DATA_HOME pointing at a file: the app's folder would have to be inside it.
  const file = join(home, "not-a-folder");
  writeFileSync(file, "x");
  browser = await openAppWith({ XDG_DATA_HOME: file });
  const said = await textOf(browser, "#start-failure", /cannot create its data folder/, 10000);
  assert.ok(said.includes(join(file, APP_FOLDER)), `names the folder: ${said}`);
  assert.match(said, /os error 20/, "with the OS's reason");
  assert.match(said, /XDG_DATA_HOME/, "and what to check");
  await shot(browser, "shell-data-folder");
  await click(browser, "#language-nl");
  await textOf(browser, "#start-failure", /kan zijn gegevensmap .* niet maken/);
  await textOf(browser, "#save-failure", /De instellingen konden niet worden bewaard/);
  await shot(browser, "shell-data-folder-nl");
  await click(browser, "#language-en");
  assert.equal(readFileSync(file, "utf8"), "x", "the file is untouched");
});

test("damaged settings are set aside, the default ledger opens and the window says so", async () => {
  const { home, folder } = dataHome();
  mkdirSync(folder);
  const damaged = '{\n  "ledgerPath": "/club/ledger.sqli';
  writeFileSync(join(folder, "settings.json"), damaged);
  browser = await openAppWith({ XDG_DATA_HOME: home });
  const said = await textOf(browser, "#start-notices .notice", /settings file .* could not be read/, 10000);
  const aside = readdirSync(folder).find((name) => name.startsWith("settings.json.damaged-"));
  assert.ok(aside, `the damaged file is kept aside: ${readdirSync(folder)}`);
  assert.ok(said.includes(join(folder, aside)), `the notice names where: ${said}`);
  assert.equal(readFileSync(join(folder, aside), "utf8"), damaged, "byte for byte");
  const info = await invoke(browser, "app_info");
  assert.equal(info.ledgerPath, join(folder, "castellan.sqlite3"), "the default ledger");
  assert.equal(await invoke(browser, "current_game"), null, "and it works");
  await shot(browser, "shell-settings-damaged");
  await click(browser, "#dismiss-notices");
  const notices = await browser.$("#start-notices");
  await notices.waitForExist({ reverse: true, timeout: 3000 });
});

test("a chosen ledger that is gone is named, not made again; the default one opens", async () => {
  const { home, folder } = dataHome();
  mkdirSync(folder);
  const chosen = join(home, "stick", "club.sqlite3");
  writeFileSync(join(folder, "settings.json"), JSON.stringify({ ledgerPath: chosen, language: "de" }));
  browser = await openAppWith({ XDG_DATA_HOME: home });
  const said = await textOf(browser, "#start-notices .notice", /Das gewählte Spieleabend-Buch/, 10000);
  assert.ok(said.includes(chosen), said);
  assert.ok(said.includes(join(folder, "castellan.sqlite3")), said);
  assert.equal((await invoke(browser, "app_info")).ledgerPath, join(folder, "castellan.sqlite3"));
  assert.equal(existsSync(join(home, "stick")), false, "nothing is made where the chosen file was");
  await shot(browser, "shell-ledger-missing");
});

test("the chosen ledger and its unfinished game are there after a new game and a restart", async () => {
  const { home } = dataHome();
  const chosen = join(home, "club.sqlite3");
  browser = await openAppWith({ XDG_DATA_HOME: home });
  await click(browser, "#settings");
  await (await browser.$("#ledger-path")).setValue(chosen);
  await click(browser, "#use-ledger");
  await textOf(browser, "#settings-message", `In use: ${chosen}`);
  await click(browser, "#back");
  await click(browser, "#new-game");
  await seatPlayers(browser, [{ name: "Anna" }, { name: "Bram" }]);
  await click(browser, "#start-game");
  await textOf(browser, "#turn", /^Anna to play/);
  await browser.deleteSession();

  browser = await openAppWith({ XDG_DATA_HOME: home });
  await (await browser.$("#resume")).waitForExist({ timeout: 10000 });
  assert.equal((await invoke(browser, "app_info")).ledgerPath, chosen, "the chosen ledger is open again");
  const settings = JSON.parse(readFileSync(join(home, APP_FOLDER, "settings.json"), "utf8"));
  assert.deepEqual(
    settings.lastSeats.map((s) => s.name),
    ["Anna", "Bram"],
    "the new game saved its seats",
  );
  assert.equal(settings.ledgerPath, chosen);
});

test("page script gets only our own commands: no store, no files, no core extras", async () => {
  const { home, folder } = dataHome();
  browser = await openAppWith({ XDG_DATA_HOME: home });
  await textOf(browser, "#title", "Castellan", 10000);
  const outside = join(home, "outside.json");
  await assert.rejects(
    invoke(browser, "plugin:store|load", { path: outside, options: { defaults: {} } }),
    "the store plugin cannot be reached",
  );
  await assert.rejects(invoke(browser, "plugin:app|version"), "nor the core's app commands");
  await assert.rejects(invoke(browser, "plugin:path|resolve_directory", { directory: 14 }), "nor the path commands");
  await assert.rejects(
    invoke(browser, "save_setting", { key: "../../outside", value: {} }),
    "only the settings the UI has can be saved",
  );
  assert.equal(existsSync(outside), false);
  await invoke(browser, "save_setting", { key: "scale", value: 125 });
  assert.equal(JSON.parse(readFileSync(join(folder, "settings.json"), "utf8")).scale, 125, "our commands work");
});

/** Starts a private D-Bus session bus; resolves to its address and a way to stop it. */
async function sessionBus(dir) {
  const daemon = spawn(
    "dbus-daemon",
    ["--session", "--nofork", "--print-address=1", `--address=unix:path=${join(dir, "bus")}`],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const address = await new Promise((resolve, reject) => {
    daemon.stdout.once("data", (data) => resolve(String(data).trim()));
    daemon.once("error", reject);
  });
  return { address, stop: () => daemon.kill() };
}

test("a second start brings the open window forward and exits, leaving one table", async () => {
  const { home } = dataHome();
  const bus = await sessionBus(home);
  try {
    const env = { XDG_DATA_HOME: home, DBUS_SESSION_BUS_ADDRESS: bus.address };
    browser = await openAppWith(env);
    await textOf(browser, "#title", "Castellan", 10000);
    await invoke(browser, "start_game", {
      request: {
        seats: [
          { name: "Anna", color: "green" },
          { name: "Bram", color: "red" },
        ],
        boxes: [],
        rules: "current",
        place: null,
      },
    });

    const second = spawn(process.env.APP, [], { env: { ...process.env, ...env }, stdio: "ignore" });
    const code = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve("still running"), 20000);
      second.once("exit", (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    if (code === "still running") second.kill();
    // Without the hand-over the second app opens a window of its own and keeps running. (That
    // the first window comes to the front cannot be seen here: Xvfb has no window manager.)
    assert.equal(code, 0, "the second start hands over and exits");
    const game = await invoke(browser, "current_game");
    assert.deepEqual(
      game.players.map((p) => p.name),
      ["Anna", "Bram"],
      "the first window plays on",
    );
    await shot(browser, "shell-second-start");
  } finally {
    bus.stop();
  }
});

test("without a session bus a second start still opens instead of failing", async () => {
  // Some versions of the plugin panicked on a bus address they could not use; the app must
  // then start as if it were the only one (the ledger's own lock guards the file).
  const { home } = dataHome();
  const env = { XDG_DATA_HOME: home, DBUS_SESSION_BUS_ADDRESS: "disabled:" };
  browser = await openAppWith(env);
  await textOf(browser, "#title", "Castellan", 10000);
  let stderr = "";
  const second = spawn(process.env.APP, [], { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  second.stderr.on("data", (data) => (stderr += data));
  const ended = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 5000);
    second.once("exit", (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode });
    });
  });
  second.kill();
  assert.equal(ended, null, `the second app is still running after 5 s: ${stderr}`);
  assert.doesNotMatch(stderr, /panicked/);
});
