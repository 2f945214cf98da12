// A score event in words: who, how many points, for what, and who was outvoted; and the final
// count told line by line.
import type { CountStepView, CountView, FollowerOnBoard, PlayerView, ScoreView } from "../bindings";
import type { CountedKey, MessageKey } from "../i18n";
import { nameOf } from "../board/labels";

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
type TranslateCount = (base: CountedKey, n: number, values?: Record<string, string | number>) => string;
/** Several names as one list in words, as the language spoken joins them. */
type List = (items: readonly string[]) => string;

const namesOf = (players: PlayerView[], seats: number[], list: List) => list(seats.map((s) => nameOf(players, s)));

/** "Anna 8: city of 3 tiles + 1 pennant; Bram had fewer followers" */
export function describeScore(
  score: ScoreView,
  players: PlayerView[],
  t: Translate,
  tn: TranslateCount,
  list: List,
): string {
  let what: string;
  switch (score.kind) {
    case "road":
      what = tn("feed.road", score.tiles.length);
      break;
    case "city":
      what = tn("feed.city", score.tiles.length);
      if (score.pennants > 0) what += tn("feed.pennants", score.pennants);
      break;
    case "cloister":
    case "shrine":
    case "garden":
      what = tn(`feed.${score.kind}`, score.neighbours);
      break;
    case "farm":
      what = tn("feed.farm", score.cities.length + (score.carcassonne ? 1 : 0));
      break;
    case "farm-city":
      what = t("feed.farm-city");
      break;
    case "king":
    case "robber":
      what = tn(`feed.${score.kind}`, score.points);
      break;
    case "goods":
      what = t(`feed.goods.${score.goods ?? "wine"}`);
      break;
    case "gold":
      what = t("feed.gold");
      break;
  }
  // An abbot taken back scores its building as it stands: said so, not "unfinished".
  if (score.recalled) what += t("feed.recalled");
  else if (
    !score.complete &&
    (score.kind === "road" ||
      score.kind === "city" ||
      score.kind === "cloister" ||
      score.kind === "shrine" ||
      score.kind === "garden")
  ) {
    what += t("feed.unfinished");
  }
  // A pig (or River II's herd) raised its owner's pay per city (T-17, X-12).
  if (score.pigs && score.pigs.length > 0) what += t("feed.pigs", { names: namesOf(players, score.pigs, list) });
  // The mage's point a tile or the witch's half is in the points: said who changed them.
  if (score.rule === "MW-06") what += t("magic.feed.mage");
  else if (score.rule === "MW-07") what += t("magic.feed.witch");
  // Made by a double turn's second tile (T-08): said, as the same player scored twice in a row.
  if (score.secondTile) what += t("feed.secondTile");
  let line = `${namesOf(players, score.winners, list)} ${score.points}: ${what}`;
  // Goods are held, not followed: those outvoted held fewer tokens of the kind (T-05).
  const fewer = score.kind === "goods" ? "feed.fewerTokens" : "feed.outvoted";
  if (score.outvoted.length > 0) line += t(fewer, { names: namesOf(players, score.outvoted, list) });
  return line;
}

/**
 * One line of the final count as the table tells it: a step of the count, or every farm that
 * supplies no completed city folded into one line (they add nothing, and a table with many
 * lone farmers would otherwise click through them one by one).
 */
export interface StoryLine {
  /** The count's steps on this line, oldest first. */
  steps: CountStepView[];
  /** Whether this is the line of the farms worth nothing. */
  folded: boolean;
}

const worthless = (s: CountStepView) => s.score.kind === "farm" && s.score.points === 0;

/** The count's steps as lines: each step its own line, the worthless farms (two or more) one
 * line where the first of them was. */
export function countStory(count: CountView): StoryLine[] {
  const zero = count.steps.filter(worthless);
  if (zero.length < 2) return count.steps.map((s) => ({ steps: [s], folded: false }));
  const lines: StoryLine[] = [];
  for (const s of count.steps) {
    if (!worthless(s)) lines.push({ steps: [s], folded: false });
    else if (s === zero[0]) lines.push({ steps: zero, folded: true });
  }
  return lines;
}

/** Each seat's total once the first `shown` lines of the story are told: the totals before
 * the count plus what those lines add. */
export function totalsAt(count: CountView, story: StoryLine[], shown: number): number[] {
  const totals = [...count.before];
  for (const line of story.slice(0, shown)) {
    for (const step of line.steps) step.adds.forEach((n, seat) => (totals[seat] = (totals[seat] ?? 0) + n));
  }
  return totals;
}

/**
 * The feed's lines to show while the count is told: every score made before the count, and of
 * the count's only those of the first `shown` lines. The feed is newest first, so the count's
 * scores are its first `count.steps.length` entries, the last step first. Returns the indices
 * into the feed.
 */
export function feedShown(feed: ScoreView[], count: CountView, story: StoryLine[], shown: number): number[] {
  // A folded line holds steps from further on, so the steps told need not be the first ones.
  const told = new Set(story.slice(0, shown).flatMap((line) => line.steps.map((s) => count.steps.indexOf(s))));
  const counted = count.steps.length;
  return feed.map((_, i) => i).filter((i) => i >= counted || told.has(counted - 1 - i));
}

/** "Anna and Bram 0: 3 farms supplying no completed city" */
export function describeFolded(line: StoryLine, players: PlayerView[], tn: TranslateCount, list: List): string {
  const seats = [...new Set(line.steps.flatMap((s) => s.score.winners))].sort((a, b) => a - b);
  return `${namesOf(players, seats, list)} 0: ${tn("feed.zeroFarms", line.steps.length)}`;
}

/**
 * The figures on the board while the first `gone` lines of the story have been told and left:
 * those standing after the count (the farmers), and every figure a later line sends home. A
 * line's own figures stay on the feature it scores while it is shown, and leave with it.
 */
export function standingAt(after: FollowerOnBoard[], story: StoryLine[], gone: number): FollowerOnBoard[] {
  return [...after, ...story.slice(gone).flatMap((line) => line.steps.flatMap((s) => s.home))];
}

/** The players with the figures still on the board at that point taken out of their hands. */
export function inHandAt(players: PlayerView[], story: StoryLine[], gone: number): PlayerView[] {
  const out = story.slice(gone).flatMap((line) => line.steps.flatMap((s) => s.home));
  if (out.length === 0) return players;
  return players.map((p, seat) => {
    const mine = out.filter((f) => f.seat === seat);
    if (mine.length === 0) return p;
    const less = (figure: string) => mine.filter((f) => f.figure === figure).length;
    return {
      ...p,
      supply: p.supply - less("follower"),
      figures: p.figures.map((f) => ({ ...f, count: f.count - less(f.figure) })),
    };
  });
}
