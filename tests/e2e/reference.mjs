// The reference an end-to-end game is checked against: `castellan score`, the command line's
// replay of a game script, built from the same sources as the app under test.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

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
