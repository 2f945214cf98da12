// The one-line explanations of the rule ids scores carry: every id the engine can put on a
// score (SCORE_RULES, generated from Rust) has a `rule.<id>` message in each language.
import { SCORE_RULES } from "../ipc";
import type { MessageKey } from "../i18n";
import { en } from "../i18n/en";

export { SCORE_RULES };

/** The message explaining a rule id, or `null` for an id without one. */
export function ruleKey(id: string): MessageKey | null {
  const key = `rule.${id}`;
  return key in en ? (key as MessageKey) : null;
}
