import { expect, test } from "vitest";
import type { TileShape } from "../bindings";
import { tileShapes } from "./geometry";

const D: TileShape = {
  id: "D",
  edges: "CRFR",
  from: "base",
  copies: 4,
  carcassonne: false,
  features: [
    { kind: "city", sides: ["N"], pennants: 0, anchor: "N" },
    { kind: "road", sides: ["E", "W"], pennants: 0, anchor: "E" },
    { kind: "field", sides: [], pennants: 0, anchor: "EL" },
    { kind: "field", sides: [], pennants: 0, anchor: "ER" },
  ],
};

test("the start tile draws a city cap on the north edge and a road across", () => {
  const shapes = tileShapes(D);
  expect(shapes.map((s) => s.part)).toEqual(["city", "road"]);
  expect(shapes[0]!.d).toBe("M 0,0 L 100,0 Q 50,42 0,0 Z");
  expect(shapes[1]!.d).toBe("M 100,50 Q 50,50 0,50");
});

test("a cap on another side is the north cap turned", () => {
  const east: TileShape = { ...D, features: [{ kind: "city", sides: ["E"], pennants: 1, anchor: "E" }] };
  const shapes = tileShapes(east);
  expect(shapes[0]!.d).toBe("M 100,0 L 100,100 Q 58,50 100,0 Z");
  expect(shapes.filter((s) => s.part === "pennant")).toHaveLength(1);
});

test("three road ends meet at a junction; a cloister draws its building instead", () => {
  const w: TileShape = {
    ...D,
    features: ["E", "S", "W"].map((s) => ({ kind: "road" as const, sides: [s], pennants: 0, anchor: s })),
  };
  expect(tileShapes(w).map((s) => s.part)).toEqual(["road", "road", "road", "junction"]);
  const a: TileShape = {
    ...D,
    features: [
      { kind: "cloister", sides: [], pennants: 0, anchor: "C" },
      { kind: "road", sides: ["S"], pennants: 0, anchor: "S" },
    ],
  };
  expect(tileShapes(a).map((s) => s.part)).toEqual(["road", "cloister", "cross"]);
});
