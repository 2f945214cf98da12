import { expect, test } from "vitest";
import { tileMatches } from "./tileFilter";

test("the id's start finds a tile", () => {
  expect(tileMatches("e", "E", "CFFF")).toBe(true);
  expect(tileMatches("R2-0", "R2-01", "FWFF")).toBe(true);
  expect(tileMatches("X", "E", "CFFF")).toBe(false);
});

test("the edges clockwise from any side find a tile, however it is turned", () => {
  expect(tileMatches("CRFR", "D", "CRFR")).toBe(true);
  expect(tileMatches("RFRC", "D", "CRFR")).toBe(true);
  expect(tileMatches("RCR", "D", "CRFR")).toBe(true);
  expect(tileMatches("CC", "D", "CRFR")).toBe(false);
  expect(tileMatches("FRFR", "D", "CRFR")).toBe(false);
});
