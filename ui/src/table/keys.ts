// The table's keys, as what each does at the moment it is pressed: arrows through the lit
// squares, F through the follower places, N for no follower, R to turn (the tile on its square,
// else the tile just laid by pointing), 1–9 for a look listed on a finished table, Enter to
// confirm, / to the tile picker, Escape to let go, Ctrl+Z and Ctrl+Y to undo and redo. The page
// does what the action says; the same key does one thing at a time.

/** What a key asks of the table. `by` is a step forwards (1) or back (-1). */
export type KeyAction =
  | { kind: "closeLarge" }
  | { kind: "nextCell"; by: number }
  | { kind: "nextPlace"; by: number }
  | { kind: "noFollower" }
  | { kind: "turnLaid"; by: number }
  | { kind: "layNumber"; index: number }
  | { kind: "rotate"; by: number }
  | { kind: "confirm" }
  | { kind: "findTile" }
  | { kind: "letGo" }
  | { kind: "undo" }
  | { kind: "redo" };

/** What the keys depend on at the table. */
export interface KeyState {
  /** The scores are shown large. */
  large: boolean;
  /** A tile lies on its square, not yet confirmed. */
  pending: boolean;
  /** A finished table is laid by pointing. */
  pointing: boolean;
  /** The tile just laid by pointing may still be turned. */
  justLaid: boolean;
}

/** The key pressed, as a keyboard event tells it. */
export type Key = Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey">;

/** What key `e` does now, if anything. */
export function keyAction(e: Key, state: KeyState): KeyAction | null {
  const by = e.shiftKey ? -1 : 1;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (key === "Escape" && state.large) return { kind: "closeLarge" };
  if (key === "ArrowRight" || key === "ArrowDown") return { kind: "nextCell", by: 1 };
  if (key === "ArrowLeft" || key === "ArrowUp") return { kind: "nextCell", by: -1 };
  if (key === "f") return { kind: "nextPlace", by };
  if (key === "n") return { kind: "noFollower" };
  if (key === "r" && !state.pending && state.justLaid) return { kind: "turnLaid", by };
  if (state.pointing && !state.pending && /^[1-9]$/.test(key)) return { kind: "layNumber", index: Number(key) - 1 };
  if (key === "r") return { kind: "rotate", by };
  if (key === "Enter") return { kind: "confirm" };
  if (key === "/") return { kind: "findTile" };
  if (key === "Escape") return { kind: "letGo" };
  if ((e.ctrlKey || e.metaKey) && e.key === "z") return { kind: "undo" };
  if ((e.ctrlKey || e.metaKey) && e.key === "y") return { kind: "redo" };
  return null;
}
