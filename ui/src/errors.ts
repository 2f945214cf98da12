// A command's failure in the user's language: one place, so every screen says it the same way.
// The engine's refusals are worded in ./refusal.ts from the data they carry.
import type {
  CommandError,
  LedgerFault,
  LedgerProblem,
  ScriptPlace,
  ScriptProblem,
  StartNotice,
  TableError,
  TableRefusal,
} from "./bindings";
import type { Language, MessageKey } from "./i18n";
import { formatDate } from "./i18n/format";
import { fileProblem, moveRefusal, overLimit, requestRefusal, setupRefusal, speech, type Speech } from "./refusal";

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * The failure as a sentence in `language`; `names` are the game's players by seat, so that a
 * refusal calls them by name, and `viewTurns` the quarter turns the board is seen turned, so
 * that a square is named as the player sees it ("2 east of the start tile").
 */
export function describeError(
  error: CommandError,
  language: Language,
  names: readonly string[] = [],
  viewTurns = 0,
): string {
  const s = speech(language, names, viewTurns);
  const t = s.t;
  switch (error.kind) {
    case "internal":
      return t("error.internal", { detail: error.detail });
    case "ledgerUnavailable":
      return describeLedgerProblem(error.path, error.problem, error.detail, t);
    case "settingsNotSaved":
      return t("error.settingsNotSaved", { path: error.path, detail: error.detail });
    case "settingTooLarge":
      return t("error.settingTooLarge", { max: error.max });
    case "table":
      return tableError(error.error, language, s);
    case "badRequest":
      return requestRefusal(error.error, s);
    case "noFileGiven":
      return t("refusal.noFileGiven");
    case "noSuchTurn":
      return t("refusal.noSuchTurn", { turn: error.turn });
    case "noScriptOpen":
      return t("refusal.noScriptOpen");
    case "notFromDialog":
      return t("refusal.notFromDialog", { path: error.path });
    default:
      return unreachable(error);
  }
}

/** What the table refused or failed at, from the data it sends. */
function tableError(error: TableError, language: Language, s: Speech): string {
  const t = s.t;
  switch (error.kind) {
    case "ledger":
    case "refused":
      return ledgerRefusal(error.kind === "ledger" ? error : error.error, s);
    case "ledgerAt":
      return describeLedgerProblem(error.path, error.error.problem, error.error.detail, t);
    case "noLedger":
      return describeLedgerProblem(error.path, { kind: "missing" }, "", t);
    case "overLimit":
      return error.file === null
        ? overLimit(error.over, s)
        : t("error.overLimitInFile", { path: error.file, reason: overLimit(error.over, s) });
    case "move":
      return t("error.refused", { reason: moveRefusal(error.error, s) });
    case "laterTurn":
      return t("error.laterTurn", { turn: error.turn, reason: moveRefusal(error.error, s) });
    case "setup":
      return t("refusal.badSetup", { reason: setupRefusal(error.error, s) });
    case "tooFewPlayers":
      return s.tn("refusal.tooFewPlayers", error.seated);
    case "table":
      return tableRefusal(error.refusal, s);
    case "stored":
      return t("refusal.storedGameBroken", { game: error.game, detail: error.detail });
    case "notExportable":
      return t(error.voided ? "error.notExportableVoided" : "error.notExportableUnfinished", { game: error.game });
    case "nothingToExport":
      return t("error.nothingToExport");
    case "fileExists":
      return t("error.fileExists", { path: error.path });
    case "notWritten":
      return t("error.fileNotWritten", { path: error.path, detail: error.error });
    case "notRead":
      return t("error.fileNotRead", { path: error.path, detail: error.error });
    case "script": {
      // The script's own players, whom its refusals' seat numbers name; no board is in view.
      const own = speech(language, error.error.names);
      return t("error.scriptInvalid", {
        path: error.file,
        at: scriptPlace(error.error.at, own),
        reason: scriptProblem(error.error.problem, own),
      });
    }
    case "unfinished":
      return t("error.scriptUnfinished", { path: error.file });
    case "alreadyImported":
      return error.place === null
        ? t("error.alreadyInLedger", { game: error.game, date: formatDate(language, error.date) })
        : t("error.alreadyInLedgerAt", {
            game: error.game,
            date: formatDate(language, error.date),
            place: error.place,
          });
    default:
      return unreachable(error);
  }
}

/** The checklist rule a refusal cites, for its one-line explanation beside it. */
export function ruleOf(error: CommandError): string | null {
  if (error.kind !== "table") return null;
  switch (error.error.kind) {
    case "move":
    case "laterTurn":
    case "setup":
    case "tooFewPlayers":
      return error.error.rule;
    default:
      return null;
  }
}

function unreachable(value: never): never {
  throw new Error(`no words for ${JSON.stringify(value)}`);
}

/** Why the game on the table is not in a state for the request. */
function tableRefusal(refusal: TableRefusal, s: Speech): string {
  switch (refusal.kind) {
    case "noGame":
      return s.t("error.noGame");
    case "gameFinished":
      return s.t("error.gameFinished");
    case "noFinalCount":
      return s.t("refusal.noFinalCount");
    case "trackInTurns":
      return s.t("refusal.trackInTurns");
    case "trackSeats":
      return s.tn("refusal.trackSeats", refusal.seated, { given: refusal.given });
    default:
      return unreachable(refusal);
  }
}

/** Why the ledger refused a write; a failure of its own is quoted in its words. */
function ledgerRefusal(fault: LedgerFault, s: Speech): string {
  const { refusal, detail } = fault;
  const t = s.t;
  switch (refusal.kind) {
    case "nameTaken":
      return t("refusal.ledger.nameTaken", { name: refusal.name });
    case "emptyName":
      return t("refusal.ledger.emptyName");
    case "notFound":
      return t("refusal.ledger.notFound");
    case "gameEnded":
      return t("refusal.ledger.gameEnded");
    case "changedMeanwhile":
      return t("refusal.ledger.changedMeanwhile");
    case "notFinished":
      return t("refusal.ledger.notFinished");
    case "file":
      return fileProblem(refusal.problem, s);
    case "other":
      return t("error.ledger", { detail });
    default:
      return unreachable(refusal);
  }
}

/** Where in a game script, counted from 1 as people count (the file's lists count from 0). */
function scriptPlace(at: ScriptPlace, s: Speech): string {
  switch (at.kind) {
    case "move":
      return at.key === null
        ? s.t("refusal.script.move", { number: at.index + 1 })
        : s.t("refusal.script.moveKey", { number: at.index + 1, key: at.key });
    case "follower":
      return at.key === null
        ? s.t("refusal.script.follower", { number: at.index + 1 })
        : s.t("refusal.script.followerKey", { number: at.index + 1, key: at.key });
    case "text":
      return s.t("refusal.script.text", { line: at.line, column: at.column });
    case "key":
      return s.t("refusal.script.key", { path: at.path });
    default:
      return unreachable(at);
  }
}

/** What is wrong in a game script: the rules' refusals worded as at the table. */
function scriptProblem(problem: ScriptProblem, s: Speech): string {
  switch (problem.kind) {
    case "notJson":
      return s.t("refusal.script.notJson", { detail: problem.detail });
    case "format":
      return s.t("refusal.script.format", { detail: problem.detail });
    case "setup":
      return s.t("refusal.script.setup", { reason: setupRefusal(problem.error, s) });
    case "move":
      return moveRefusal(problem.error, s);
    case "noName":
      return s.t("refusal.script.noName");
    case "tooFewPlayers":
      return s.tn("refusal.tooFewPlayers", problem.seated);
    case "kingWithoutCity":
      return s.t("refusal.script.kingWithoutCity", { name: problem.holder });
    case "robberWithoutRoad":
      return s.t("refusal.script.robberWithoutRoad", { name: problem.holder });
    default:
      return unreachable(problem);
  }
}

/** Why a ledger cannot be used, and what the player can do about it. */
function describeLedgerProblem(path: string, problem: LedgerProblem, detail: string, t: Translate): string {
  switch (problem.kind) {
    case "dataFolder":
      return t("error.dataFolder", { path, detail });
    case "damaged":
      return t("error.ledgerDamaged", { path, detail });
    case "tooNew":
      return t("error.ledgerTooNew", { path, found: problem.found, supported: problem.supported });
    case "foreign":
      return t("error.ledgerForeign", { path });
    case "inUse":
      return t("error.ledgerInUse", { path, holder: problem.holder });
    case "access":
      return t("error.ledgerAccess", { path, detail });
    case "readOnly":
      return t("error.ledgerReadOnly", { path, detail });
    case "hardLinked":
      return t("error.ledgerHardLinked", { path, links: problem.links });
    case "missing":
      return t("refusal.ledgerMissing", { path });
    case "other":
      return t("error.ledgerUnavailable", { path, detail });
  }
}

/** What the app found at start, in the player's language. */
export function describeNotice(notice: StartNotice, t: Translate): string {
  switch (notice.kind) {
    case "settingsDamaged":
      return notice.aside === null
        ? t("notice.settingsUnreadable", { path: notice.path, detail: notice.detail })
        : t("notice.settingsDamaged", { path: notice.path, detail: notice.detail, aside: notice.aside });
    case "ledgerMissing":
      return t("notice.ledgerMissing", { chosen: notice.chosen, opened: notice.opened });
  }
}
