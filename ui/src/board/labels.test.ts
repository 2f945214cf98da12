import { expect, test } from "vitest";
import { contrast, inkOn, labels, nameOf, PLAYER_PAINT, whereOnBoard } from "./labels";
import { translate } from "../i18n";
import type { PlayerView } from "../bindings";

test("each player gets the shortest start of the name nobody else shares", () => {
  expect(labels(["Anna", "Bram"])).toEqual(["A", "B"]);
  expect(labels(["Anna", "Anke", "Bram"])).toEqual(["ANN", "ANK", "B"]);
  expect(labels(["Annabel", "Annamarie"])).toEqual(["ANB", "ANM"]);
  // A name that is the start of another keeps three letters; the colours tell them apart.
  expect(labels(["Jan", "Jans"])).toEqual(["JAN", "JAS"]);
});

test("seats are named by the players' names, a seat the game lacks by a question mark", () => {
  const players = [{ name: "Anna" }, { name: "Bram" }] as PlayerView[];
  expect(nameOf(players, 1)).toBe("Bram");
  expect(nameOf(players, 5)).toBe("?");
});

test("every player colour's initial is readable: 4.5:1 at least against its fill", () => {
  for (const [color, paint] of Object.entries(PLAYER_PAINT)) {
    const ink = inkOn(color);
    expect(contrast(ink, paint), `${color}: ${ink} on ${paint}`).toBeGreaterThanOrEqual(4.5);
  }
  expect(inkOn("yellow"), "white on yellow is 1.07:1").toBe("#111111");
  expect(inkOn("blue")).toBe("#ffffff");
});

test("contrast follows WCAG: black on white is 21:1, white on yellow 1.07:1", () => {
  expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
  expect(contrast("#ffffff", "#ffff00")).toBeCloseTo(1.07, 2);
  expect(contrast("#777777", "#777777")).toBe(1);
});

test("a square is named from the start tile, as the board is seen, never by its coordinates", () => {
  const where = (x: number, y: number, turns = 0, language: "en" | "nl" | "de" = "en") =>
    whereOnBoard(x, y, turns, (k, v) => translate(language, k, v));
  expect(where(2, -1)).toBe("2 east, 1 north of the start tile");
  expect(where(0, 3)).toBe("3 south of the start tile");
  expect(where(0, 0)).toBe("the start tile");
  // The board turned a quarter clockwise: what lay north now lies east on the screen.
  expect(where(0, -1, 1)).toBe("1 east of the start tile");
  expect(where(-2, 0, 0, "nl")).toBe("2 naar het westen van de starttegel");
  expect(where(1, 1, 0, "de")).toBe("1 nach Osten, 1 nach Süden vom Startplättchen");
  for (const [x, y] of [
    [3, -1],
    [-4, 7],
    [0, -12],
  ] as const)
    expect(where(x, y)).not.toMatch(/-?\d+\s*,\s*-?\d+/);
});
