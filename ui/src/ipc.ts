// The one door to Rust. Components call these, never `invoke` directly, so every command's
// types come from the generated bindings and every failure arrives as a `CommandError`.
import { commands, type CommandError, type ExportFormat, type Language } from "./bindings";

/** Every rule id a score can carry, as the engine lists them. */
export { SCORE_RULES } from "./bindings";

/** The follower colours, the boxes a game may add to the base game, and the City's quarters
 * clockwise: the engine's lists, in its order, so no screen spells its own. The lengths of a
 * name and a place, which the inputs stop at (`maxlength` counts UTF-16 units, never more
 * than the table's characters), so that typing never meets the table's refusal. */
export { COLORS, BOXES, QUARTERS, LIMITS } from "./bindings";

/** Where the board draws each place on a tile, as the table measures from them. */
export { PLACE_POINTS } from "./bindings";

/** Every place on a tile, in the engine's order. */
export { PORTS } from "./bindings";

/** The degrees of each rotation as the engine's refusals name it. */
export { ROTATION_DEGREES } from "./bindings";

/** The answers of the rule options with more than two, in the engine's order. */
export { FARM_RULES, TIE_RULES, UNPLACEABLE_RULES, COUNT_MOVEMENTS } from "./bindings";

/** What a command returned: its value, or the error Rust sent as data. */
export type Outcome<T> = Answered<T> | { ok: false; error: CommandError };

/** A command that answered, with its value. */
export type Answered<T> = { ok: true; value: T };

/** How a generated command that can fail replies. */
type Reply<T> = { status: "ok"; data: T } | { status: "error"; error: CommandError };

/** What a command answers with: the data of its reply, or what it returns when it cannot fail. */
type Answer<R> = [R] extends [Reply<infer T>] ? T : R;

/** Each generated command, taking the same arguments and answering with an `Outcome`. */
export type Outcomes<C> = {
  [K in keyof C]: C[K] extends (...args: infer A) => Promise<infer R>
    ? (...args: A) => Promise<Outcome<Answer<R>>>
    : never;
};

function isCommandError(value: unknown): value is CommandError {
  return typeof value === "object" && value !== null && "kind" in value && typeof value.kind === "string";
}

function isReply(value: unknown): value is Reply<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    "status" in value &&
    (value.status === "ok" || value.status === "error")
  );
}

async function call(pending: Promise<unknown>): Promise<Outcome<unknown>> {
  try {
    const result = await pending;
    if (!isReply(result)) return { ok: true, value: result };
    if (result.status === "ok") return { ok: true, value: result.data };
    // A request Rust could not even read (its arguments' types) is refused by Tauri with a
    // bare message before any command runs: not one of ours either.
    const error: unknown = result.error;
    return { ok: false, error: isCommandError(error) ? error : { kind: "internal", detail: String(error) } };
  } catch (e) {
    // The IPC layer itself failed (no backend, refused permission): not one of ours.
    return { ok: false, error: { kind: "internal", detail: e instanceof Error ? e.message : String(e) } };
  }
}

/** Every generated command, its reply turned into an `Outcome`. The overload carries the
 * commands' own types; the body works on any of them alike. */
function outcomes<C extends object>(generated: C): Outcomes<C>;
function outcomes(
  generated: Record<string, (...args: unknown[]) => Promise<unknown>>,
): Record<string, (...args: unknown[]) => Promise<Outcome<unknown>>> {
  return Object.fromEntries(
    Object.entries(generated).map(([name, command]) => [name, (...args: unknown[]) => call(command(...args))]),
  );
}

/** The commands, each answering with an `Outcome`. */
export const {
  appInfo,
  currentGame,
  startGame,
  placementOptionsFor,
  standingPlacesFor,
  magicStandingPlacesFor,
  countQuestionFor,
  tellQuestionsFor,
  roster,
  rulePresets,
  finalMoveOptionsFor,
  turnLog,
  viewBeforeTurn,
  correctTurn,
  play,
  undo,
  redo,
  finishGame,
  trackTotals,
  reopenGame,
  history,
  useLedger,
  replayGame,
  statistics,
  voidGame,
  unvoidGame,
  startNotices,
  settings,
  saveSetting,
  openedScriptStep,
  addOpenedScript,
} = outcomes(commands);

// Exports and opened scripts: the native dialog is asked for by Rust, so the page passes no
// path (a path is only for tests, and only inside the folder the app was started to allow).
const {
  exportGame: exportGameTo,
  exportNight: exportNightTo,
  saveNightPicture: saveNightPictureAt,
  saveGamePicture: saveGamePictureAt,
  openScript: openScriptAt,
} = outcomes(commands);

/** Exports a finished game; `title` is the save dialog's. `null`: the player cancelled. */
export const exportGame = (gameId: number, format: ExportFormat, title: string) =>
  exportGameTo(gameId, format, title, null);

/** Exports a night's finished games: one CSV or BG Stats file, or a folder of scripts. */
export const exportNight = (nightId: number, format: ExportFormat, title: string) =>
  exportNightTo(nightId, format, title, null);

/** Saves a night as one PNG picture, its words in `language`. `null`: the player cancelled. */
export const saveNightPicture = (nightId: number, language: Language, title: string) =>
  saveNightPictureAt(nightId, language, title, null);

/** Saves one finished game as a PNG picture, its words in `language`. `null`: cancelled. */
export const saveGamePicture = (gameId: number, language: Language, title: string) =>
  saveGamePictureAt(gameId, language, title, null);

/** Opens a game script the player picks and replays it; nothing is stored. */
export const openScript = (title: string) => openScriptAt(title, null);
