// Figures of the real app, printed as `metric name=value` lines (not asserted: timings on a
// shared machine vary): cold start to an interactive window, idle memory of the app and its
// web processes, and the median time from confirming a turn to the repainted board on a
// board of 100 tiles. Beside them, the floor the platform sets on the same machine: the memory
// of a bare WebKitGTK window, a command that does nothing, a frame that changes one word.
import assert from "node:assert/strict";
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { after, test } from "node:test";
import { click, invoke, openApp, shot } from "./session.mjs";

let browser;
after(async () => {
  await browser?.deleteSession();
});

/**
 * Memory of a process and everything it started (for the app: WebKit's web and network
 * processes), in MB, three ways: resident (RSS, summed, so the WebKit and GL libraries mapped
 * by all three count three times), proportional (PSS: a page shared by n processes counts 1/n
 * in each) and unique (USS: the pages no other process maps, what closing the app gives back).
 * `isRoot` picks the first process from `ps`'s rows.
 */
function memoryMb(isRoot) {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,comm="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/))
    .map(([pid, ppid, ...comm]) => ({ pid, ppid, comm: comm.join(" ") }));
  const roots = rows.filter(isRoot);
  assert.ok(roots.length > 0, "the process is running");
  const tree = new Set(roots.map((r) => r.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (tree.has(r.ppid) && !tree.has(r.pid)) (tree.add(r.pid), (grew = true));
  }
  const total = { rss: 0, pss: 0, uss: 0 };
  for (const r of rows.filter((r) => tree.has(r.pid))) {
    const kb = Object.fromEntries(
      [...readFileSync(`/proc/${r.pid}/smaps_rollup`, "utf8").matchAll(/^(\w+):\s+(\d+) kB/gm)].map(([, k, v]) => [k, Number(v)]),
    );
    const mine = { rss: kb.Rss / 1024, pss: kb.Pss / 1024, uss: (kb.Private_Clean + kb.Private_Dirty) / 1024 };
    console.log(`memory ${r.comm} rss=${mine.rss.toFixed(1)} pss=${mine.pss.toFixed(1)} uss=${mine.uss.toFixed(1)}`);
    for (const k of Object.keys(total)) total[k] += mine[k];
  }
  return total;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The memory of a bare WebKitGTK window (tests/e2e/blank-webview.py: an empty page, painted
 * the way the app paints), measured like the app's after the same two idle seconds.
 */
async function blankWebViewMemoryMb() {
  const blank = spawn("/usr/bin/python3", ["tests/e2e/blank-webview.py"], {
    env: { ...process.env, WEBKIT_DISABLE_DMABUF_RENDERER: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const [line] = await Promise.race([
      once(blank.stdout, "data"),
      once(blank, "exit").then(([code]) => assert.fail(`the blank WebKitGTK window exited (${code}): are python3-gi and gir1.2-webkit2-4.1 installed?`)),
    ]);
    assert.equal(String(line).trim(), "ready");
    await new Promise((r) => setTimeout(r, 2000));
    return memoryMb((r) => r.pid === String(blank.pid));
  } finally {
    blank.kill();
  }
}

test("cold start, idle memory and turn time on a 100-tile board", async () => {
  const launched = performance.now();
  browser = await openApp();
  await (await browser.$("#title")).waitForExist({ timeout: 10000 });
  console.log(`metric cold_start_ms=${(performance.now() - launched).toFixed(0)}`);

  await new Promise((r) => setTimeout(r, 2000));
  const memory = memoryMb((r) => r.comm.startsWith("castellan-app"));
  for (const [kind, mb] of Object.entries(memory)) console.log(`metric idle_${kind}_mb=${mb.toFixed(1)}`);

  // Lay 95 tiles quickly through the app's own commands: the first tile in the bag that
  // fits somewhere (river tiles first, as the engine insists), at its first legal spot.
  let view = await invoke(browser, "start_game", {
    request: {
      seats: [
        { name: "Anna", color: "green" },
        { name: "Bram", color: "red" },
        { name: "Cor", color: "yellow" },
      ],
      boxes: ["winter", "king-robber", "shrines", "river2"],
      rules: "current",
      place: null,
    },
  });
  while (view.tiles.length < 95) {
    let placed = false;
    for (const { tile } of view.bag) {
      const options = await invoke(browser, "placement_options_for", { tile });
      if (options.length === 0) continue;
      const [o] = options;
      try {
        // A follower on every third tile that offers a place, as players do.
        const follower = view.tiles.length % 3 === 0 ? (o.followers[0]?.place ?? null) : null;
        view = await invoke(browser, "play", { request: { kind: "place", tile, x: o.x, y: o.y, rotation: o.rotation, follower } });
        placed = true;
        break;
      } catch (refusal) {
        assert.equal(refusal.kind, "refused", JSON.stringify(refusal));
      }
    }
    assert.ok(placed, "some tile fits");
  }

  assert.ok(view.followers.length > 0, "followers stand on the board");
  const ipc = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await invoke(browser, "current_game");
    ipc.push(performance.now() - t0);
  }
  console.log(`metric view_round_trip_ms_median=${median(ipc).toFixed(1)}`);

  // The table screen takes the game up; nine turns entered by clicking, each timed, from
  // confirming to the painted frame and in its parts: the command (engine, ledger, view),
  // the page's update, and style, layout and paint.
  await browser.refresh();
  await click(browser, "#resume");
  const times = [];
  const phases = { ipc: [], update: [], paint: [] };
  for (let turn = 0; turn < 9; turn++) {
    const before = await browser.execute(() => document.documentElement.dataset.turnsTimed ?? "");
    const picks = await browser.$$(".pick");
    let chosen = false;
    for (const pick of picks) {
      await pick.click();
      const legal = await browser.$$(".legal");
      if (legal.length > 0) {
        await legal[0].click();
        chosen = true;
        break;
      }
    }
    assert.ok(chosen, "a tile with a legal square");
    const spots = await browser.$$(".spot");
    if (spots.length > 0) await spots[0].click();
    await click(browser, "#confirm");
    await browser.waitUntil(async () => (await browser.execute(() => document.documentElement.dataset.turnsTimed ?? "")) !== before, {
      timeout: 5000,
    });
    const { turnMs, turnPhases } = await browser.execute(() => document.documentElement.dataset);
    times.push(Number(turnMs));
    for (const [phase, ms] of Object.entries(JSON.parse(turnPhases))) phases[phase].push(ms);
  }
  const tiles = await browser.$$(".board use.tile:not(.ghost)");
  assert.ok(tiles.length >= 100, `a board of 100 tiles (${tiles.length})`);
  console.log(`metric turn_ms_median=${median(times).toFixed(1)}`);
  for (const [phase, ms] of Object.entries(phases)) console.log(`metric turn_${phase}_ms_median=${median(ms).toFixed(1)}`);
  await shot(browser, "board-100");

  // The floor under a turn on this machine, timed in the page the way a turn is: a command
  // that does nothing but answer, and a frame whose only change is one word.
  const floors = await browser.executeAsync(async (done) => {
    const settle = () => new Promise((r) => setTimeout(r, 40));
    const ipc = [];
    const frame = [];
    const word = document.createElement("span");
    document.querySelector("#turn").append(word);
    for (let i = 0; i < 15; i++) {
      await settle();
      const t0 = performance.now();
      await window.__TAURI_INTERNALS__.invoke("app_info");
      ipc.push(performance.now() - t0);
      await settle();
      const t1 = performance.now();
      word.textContent = ` ${i}`;
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
      frame.push(performance.now() - t1);
    }
    word.remove();
    done({ ipc, frame });
  });
  console.log(`metric ipc_floor_ms_median=${median(floors.ipc).toFixed(1)}`);
  console.log(`metric frame_floor_ms_median=${median(floors.frame).toFixed(1)}`);

  // With the app closed, so that the libraries it shares with the bare window count for the
  // bare window alone.
  await browser.deleteSession();
  browser = undefined;
  // Only this run's app: its data folder is this run's own (run.sh makes one per run), and
  // another run on the machine may have its own app open meanwhile.
  const ours = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").includes(`XDG_DATA_HOME=${process.env.XDG_DATA_HOME}`);
    } catch {
      return false; // gone meanwhile, or not ours to read
    }
  };
  const running = () =>
    execFileSync("ps", ["-eo", "pid=,comm="], { encoding: "utf8" })
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .some(([pid, comm]) => comm === "castellan-app" && ours(pid));
  for (let i = 0; i < 50 && running(); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(!running(), "the app has closed");
  const floor = await blankWebViewMemoryMb();
  for (const [kind, mb] of Object.entries(floor)) console.log(`metric webkit_blank_${kind}_mb=${mb.toFixed(1)}`);
});
