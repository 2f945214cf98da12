// What the board picks out for the table to look at, and what is shown larger: a score picked
// in the feed, a step of the final count, a target pointed at in a list (its place marked, its
// tiles lit), the features a follower leaving the City may move onto, the square under the
// pointer, the scores filling the screen. The board's own zoom and pan are the board's; this is
// what the page tells it to show. Nothing here decides a rule.
import type { FarmStepView, GameView, ScoreView, Spot, Target } from "../bindings";
import type { Lit } from "./lit";

type Tiles = [number, number][];

// One empty list for every time nothing is lit, so the board is not told of a change when
// nothing changed.
const NO_TILES: Tiles = [];

/** Where a score is marked on the board: goods are held, not on the board (T-05). */
export function placeOf(score: ScoreView | null): Spot | null {
  return score && score.kind !== "goods" ? score.at : null;
}

/** What the board lights: tiles picked out, the cities a farm supplies, a farm outlined. */
export interface Picked {
  highlight: Tiles;
  secondary: Tiles;
  farm: FarmStepView | null;
}

/** What is looked at, as `BoardFocus` holds it. */
export interface Looked {
  selected: number | null;
  shown: Tiles | null;
  step: ScoreView | null;
  stepFarm: FarmStepView | null;
}

/**
 * What the board lights for what is looked at: tiles pointed at in a list before all else; a
 * farm is outlined, not lit. A step of the final count being told before a line picked in the
 * feed. The count's steps are the feed's first lines, the last step first: a farm of the count
 * picked in the feed is outlined too.
 */
export function picked(looked: Looked, game: GameView): Picked {
  const { selected, shown, step } = looked;
  const count = game.finished ? (game.result?.count ?? null) : null;
  const feedFarm =
    count && selected !== null && selected < count.steps.length
      ? (count.steps[count.steps.length - 1 - selected]?.farm ?? null)
      : null;
  const farm = step ? looked.stepFarm : feedFarm;
  const score = step ?? (selected === null ? undefined : game.feed[selected]);
  return {
    highlight: shown ?? (farm ? NO_TILES : (score?.tiles ?? NO_TILES)),
    secondary: shown || farm ? NO_TILES : (score?.cityTiles ?? NO_TILES),
    farm,
  };
}

/** What the board picks out now, changed as the table points, picks and the game moves on. */
export class BoardFocus implements Looked {
  /** The line of the feed picked. */
  selected: number | null = $state(null);
  /** Tiles pointed at in a list (a notice, a turn, a target). */
  shown: Tiles | null = $state.raw(null);
  marker: Spot | null = $state.raw(null);
  /** The features a follower leaving the City may move onto, to be clicked. */
  lit: Lit | null = $state.raw(null);
  /** The step of the final count being told, and its farm, drawn as the farm's outline. */
  step: ScoreView | null = $state.raw(null);
  stepFarm: FarmStepView | null = $state.raw(null);
  /** The square under the pointer. */
  hovered: [number, number] | null = $state.raw(null);
  /** The scores shown large, filling the screen. */
  large = $state(false);

  /** A line of the feed picked, or let go when picked again; its place marked. */
  select(index: number, score: ScoreView) {
    this.selected = this.selected === index ? null : index;
    this.marker = this.selected === null ? null : placeOf(score);
  }

  /** A target pointed at in a list, or none: its place marked and its tiles lit. */
  showTarget(target: Target | null) {
    this.marker = target?.at ?? null;
    this.shown = target?.tiles ?? null;
  }

  /** A step of the final count being told, its place marked. */
  showStep(step: ScoreView | null, farm: FarmStepView | null) {
    this.step = step;
    this.stepFarm = farm;
    this.marker = placeOf(step);
  }

  /** The game changed: what was picked in it is let go. */
  moved() {
    this.selected = null;
    this.marker = null;
  }

  /** The game reopened: no step of a count is shown any more. */
  reopened() {
    this.step = null;
    this.stepFarm = null;
    this.marker = null;
  }
}
