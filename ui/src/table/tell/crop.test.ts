import { describe, expect, test } from "vitest";
import type { CropPlayer, CropQuestion, Spot, Target } from "../../bindings";
import { answering, cropCircleOf } from "./crop";

const target = (x: number, y: number, place: Spot["place"]): Target => ({
  at: { x, y, place },
  kind: "field",
  tiles: [[x, y]],
  holders: [],
  landmark: null,
  worth: { type: "cities", completed: 0, carcassonne: false },
  alike: 0,
});

// Blue (seat 1) left of the placer Red (seat 0): Blue holds a follower and his big follower;
// Red has a farmer on the board and nothing in hand.
const blue: CropPlayer = {
  seat: 1,
  add: [target(2, -1, "N")],
  addFigures: ["follower", "big"],
  remove: [{ figure: "follower", at: target(2, -1, "N") }],
};
const red: CropPlayer = { seat: 0, add: [], addFigures: [], remove: [{ figure: "big", at: target(0, -1, "N") }] };
const question: CropQuestion = { symbol: "pitchfork", kind: "field", players: [blue, red] };

describe("the crop circle's answers", () => {
  test("nothing is told before the placer chose", () => {
    expect(cropCircleOf(question, null, {})).toEqual({ circle: null, complete: false });
  });

  test("under add only a player with something in hand answers", () => {
    const before = cropCircleOf(question, "add", {});
    expect(before).toEqual({ circle: { choice: "add", actions: [] }, complete: false });
    expect(answering(question, "add", {}, null)?.seat).toBe(1);
    const picks = { 1: { kind: "at", at: blue.add[0]!.at, figure: "big" } } as const;
    expect(cropCircleOf(question, "add", picks)).toEqual({
      circle: {
        choice: "add",
        actions: [{ player: 1, deed: { kind: "at", cell: { x: 2, y: -1 }, port: "N", figure: "big" } }],
      },
      complete: true,
    });
    expect(answering(question, "add", picks, null)).toBeNull();
  });

  test("under remove a pass is no answer and everyone answers in the question's order", () => {
    const passed = { 1: { kind: "pass" }, 0: { kind: "at", at: red.remove[0]!.at.at, figure: "big" } } as const;
    expect(cropCircleOf(question, "remove", passed).complete).toBe(false);
    expect(answering(question, "remove", passed, null)?.seat).toBe(1);
    const done = { ...passed, 1: { kind: "at", at: blue.remove[0]!.at.at, figure: "follower" } } as const;
    const { circle, complete } = cropCircleOf(question, "remove", done);
    expect(complete).toBe(true);
    expect(circle?.actions.map((a) => a.player)).toEqual([1, 0]);
  });

  test("a figure the player does not have there is no answer", () => {
    const wrong = { 0: { kind: "at", at: red.remove[0]!.at.at, figure: "follower" } } as const;
    expect(answering(question, "remove", wrong, 0)?.seat).toBe(0);
    expect(cropCircleOf(question, "remove", wrong).circle?.actions).toEqual([]);
  });
});
