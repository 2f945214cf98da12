// A command's failure in the user's language: one place, so every screen says it the same way.
import type { CommandError } from "./bindings";
import type { MessageKey } from "./i18n";

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function describeError(error: CommandError, t: Translate): string {
  switch (error.kind) {
    case "internal":
      return t("error.internal", { detail: error.detail });
    case "ledger":
      return t("error.ledger", { detail: error.detail });
    case "ledgerUnavailable":
      return t("error.ledgerUnavailable", { path: error.path, detail: error.detail });
    case "refused":
      return t("error.refused", { reason: error.reason });
    case "laterTurnRefused":
      return t("error.laterTurn", { turn: error.turn, reason: error.reason });
    case "badSetup":
    case "badRequest":
      return error.reason;
    case "noGame":
      return t("error.noGame");
    case "gameFinished":
      return t("error.gameFinished");
  }
}
