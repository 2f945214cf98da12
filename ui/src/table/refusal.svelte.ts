// A command's answer taken in at the table: its value handed on, or its refusal kept to be
// shown, worded in the language spoken when it came, with the rule it cites. Everything the
// table entered stays as it was, to be put right.
import type { Answered, Outcome } from "../ipc";
import { describeError, ruleOf } from "../errors";
import { locale } from "../locale.svelte";

/** What a refusal is worded with: the players' names by seat, and how the board is turned. */
export interface Wording {
  names: string[];
  viewTurns: number;
}

/** The last refusal the table met, until it is let go. */
export class Refusal {
  message: string | null = $state(null);
  /** The rule the refusal cites, shown after it with its one-line explanation. */
  rule: string | null = $state(null);

  constructor(private readonly wording: () => Wording) {}

  /** Whether a command answered; if refused, the refusal is kept. For any command's outcome. */
  take = <T>(outcome: Outcome<T>): outcome is Answered<T> => {
    if (!outcome.ok) {
      const { names, viewTurns } = this.wording();
      this.message = describeError(outcome.error, locale.language, names, viewTurns);
      this.rule = ruleOf(outcome.error);
    }
    return outcome.ok;
  };

  /** The refusal let go: what it refused has been put right or left. */
  clear() {
    this.message = null;
  }
}
