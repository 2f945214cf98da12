// The reference an end-to-end game is checked against: `castellan score`, the command line's
// replay of a game script, built from the same sources as the app under test.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openAppWith } from "./session.mjs";

/** The repository's root, with a slash at the end. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CLI = `${process.env.CARGO_TARGET_DIR ?? `${ROOT}target`}/debug/castellan`;

/** Builds the command line (a no-op when it is up to date), so the reference is never an
 * older engine's. */
export function buildReference() {
  execFileSync("cargo", ["build", "-q", "-p", "castellan-cli"], { cwd: ROOT, stdio: "inherit" });
}

/** What `castellan score` reports for the game script at `path`: scores, goods, events. */
export function referenceScore(path) {
  return JSON.parse(execFileSync(CLI, ["score", path], { cwd: ROOT, encoding: "utf8" }));
}

/** Opens the app for a file that exports its game and scores it again with the command line:
 * the command line built first, the app's file dialogs answered inside a folder of the file's
 * own (named after `name`), the window at 1280×800. */
export async function openAppForReference(name) {
  buildReference();
  const folder = mkdtempSync(join(tmpdir(), `castellan-${name}-`));
  const browser = await openAppWith({ CASTELLAN_GIVEN_PATHS: folder });
  await browser.setWindowSize(1280, 800);
  return { browser, folder };
}
