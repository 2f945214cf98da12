// A feature a follower may move onto, in words: "farm north of Greta's cloister · 3
// completed cities". The engine chose the holder, the landmark and its side; this only words
// them, and turns the side with the board so "north" is up on the screen.
import type { Compass, FeatureKind, PlayerView, Target, Worth } from "../bindings";
import type { CountedKey, MessageKey } from "../i18n";
import { nameOf, whereOnBoard } from "../board/labels";

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
type TranslateCount = (base: CountedKey, n: number, values?: Record<string, string | number>) => string;
/** Several names as one list in words, as the language spoken joins them (`Intl.ListFormat`). */
type List = (items: readonly string[]) => string;

const SIDES: Compass[] = ["north", "east", "south", "west"];

/** The side as seen on the screen, the board turned `viewTurns` quarter turns clockwise. */
export function sideOnScreen(side: Compass, viewTurns: number): Compass {
  return SIDES[(SIDES.indexOf(side) + viewTurns) % 4]!;
}

/** The word for a kind of feature. Fields joined across tiles make the farm a farmer stands
 * on, and the table calls it that. */
export function featureKey(kind: FeatureKind): `feature.${Exclude<FeatureKind, "field">}` | "feature.farm" {
  return kind === "field" ? "feature.farm" : `feature.${kind}`;
}

function worth(w: Worth, t: Translate, tn: TranslateCount): string {
  switch (w.type) {
    case "tiles":
      return w.pennants > 0
        ? `${tn("target.tiles", w.tiles)}, ${tn("target.pennants", w.pennants)}`
        : tn("target.tiles", w.tiles);
    case "neighbours":
      return t("target.neighbours", { n: w.tiles });
    case "cities": {
      // "0 completed cities + the City of Carcassonne" says the City alone.
      if (w.carcassonne && w.completed === 0) return t("target.carcassonne");
      const cities = tn("target.cities", w.completed);
      return w.carcassonne ? `${cities} + ${t("target.carcassonne")}` : cities;
    }
  }
}

/**
 * What the target is and where, without what it is worth: "Anna's farm north of the cloister".
 * `definite` words it to stand in a sentence, with its article where the language wants one
 * ("de weg van Anna …", "die Straße von Anna …"); without it, as an entry of a list.
 */
export function nameTarget(
  target: Target,
  players: PlayerView[],
  t: Translate,
  list: List,
  viewTurns = 0,
  definite = false,
): string {
  const namesOf = (seats: number[]) => list(seats.map((s) => nameOf(players, s)));
  const kind = featureKey(target.kind);
  const seats = target.holders.map((h) => h.seat);
  const names = namesOf(seats);
  let what: string;
  if (definite) what = seats.length ? t(`${kind}.held`, { names }) : t(`${kind}.the`);
  else what = seats.length ? t("target.held", { names, what: t(kind) }) : t(kind);
  const l = target.landmark;
  if (!l) return what;
  const landmark =
    l.kind === "carcassonne" || l.holders.length === 0
      ? t(`landmark.${l.kind}`)
      : t(`landmark.${l.kind}.held`, { names: namesOf(l.holders) });
  const side = l.side ? sideOnScreen(l.side, viewTurns) : "by";
  return t(`target.${side}`, { what, landmark });
}

/**
 * The whole entry: its name, its worth, and, among entries that would read alike, where on the
 * board it lies, which the table can find (a number alone says nothing at the table); the
 * number stays for two alike on one square.
 */
export function describeTarget(
  target: Target,
  players: PlayerView[],
  t: Translate,
  tn: TranslateCount,
  list: List,
  viewTurns = 0,
  definite = false,
): string {
  const line = `${nameTarget(target, players, t, list, viewTurns, definite)} · ${worth(target.worth, t, tn)}`;
  if (target.alike === 0) return line;
  const where = whereOnBoard(target.at.x, target.at.y, viewTurns, t);
  return `${line} · ${where} (${t("target.alike", { n: target.alike })})`;
}

/** The text with its first letter a capital, for a sentence that begins with a name or a feature. */
export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
