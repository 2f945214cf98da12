import { expect, test } from "vitest";
import { digitPicks, findTiles, tileMatches, turnToRead } from "./tileFilter";

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

// A few base tiles with their edges, north first, and copies left.
const EDGES: Record<string, string> = { D: "CRFR", E: "CFFF", F: "FCFC", G: "CFCF", H: "FCFC", U: "RFRF", CO1: "CCFF" };
const bag = ["C", "CO1", "D", "E", "F", "G", "H", "U"].map((tile, i) => ({ tile, count: i + 1 }));
const edgesOf = (tile: string) => EDGES[tile] ?? "FFFF";

test("edges that fit several tiles show them all and take none", () => {
  const found = findTiles("cfcf", bag, edgesOf);
  expect(found.shown.map((b) => b.tile)).toEqual(["F", "G", "H"]);
  expect(found.only).toBeNull();
});

test("one tile that fits, or a whole id, is taken", () => {
  expect(findTiles("CRFR", bag, edgesOf).only?.tile).toBe("D");
  expect(findTiles("E", bag, edgesOf).only?.tile).toBe("E");
  const c = findTiles("c", bag, edgesOf);
  expect(c.shown.map((b) => b.tile)).toEqual(["C", "CO1"]);
  expect(c.only?.tile, "C is a whole id, CO1 only starts with it").toBe("C");
  expect(findTiles("CO", bag, edgesOf).only?.tile).toBe("CO1");
});

test("nothing typed shows the whole bag and takes nothing; nothing fitting shows nothing", () => {
  expect(findTiles("  ", bag, edgesOf)).toEqual({ shown: bag, only: null });
  expect(findTiles("CCCC", bag, edgesOf)).toEqual({ shown: [], only: null });
});

test("a digit picks a choice unless it goes on with an id", () => {
  const ids = ["F", "G", "H", "R2-01", "R2-02"];
  expect(digitPicks("CFCF", "2", ids)).toBe(true);
  expect(digitPicks("R2-0", "1", ids)).toBe(false);
  expect(digitPicks("R2-0", "7", ids)).toBe(true);
  expect(digitPicks("CFCF", "0", ids), "choices count from 1").toBe(false);
  expect(digitPicks("CFCF", "x", ids)).toBe(false);
});

test("a choice is drawn turned so that the typed edges read clockwise from its top", () => {
  expect(turnToRead("CFCF", "CFCF")).toBe(0);
  // F's cities are east and west: a quarter turn back brings the east city to the top.
  expect(turnToRead("CFCF", "FCFC")).toBe(270);
  // D read from its west road: R C R F; the west side comes up after a quarter turn.
  expect(turnToRead("RCRF", "CRFR")).toBe(90);
  expect(turnToRead("D", "CRFR"), "an id is drawn as the catalog has it").toBe(0);
});
