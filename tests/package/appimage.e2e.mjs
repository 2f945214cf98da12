// The AppImage started as a player starts it, run by tests/package/appimage.sh: its start
// screen, and which libraries its processes really map, from /proc/<pid>/maps.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { test } from "node:test";
import { openAppWith, shot, textOf } from "../e2e/session.mjs";

const version = process.env.CASTELLAN_VERSION;
// A cache folder of this file's own: the first start must unpack, the second find the copy.
const cache = mkdtempSync(join(tmpdir(), "castellan-appimage-cache-"));
const copies = join(cache, "castellan", "appimage");

/** The host's libraries as src-tauri/appimage/host-libraries names them (shell patterns). */
const hostPatterns = readFileSync("src-tauri/appimage/host-libraries", "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .map((pattern) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replaceAll("*", ".*")}$`));
const hostBound = (name) => hostPatterns.some((pattern) => pattern.test(name));

/** The processes running from an unpacked copy: pid and program path. */
function copyProcesses() {
  const found = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const exe = readlinkSync(`/proc/${pid}/exe`);
      if (exe.startsWith(copies + "/")) found.push({ pid, exe });
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

/** The shared objects a process maps. */
function mapped(pid) {
  const paths = readFileSync(`/proc/${pid}/maps`, "utf8")
    .split("\n")
    .map((line) => line.split(/\s+/).slice(5).join(" "))
    .filter((path) => /\.so(\.|$)/.test(path));
  return [...new Set(paths)];
}

/** A library's soname (its file name when it has none) and the sonames it needs. */
function dynamic(path) {
  const text = execFileSync("objdump", ["-p", path], { encoding: "utf8" });
  const soname = /^\s*SONAME\s+(\S+)/m.exec(text)?.[1] ?? basename(path);
  const needed = [...text.matchAll(/^\s*NEEDED\s+(\S+)/gm)].map((match) => match[1]);
  return { soname, needed };
}

/**
 * Checks that every library a process maps from outside the AppDir is the host's by
 * src-tauri/appimage/host-libraries, or was loaded for another of the host's libraries (the GL
 * driver's own, say), never for one of ours: that would be a library the AppImage lacks.
 */
function checkHostLibraries(pid, copy) {
  const outside = mapped(pid)
    .filter((path) => !path.startsWith(copy + "/"))
    .map((path) => ({ path, ...dynamic(path) }));
  const neededByHost = new Set(outside.flatMap((library) => library.needed));
  const stray = outside.filter((library) => !hostBound(library.soname) && !neededByHost.has(library.soname));
  assert.deepEqual(
    stray.map((library) => library.path),
    [],
    `process ${pid} maps libraries from the host that neither host-libraries names nor the host's own libraries need`,
  );
  return outside;
}

async function start() {
  const started = performance.now();
  const browser = await openAppWith({ XDG_CACHE_HOME: cache });
  await textOf(browser, "#title", "Castellan", 30000);
  return { browser, ms: performance.now() - started };
}

test("the AppImage starts from its own libraries, unpacked once", async () => {
  assert.ok(version, "CASTELLAN_VERSION is the AppImage's version: run tests/package/appimage.sh");
  const first = await start();
  const browser = first.browser;
  try {
    await textOf(browser, "#about", `Castellan, version ${version}`);
    // A command answered by the AppImage's release build, not only a page that loaded.
    await (await browser.$("#engine-check")).click();
    await textOf(browser, "#engine-info", /^Rules engine \d+\.\d+\.\d+ · 72 tiles in the base game$/);
    await shot(browser, "appimage-start");

    const [copy, ...others] = readdirSync(copies).filter((name) => !name.startsWith("."));
    assert.ok(copy && others.length === 0, `one unpacked copy in ${copies}: ${readdirSync(copies)}`);
    const dir = join(copies, copy);
    assert.ok(copy.startsWith(`${version}-`), `the copy ${copy} is named after the version`);

    const processes = copyProcesses();
    const byProgram = (name) => processes.find((process) => basename(process.exe) === name);
    for (const program of ["castellan-app", "WebKitWebProcess", "WebKitNetworkProcess"]) {
      assert.ok(byProgram(program), `${program} runs from the copy: ${JSON.stringify(processes)}`);
    }
    const webkit = join(dir, "usr/lib/libwebkit2gtk-4.1.so.0");
    for (const program of ["castellan-app", "WebKitWebProcess", "WebKitNetworkProcess"]) {
      const libraries = mapped(byProgram(program).pid);
      const webkits = libraries.filter((path) => basename(path).startsWith("libwebkit2gtk-4.1.so"));
      assert.deepEqual(webkits, [webkit], `${program} maps the bundled libwebkit2gtk only`);
    }
    const bundle = join(dir, "usr/lib/webkit2gtk-4.1/injected-bundle/libwebkit2gtkinjectedbundle.so");
    assert.ok(
      mapped(byProgram("WebKitWebProcess").pid).includes(bundle),
      "the web process loaded the bundled injected bundle",
    );
    assert.ok(
      mapped(byProgram("castellan-app").pid).includes(join(dir, "usr/lib/libgtk-3.so.0")),
      "the app maps the bundled GTK",
    );

    const fromHost = new Set();
    for (const { pid } of processes) {
      for (const library of checkHostLibraries(pid, dir)) fromHost.add(library.soname);
    }
    console.log(`appimage: from the host: ${[...fromHost].sort().join(" ")}`);
    assert.ok(existsSync(join(dir, "AppRun")));
  } finally {
    await browser.deleteSession();
  }

  const later = await start();
  try {
    await textOf(later.browser, "#about", `Castellan, version ${version}`);
  } finally {
    await later.browser.deleteSession();
  }
  assert.equal(readdirSync(copies).length, 1, "the second start made no copy or temporary folder");
  console.log(`metric appimage_first_start_ms=${first.ms.toFixed(0)} appimage_later_start_ms=${later.ms.toFixed(0)}`);
});
