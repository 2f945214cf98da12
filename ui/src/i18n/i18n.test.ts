import { describe, expect, test } from "vitest";
import { LANGUAGES, TABLES, placeholders, translate } from "./index";

const reference = TABLES.en;

describe.each(LANGUAGES.filter((l) => l !== "en"))("the %s table", (language) => {
  const table = TABLES[language];

  test("has every English key and no others", () => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(reference).sort());
  });

  test("keeps every message's placeholders", () => {
    for (const key of Object.keys(reference) as (keyof typeof reference)[]) {
      expect(placeholders(table[key]), `${language} ${key}`).toEqual(placeholders(reference[key]));
    }
  });

  test("has no empty message", () => {
    for (const [key, message] of Object.entries(table)) expect(message.trim(), key).not.toBe("");
  });
});

test("translate fills placeholders and leaves unknown ones visible", () => {
  expect(translate("nl", "start.engineInfo.other", { version: "1.2.3", n: 72 })).toBe(
    "Spelregelmotor 1.2.3 · 72 tegels in het basisspel",
  );
  expect(translate("en", "error.internal")).toContain("{detail}");
});
