// One word for one thing in each language: the terms of the rulebooks players have in the box
// (999 Games in Dutch, Hans im Glück in German), never a synonym beside them. And every message
// that counts things has a singular and a plural, chosen by translateCount.
import { describe, expect, test } from "vitest";
import { LANGUAGES, TABLES, placeholders, type Language } from "./index";

/**
 * Words a language must not use, each beside the rulebook's word for the same thing: saying
 * both would leave players wondering whether they are two things.
 */
const FORBIDDEN: Record<Language, { word: string; use: string }[]> = {
  en: [
    { word: "meeple", use: "follower" },
    { word: "highwayman", use: "thief" },
    { word: "robber baron", use: "Robber" },
    { word: "pennon", use: "pennant" },
  ],
  nl: [
    { word: "volgeling", use: "horige" },
    { word: "meeple", use: "horige" },
    { word: "weiland", use: "weide" },
    { word: "weides", use: "weiden" },
    { word: "heiligdom", use: "cultusplaats" },
    { word: "wimpel", use: "wapen" },
    { word: "wapenschild", use: "wapen" },
    { word: "landschapskaart", use: "tegel" },
  ],
  de: [
    { word: "Gefolgs", use: "Meeple" },
    { word: "Heiligtum", use: "Kultstätte" },
    { word: "Heiligtümer", use: "Kultstätten" },
    { word: "Räuber", use: "Raubritter (the Robber) or Wegelagerer (the thief)" },
    { word: "Kärtchen", use: "Plättchen" },
    { word: "Landschaftskarte", use: "Plättchen" },
    { word: "Wimpel", use: "Wappen" },
  ],
};

/** Messages about the Robber name him by the rulebook's title, not by the thief's word. */
const ROBBER: Record<Language, { title: string; not: string }> = {
  en: { title: "Robber", not: "thief" },
  nl: { title: "Roofridder", not: "Struikrover" },
  de: { title: "Raubritter", not: "Wegelagerer" },
};

/**
 * Messages with a number that is not a count of things, so need no plural: whose turn or step,
 * a sum of points, a player's place in the order, a position on the track, a distance.
 */
const NOT_COUNTS = new Set([
  "replay.step",
  "setup.playerName",
  "setup.color",
  "score.track",
  "score.tokens100",
  "score.ifEnded",
  "count.moveOption",
  "score.inCity",
  "turns.title",
  "turns.correcting",
  "error.laterTurn",
  "target.neighbours",
  "target.alike",
  "final.step",
  // Points before the count, of the count and in all.
  "final.madeOf",
  // How far from the start tile: "2 east".
  "board.north",
  "board.east",
  "board.south",
  "board.west",
  // A seat's number at the table.
  "refusal.seat",
  "refusal.unknownPlayer",
  "refusal.unknownSeat",
]);
/** The placeholders that stand for how many of something there are. */
const COUNT_PLACEHOLDERS = ["n", "tiles", "count"];

describe.each(LANGUAGES)("the %s wording", (language) => {
  const table = TABLES[language];

  test.each(FORBIDDEN[language])("never says $word (the rulebook says $use)", ({ word }) => {
    const pattern = new RegExp(word, "i");
    const saying = Object.entries(table).filter(([, message]) => pattern.test(message));
    expect(saying.map(([key, message]) => `${key}: ${message}`)).toEqual([]);
  });

  test("names the Robber by his title", () => {
    const { title, not } = ROBBER[language];
    const robber = Object.entries(table).filter(([key]) => /robber/i.test(key) && !key.startsWith("option."));
    expect(robber.length).toBeGreaterThan(3);
    for (const [key, message] of robber) {
      expect(message, key).toContain(title);
      expect(message, key).not.toContain(not);
    }
  });
});

test("every message counting things has its singular and plural", () => {
  const bare = Object.entries(TABLES.en)
    .filter(([key]) => !/\.(one|other)$/.test(key) && !NOT_COUNTS.has(key))
    .filter(([, message]) => placeholders(message).some((p) => COUNT_PLACEHOLDERS.includes(p)))
    .map(([key]) => key);
  expect(bare, "counted with a bare number: give them .one and .other and use translateCount").toEqual([]);
  for (const key of Object.keys(TABLES.en).filter((k) => k.endsWith(".other"))) {
    const base = key.replace(/\.other$/, "");
    for (const language of LANGUAGES)
      expect(Object.keys(TABLES[language]), `${language} ${base}`).toContain(`${base}.one`);
  }
});

test("the Count's quarters take their own article in a sentence", () => {
  const quarters = ["castle", "blacksmith", "cathedral", "market"] as const;
  const forms = (language: Language, form: "the" | "in" | "from") =>
    quarters.map((q) => TABLES[language][`quarter.${q}.${form}`]);
  expect(forms("nl", "the")).toEqual(["het kasteel", "de smederij", "de kathedraal", "de markt"]);
  expect(forms("de", "the")).toEqual(["die Burg", "die Schmiede", "die Kathedrale", "den Markt"]);
  expect(forms("de", "from")).toEqual(["aus der Burg", "aus der Schmiede", "aus der Kathedrale", "vom Markt"]);
  for (const language of LANGUAGES) {
    for (const q of quarters) {
      for (const form of ["the", "in", "from"] as const) {
        expect(TABLES[language][`quarter.${q}.${form}`], `${language} ${q} ${form}`).toContain(
          TABLES[language][`quarter.${q}`],
        );
      }
    }
  }
});
