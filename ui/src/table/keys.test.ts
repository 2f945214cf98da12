import { expect, test } from "vitest";
import { keyAction, type Key, type KeyState } from "./keys";

const key = (k: string, mods: Partial<Key> = {}): Key => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});
const TURN: KeyState = { large: false, pending: false, pointing: false, justLaid: false };
const PLACING: KeyState = { ...TURN, pending: true };
const POINTING: KeyState = { ...TURN, pointing: true };

test("a turn by the keys: squares, places, no follower, turned, confirmed", () => {
  expect(keyAction(key("ArrowDown"), TURN)).toEqual({ kind: "nextCell", by: 1 });
  expect(keyAction(key("ArrowUp"), TURN)).toEqual({ kind: "nextCell", by: -1 });
  expect(keyAction(key("f"), PLACING)).toEqual({ kind: "nextPlace", by: 1 });
  expect(keyAction(key("F", { shiftKey: true }), PLACING)).toEqual({ kind: "nextPlace", by: -1 });
  expect(keyAction(key("N"), PLACING)).toEqual({ kind: "noFollower" });
  expect(keyAction(key("r"), PLACING)).toEqual({ kind: "rotate", by: 1 });
  expect(keyAction(key("R", { shiftKey: true }), PLACING)).toEqual({ kind: "rotate", by: -1 });
  expect(keyAction(key("Enter"), PLACING)).toEqual({ kind: "confirm" });
  expect(keyAction(key("/"), TURN)).toEqual({ kind: "findTile" });
  expect(keyAction(key("Escape"), PLACING)).toEqual({ kind: "letGo" });
  expect(keyAction(key("q"), PLACING)).toBeNull();
});

test("Escape closes the large scores before it lets the turn go", () => {
  expect(keyAction(key("Escape"), { ...PLACING, large: true })).toEqual({ kind: "closeLarge" });
});

test("undo and redo want Ctrl or Cmd", () => {
  expect(keyAction(key("z", { ctrlKey: true }), TURN)).toEqual({ kind: "undo" });
  expect(keyAction(key("y", { metaKey: true }), TURN)).toEqual({ kind: "redo" });
  expect(keyAction(key("z"), TURN)).toBeNull();
});

test("laid by pointing: R turns the tile just laid, a number lays a look listed", () => {
  const laid = { ...POINTING, justLaid: true };
  expect(keyAction(key("r"), laid)).toEqual({ kind: "turnLaid", by: 1 });
  expect(keyAction(key("R", { shiftKey: true }), laid)).toEqual({ kind: "turnLaid", by: -1 });
  expect(keyAction(key("3"), POINTING)).toEqual({ kind: "layNumber", index: 2 });
  expect(keyAction(key("0"), POINTING)).toBeNull();
  // A tile on its square takes R for itself, and numbers mean nothing then.
  expect(keyAction(key("r"), { ...laid, pending: true })).toEqual({ kind: "rotate", by: 1 });
  expect(keyAction(key("3"), { ...POINTING, pending: true })).toBeNull();
  expect(keyAction(key("3"), TURN), "not laid by pointing").toBeNull();
});
