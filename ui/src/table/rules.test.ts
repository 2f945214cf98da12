import { expect, test } from "vitest";
import { LANGUAGES, TABLES } from "../i18n";
import type { CommandError } from "../bindings";
import samples from "../errors.samples.json";
import { ruleOf } from "../errors";
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
  const explained = Object.keys(TABLES.en).filter((k) => /^rule\.[A-Z][A-Z0-9]?-\d\d$/.test(k));
  // A score's rules, and the rules the engine's refusals cite (from the samples of every error).
  const refusals = (samples as CommandError[]).map(ruleOf).filter((r): r is string => r !== null);
  const given = new Set([...SCORE_RULES, ...refusals]);
  expect(explained.map((k) => k.slice("rule.".length)).sort()).toEqual([...given].sort());
});
