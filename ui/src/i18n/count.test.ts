import { expect, test, vi } from "vitest";
import { LANGUAGES, TABLES, translateCount } from "./index";

test("the tiles left are counted with each language's singular and plural", () => {
  const said = (n: number) => LANGUAGES.map((l) => translateCount(l, "end.tilesLeft", n));
  expect(said(1)).toEqual([
    "1 tile is still in the bag.",
    "Er zit nog 1 tegel in de zak.",
    "Im Beutel ist noch 1 Plättchen.",
  ]);
  expect(said(12)).toEqual([
    "12 tiles are still in the bag.",
    "Er zitten nog 12 tegels in de zak.",
    "Im Beutel sind noch 12 Plättchen.",
  ]);
  expect(said(0)[0], "none is plural in English").toBe("0 tiles are still in the bag.");
  expect(translateCount("en", "table.bag", 1)).toBe("In the bag: 1 tile");
  expect(translateCount("nl", "table.bag", 2)).toBe("In de zak: 2 tegels");
});

test("every singular has its plural", () => {
  for (const language of LANGUAGES) {
    const keys = Object.keys(TABLES[language]);
    const singulars = keys.filter((k) => k.endsWith(".one"));
    expect(singulars.length, language).toBeGreaterThan(0);
    for (const one of singulars) expect(keys, `${language} ${one}`).toContain(one.replace(/\.one$/, ".other"));
  }
});

test("each language's plural rule is made once, not once per count said", () => {
  const made = vi.spyOn(Intl, "PluralRules");
  try {
    for (let n = 0; n < 5; n++) for (const language of LANGUAGES) translateCount(language, "table.bag", n);
    expect(made.mock.calls.length, "at most one rule made per language").toBeLessThanOrEqual(LANGUAGES.length);
    expect(translateCount("en", "table.bag", 1), "the rule kept still decides the form").toBe("In the bag: 1 tile");
  } finally {
    made.mockRestore();
  }
});
