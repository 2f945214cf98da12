import { expect, test } from "vitest";
import { LANGUAGES, TABLES } from "../i18n";
import { ruleKey, SCORE_RULES } from "./rules";

// SCORE_RULES comes from the engine through the generated bindings: a rule id the engine can
// put on a score without an explanation here fails.
test("every rule id a score can carry is explained in every language", () => {
  expect(SCORE_RULES.length).toBeGreaterThan(10);
  for (const id of SCORE_RULES) {
    const key = ruleKey(id);
    expect(key, `rule.${id}`).not.toBeNull();
    for (const language of LANGUAGES) expect(TABLES[language][key!]?.trim(), `${language} rule.${id}`).toBeTruthy();
  }
});

test("no explanation is kept for an id the engine never gives", () => {
  const explained = Object.keys(TABLES.en).filter((k) => /^rule\.[A-Z]-\d\d$/.test(k));
  expect(explained.map((k) => k.slice("rule.".length)).sort()).toEqual([...SCORE_RULES].sort());
});
