import { expect, test } from "vitest";
import type { PlayerView, Target } from "../bindings";
import { translate, translateCount, type CountedKey, type Language, type MessageKey } from "../i18n";
import { formatList } from "../i18n/format";
import { capitalise, describeTarget, nameTarget, sideOnScreen } from "./targets";
import { playerView } from "./players.fixture";

const player = (name: string): PlayerView => playerView(name);
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

const say = (language: Language, target: Target, turns = 0, definite = false) =>
  describeTarget(
    target,
    players,
    (key: MessageKey, values?: Record<string, string | number>) => translate(language, key, values),
    (base: CountedKey, n: number, values?: Record<string, string | number>) =>
      translateCount(language, base, n, values),
    (items: readonly string[]) => formatList(language, items),
    turns,
    definite,
  );

test("a farm is named by the cloister beside it and the cities it supplies, in every language", () => {
  expect(say("en", farm)).toBe("farm north of Greta's cloister · 3 completed cities");
  expect(say("nl", farm)).toBe("weide ten noorden van het klooster van Greta · 3 voltooide steden");
  expect(say("de", farm)).toBe("Wiese nördlich des Klosters von Greta · 3 fertige Städte");
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
  expect(say("en", around)).toBe("farm by the shrine · 3 completed cities · 1 south of the start tile (no. 2)");
  expect(say("de", around, 1), "where, as the board is turned").toBe(
    "Wiese in der Nähe der Kultstätte · 3 fertige Städte · 1 nach Westen vom Startplättchen (Nr. 2)",
  );
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

test("in a sentence a feature takes its article and its holder, as the notices say it", () => {
  const road: Target = {
    ...farm,
    kind: "road",
    holders: [{ seat: 0, followers: 1 }],
    landmark: { kind: "cloister", holders: [1], side: "west" },
    worth: { type: "tiles", tiles: 3, pennants: 0 },
  };
  const notice = (language: Language) =>
    capitalise(translate(language, "warn.cannotFinish", { feature: say(language, road, 0, true) }));
  expect(notice("en")).toBe(
    "Greta's road west of Hans's cloister · 3 tiles can no longer be finished: no tile left fits.",
  );
  expect(notice("nl")).toBe(
    "De weg van Greta ten westen van het klooster van Hans · 3 tegels kan niet meer af: geen tegel in de zak past.",
  );
  expect(notice("de")).toBe(
    "Die Straße von Greta westlich des Klosters von Hans · 3 Plättchen kann nicht mehr fertig werden: kein Plättchen im Beutel passt.",
  );
  // Nobody's cloister takes the neuter article in Dutch and German.
  const cloister: Target = { ...farm, kind: "cloister", holders: [], landmark: null };
  const name = (language: Language) =>
    nameTarget(
      cloister,
      players,
      (k, v) => translate(language, k, v),
      (items) => formatList(language, items),
      0,
      true,
    );
  expect(["en", "nl", "de"].map((l) => name(l as Language))).toEqual(["the cloister", "het klooster", "das Kloster"]);
  // Nothing in it names a place by coordinates.
  for (const language of ["en", "nl", "de"] as const) expect(notice(language)).not.toMatch(/-?\d+\s*,\s*-?\d+/);
});

test("several holders are one list, as each language joins names", () => {
  const shared: Target = {
    ...farm,
    kind: "road",
    holders: [
      { seat: 0, followers: 1 },
      { seat: 1, followers: 1 },
    ],
    landmark: { kind: "cloister", holders: [1, 0], side: "north" },
    worth: { type: "tiles", tiles: 3, pennants: 0 },
  };
  expect(say("en", shared)).toBe("Greta and Hans's road north of Hans and Greta's cloister · 3 tiles");
  expect(say("nl", shared)).toContain("Greta en Hans");
  expect(say("de", shared)).toContain("Greta und Hans");
});
