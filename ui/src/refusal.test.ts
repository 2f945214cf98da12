import { describe, expect, test } from "vitest";
import type { CommandError, MoveError, Rule } from "./bindings";
import { describeError, ruleOf } from "./errors";
import { LANGUAGES, TABLES, type Language } from "./i18n";
import { moveRefusal, setupRefusal, speech } from "./refusal";
import { ruleKey } from "./table/rules";
// One value of every variant of every error the app sends, written by the app crate's test
// (`the_ui_samples_hold_every_error_as_sent`), which fails while this file is stale.
import samples from "./errors.samples.json";

const errors = samples as CommandError[];

/** The engine's refusal of a move inside an error, if it is one. */
function moveOf(error: CommandError): MoveError | null {
  return error.kind === "table" && error.error.kind === "move" ? error.error.error : null;
}

/** A move refused as the app sends it. */
const refused = (error: MoveError, rule: Rule | null): CommandError => ({
  kind: "table",
  error: { kind: "move", error, rule },
});
const names = ["Anna", "Bram", "Carl"];

test("the samples hold the refusals of every part of a move", () => {
  const parts = new Set(errors.flatMap((e) => moveOf(e)?.kind ?? []));
  expect([...parts].sort()).toEqual(
    [
      "abbot",
      "big",
      "builder",
      "city",
      "count",
      "crop",
      "draw",
      "ferry",
      "flight",
      "follower",
      "gold",
      "gameOver",
      "magic",
      "noSuchMove",
      "offTable",
      "pig",
      "placement",
      "purchase",
      "stand",
      "wrongMode",
    ].sort(),
  );
  expect(errors.length).toBeGreaterThan(80);
});

describe.each(LANGUAGES)("in %s", (language) => {
  test.each(errors.map((e) => [JSON.stringify(e), e] as const))("%s is worded", (_, error) => {
    const text = describeError(error, language, names);
    expect(text.trim(), "a sentence").not.toBe("");
    expect(text, "every placeholder filled").not.toMatch(/\{\w+\}/);
    expect(text).not.toMatch(/undefined|\[object|NaN/);
    if (language !== "en") {
      expect(text, "said in its own words, not in English").not.toBe(describeError(error, "en", names));
      // The engine's reason inside "Not allowed: …" is compared alone.
      const reason = reasonOf(error, language);
      if (reason !== null) expect(reason, "the reason in its own words").not.toBe(reasonOf(error, "en"));
    }
  });

  test.runIf(language !== "en")("has a message of its own for every part of a refusal", () => {
    const own = Object.keys(TABLES.en).filter((k) => k.startsWith("refusal.")) as (keyof typeof TABLES.en)[];
    for (const key of own) expect(TABLES[language][key], key).not.toBe(TABLES.en[key]);
  });
});

/** The engine's own reason inside a refusal, without the words around it. */
function reasonOf(error: CommandError, language: Language): string | null {
  const s = speech(language, names);
  if (error.kind !== "table") return null;
  switch (error.error.kind) {
    case "move":
    case "laterTurn":
      return moveRefusal(error.error.error, s);
    case "setup":
      return setupRefusal(error.error.error, s);
    default:
      return null;
  }
}

test("a refusal names the player, the tile, the square and each side that does not match", () => {
  const mismatch = errors.find((e) => {
    const move = moveOf(e);
    return move?.kind === "placement" && move.error.kind === "edgeMismatch" && move.error.mismatches.length === 2;
  })!;
  expect(describeError(mismatch, "en", names)).toBe(
    "Not allowed: tile E at 1 north of the start tile, turned 90° does not fit on 2 sides: its north side is city, the neighbour's is field; its west side is road, the neighbour's is city",
  );
  // The square is named as the board is seen: turned a quarter clockwise, north is to the right.
  expect(describeError(mismatch, "en", names, 1)).toContain("tile E at 1 east of the start tile, turned 90°");
  expect(describeError(mismatch, "nl", names)).toContain(
    "tegel E op 1 naar het noorden van de starttegel, gedraaid 90°",
  );
  expect(describeError(mismatch, "nl", names)).toContain("aan de noordkant is het stad, bij de buur weide");
  for (const language of LANGUAGES) {
    for (const error of errors)
      expect(describeError(error, language, names), "no square as coordinates").not.toMatch(/-?\d+,-?\d+/);
  }
  const onStart = { kind: "cellOccupied" as const, tile: "U" as const, cell: { x: 0, y: 0 }, rotation: "R0" as const };
  const occupied = refused({ kind: "placement", error: onStart }, "B-04");
  expect(describeError(occupied, "de", names)).toBe(
    "Nicht erlaubt: Plättchen U auf dem Startplättchen, gedreht 0°: dort liegt schon ein Plättchen",
  );
  const cannotPay = errors.find((e) => {
    const move = moveOf(e);
    return move?.kind === "purchase" && move.error.kind === "cannotPay";
  })!;
  expect(describeError(cannotPay, "de", names)).toBe("Nicht erlaubt: Bram hat 3 Punkte und kann 5 nicht bezahlen");
});

test("a feature opening a sentence takes its article, whatever its gender", () => {
  const done = (feature: "cloister" | "garden"): CommandError =>
    refused({ kind: "abbot", error: { kind: "buildingComplete", cell: { x: 2, y: 1 }, feature } }, "A-11");
  expect(describeError(done("cloister"), "de", names)).toContain("das Kloster mit dem Abt");
  expect(describeError(done("garden"), "de", names)).toContain("der Garten mit dem Abt");
  expect(describeError(done("cloister"), "nl", names)).toContain("het klooster met de abt");
  expect(describeError(done("garden"), "nl", names)).toContain("de tuin met de abt");
  expect(describeError(done("cloister"), "en", names)).toContain("the cloister with the abbot");
});

test("every rule a refusal cites is explained in every language", () => {
  const cited = new Set(errors.map(ruleOf).filter((r): r is string => r !== null));
  expect(cited.size).toBeGreaterThan(20);
  for (const id of cited) {
    const key = ruleKey(id);
    expect(key, `rule.${id}`).not.toBeNull();
    for (const language of LANGUAGES) expect(TABLES[language][key!]?.trim(), `${language} rule.${id}`).toBeTruthy();
  }
});
