// The one door to Rust. Components call these, never `invoke` directly, so every command's
// types come from the generated bindings and every failure arrives as a `CommandError`.
import {
  commands,
  type AppInfo,
  type CommandError,
  type CountQuestion,
  type Exported,
  type ExportFormat,
  type OpenedScriptView,
  type FollowerOption,
  type QuarterMoveOption,
  type QuarterMoveRequest,
  type RosterPlayer,
  type RulePresets,
  type Spot,
  type GameView,
  type MoveRequest,
  type NewGameRequest,
  type NightSummary,
  type ReplayView,
  type StatsView,
  type PlacementOption,
  type SettingKey,
  type StartNotice,
  type TrackView,
  type TurnView,
} from "./bindings";

/** Every rule id a score can carry, as the engine lists them. */
export { SCORE_RULES } from "./bindings";

/** The follower colours, the boxes a game may add to the base game, and the City's quarters
 * clockwise: the engine's lists, in its order, so no screen spells its own. */
export { COLORS, BOXES, QUARTERS } from "./bindings";

/** Where the board draws each place on a tile, as the table measures from them. */
export { PLACE_POINTS } from "./bindings";

/** The answers of the rule options with more than two, in the engine's order. */
export { FARM_RULES, TIE_RULES, UNPLACEABLE_RULES, COUNT_MOVEMENTS } from "./bindings";

/** What a command returned: its value, or the error Rust sent as data. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: CommandError };

async function call<T>(
  pending: Promise<{ status: "ok"; data: T } | { status: "error"; error: CommandError }>,
): Promise<Outcome<T>> {
  try {
    const result = await pending;
    return result.status === "ok" ? { ok: true, value: result.data } : { ok: false, error: result.error };
  } catch (e) {
    // The IPC layer itself failed (no backend, refused permission): not one of ours.
    return { ok: false, error: { kind: "internal", detail: e instanceof Error ? e.message : String(e) } };
  }
}

/** The engine's version and the size of the base game. */
export function appInfo(): Promise<Outcome<AppInfo>> {
  return call(commands.appInfo());
}

/** The game on the table; after a restart, the unfinished game where it stood. */
export function currentGame(): Promise<Outcome<GameView | null>> {
  return call(commands.currentGame());
}

export function startGame(request: NewGameRequest): Promise<Outcome<GameView>> {
  return call(commands.startGame(request));
}

/** Where the drawn tile may go, with the follower places at each spot. */
/** Where the drawn tile may go; with `before`, on the board as it stood before that move. */
export function placementOptions(tile: string, before: number | null = null): Promise<Outcome<PlacementOption[]>> {
  return call(commands.placementOptionsFor(tile, before));
}

/** Final board: where `seat` may stand a follower on the tile at `x`, `y`. */
export function standingPlaces(seat: number, x: number, y: number): Promise<Outcome<FollowerOption[]>> {
  return call(commands.standingPlacesFor(seat, x, y, null));
}

/** The game as it stood before move `index`, shown while that move is corrected. */
export function viewBeforeTurn(index: number): Promise<Outcome<GameView>> {
  return call(commands.viewBeforeTurn(index));
}

/** Replaces move `index` and replays the rest; refused, naming the move, if one no longer fits. */
export function correctTurn(index: number, request: MoveRequest): Promise<Outcome<GameView>> {
  return call(commands.correctTurn(index, request));
}

/** The Count's pending questions for a move before it is entered; null without the Count. */
export function countQuestion(
  request: MoveRequest,
  before: number | null = null,
): Promise<Outcome<CountQuestion | null>> {
  return call(commands.countQuestionFor(request, before));
}

export function play(request: MoveRequest): Promise<Outcome<GameView>> {
  return call(commands.play(request));
}

export function undo(): Promise<Outcome<GameView>> {
  return call(commands.undo());
}

export function redo(): Promise<Outcome<GameView>> {
  return call(commands.redo());
}

/** The final count, after the followers moved out of the City of Carcassonne, in order; a final
 * board with each seat's score before the end count, when the table gave them. */
export function finishGame(
  finalMoves: QuarterMoveRequest[] = [],
  track: number[] | null = null,
): Promise<Outcome<GameView>> {
  return call(commands.finishGame(finalMoves, track));
}

/** What each marker and its tokens read off the table add up to; null for a space not on the track. */
export function trackTotals(tracks: TrackView[]): Promise<Outcome<(number | null)[]>> {
  return call(commands.trackTotals(tracks).then((data) => ({ status: "ok" as const, data })));
}

/** Undoes the final count of the game just finished: the game goes on where it stood. */
export function reopenGame(): Promise<Outcome<GameView>> {
  return call(commands.reopenGame());
}

/** Who may take which followers out of the City before the final count, and where to, with
 * what is left of them once the `moves` chosen so far are made. */
export function finalMoveOptions(moves: QuarterMoveRequest[] = []): Promise<Outcome<QuarterMoveOption[]>> {
  return call(commands.finalMoveOptionsFor(moves));
}

/** The game's turn log, oldest first. */
export function turnLog(): Promise<Outcome<TurnView[]>> {
  return call(commands.turnLog());
}

/** Today's rules and the 2000 edition's, option by option. */
export function rulePresets(): Promise<Outcome<RulePresets>> {
  return call(commands.rulePresets().then((data) => ({ status: "ok" as const, data })));
}

/** The players the ledger knows, with the colour each likes. */
export function roster(): Promise<Outcome<RosterPlayer[]>> {
  return call(commands.roster());
}

/** Every game night, newest first, with its games. */
export function history(): Promise<Outcome<NightSummary[]>> {
  return call(commands.history());
}

/** Voids a finished game: kept in the history, left out of the statistics. */
export function voidGame(gameId: number): Promise<Outcome<NightSummary[]>> {
  return call(commands.voidGame(gameId));
}

/** Takes a voided game back into the statistics. */
export function unvoidGame(gameId: number): Promise<Outcome<NightSummary[]>> {
  return call(commands.unvoidGame(gameId));
}

/** Switches to another ledger file. */
export function useLedger(path: string): Promise<Outcome<AppInfo>> {
  return call(commands.useLedger(path));
}

/** A remembered game after `turn` steps. */
export function replayGame(gameId: number, turn: number): Promise<Outcome<ReplayView>> {
  return call(commands.replayGame(gameId, turn));
}

/** The statistics over every finished game. */
export function statistics(): Promise<Outcome<StatsView>> {
  return call(commands.statistics());
}

/** What the app found at start that the player should know. */
export function startNotices(): Promise<Outcome<StartNotice[]>> {
  return call(commands.startNotices().then((data) => ({ status: "ok" as const, data })));
}

/** Every saved setting, by key, unchecked. */
export function savedSettings(): Promise<Outcome<Partial<Record<SettingKey, unknown>>>> {
  return call(commands.settings());
}

/** Saves one setting; the file is rewritten whole, never left half-written. */
export function saveSetting(key: SettingKey, value: unknown): Promise<Outcome<null>> {
  return call(commands.saveSetting(key, value));
}

// Exports and opened scripts: the native dialog is asked for by Rust, so these pass no path
// (a path is only for tests, and only inside the folder the app was started to allow).

/** Exports a finished game; `title` is the save dialog's. `null`: the player cancelled. */
export function exportGame(gameId: number, format: ExportFormat, title: string): Promise<Outcome<Exported | null>> {
  return call(commands.exportGame(gameId, format, title, null));
}

/** Exports a night's finished games: one CSV or BG Stats file, or a folder of scripts. */
export function exportNight(nightId: number, format: ExportFormat, title: string): Promise<Outcome<Exported | null>> {
  return call(commands.exportNight(nightId, format, title, null));
}

/** Opens a game script the player picks and replays it; nothing is stored. */
export function openScript(title: string): Promise<Outcome<OpenedScriptView | null>> {
  return call(commands.openScript(title, null));
}

/** The opened script after `turn` steps. */
export function openedScriptStep(turn: number): Promise<Outcome<ReplayView>> {
  return call(commands.openedScriptStep(turn));
}

/** Adds the opened script's game to the ledger; `again` adds a game that is there already. */
export function addOpenedScript(again: boolean): Promise<Outcome<number>> {
  return call(commands.addOpenedScript(again));
}
