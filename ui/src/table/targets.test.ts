import { expect, test } from "vitest";
import type { PlayerView, Target } from "../bindings";
import { translate, translateCount, type CountedKey, type Language, type MessageKey } from "../i18n";
import { describeTarget, sideOnScreen } from "./targets";

const player = (name: string): PlayerView => ({
  name,
  color: "red",
  score: 0,
  ifEndedNow: 0,
  supply: 7,
  track: { space: 0, fifties: 0, hundreds: 0 },
});
const players = [player("Greta"), player("Hans")];

const farm: Target = {
  at: { x: 0, y: 1, place: "N" },
  kind: "field",
  tiles: [
    [0, 0],
    [0, 1],
  ],
  holders: [],
  landmark: { kind: "cloister", holders: [0], side: "north" },
  worth: { type: "cities", completed: 3, carcassonne: false },
  alike: 0,
};

const say = (language: Language, target: Target, turns = 0) =>
  describeTarget(
    target,
    players,
    (key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values),
    (base: CountedKey, n: number, values?: Record<string, string | number>) => translateCount(language, base, n, values),
    turns,
  );

test("a farm is named by the cloister beside it and the cities it supplies, in every language", () => {
  expect(say("en", farm)).toBe("farm north of Greta's cloister · 3 completed cities");
  expect(say("nl", farm)).toBe("weiland ten noorden van het klooster van Greta · 3 voltooide steden");
  expect(say("de", farm)).toBe("Wiese nördlich von dem Kloster von Greta · 3 fertige Städte");
});

test("whoever holds the target comes first, and a road counts its tiles", () => {
  const road: Target = {
    ...farm,
    kind: "road",
    holders: [{ seat: 1, followers: 1 }],
    landmark: { kind: "carcassonne", holders: [], side: "south" },
    worth: { type: "tiles", tiles: 1, pennants: 0 },
  };
  expect(say("en", road)).toBe("Hans's road south of the City · 1 tile");
  const city: Target = { ...road, kind: "city", landmark: null, worth: { type: "tiles", tiles: 4, pennants: 2 } };
  expect(say("en", city)).toBe("Hans's city · 4 tiles, 2 pennants");
});

test("a landmark the target lies around reads 'by', and alike entries are numbered", () => {
  const around: Target = { ...farm, landmark: { kind: "shrine", holders: [], side: null }, alike: 2 };
  expect(say("en", around)).toBe("farm by the shrine · 3 completed cities · no. 2");
  const cloister: Target = { ...farm, kind: "cloister", landmark: null, worth: { type: "neighbours", tiles: 5 } };
  expect(say("en", cloister)).toBe("cloister · 5 of 8 tiles around it");
  const walled: Target = { ...farm, landmark: null, worth: { type: "cities", completed: 1, carcassonne: true } };
  expect(say("en", walled)).toBe("farm · 1 completed city + the City of Carcassonne");
  const byTheCity: Target = { ...walled, worth: { type: "cities", completed: 0, carcassonne: true } };
  expect(say("en", byTheCity)).toBe("farm · the City of Carcassonne");
});

test("the side turns with the board", () => {
  expect(sideOnScreen("north", 1)).toBe("east");
  expect(sideOnScreen("west", 1)).toBe("north");
  expect(sideOnScreen("south", 2)).toBe("north");
  expect(say("en", farm, 3)).toBe("farm west of Greta's cloister · 3 completed cities");
});
