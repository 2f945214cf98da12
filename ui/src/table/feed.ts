// A score event in words: who, how many points, for what, and who was outvoted.
import type { PlayerView, ScoreView } from "../bindings";
import type { MessageKey } from "../i18n";
import { namesOf } from "../board/labels";

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** "Anna 8: city of 3 tiles + 1 pennant; Bram had fewer followers" */
export function describeScore(score: ScoreView, players: PlayerView[], t: Translate): string {
  let what: string;
  switch (score.kind) {
    case "road":
      what = t("feed.road", { tiles: score.tiles.length });
      break;
    case "city":
      what = t("feed.city", { tiles: score.tiles.length });
      if (score.pennants === 1) what += t("feed.pennant");
      else if (score.pennants > 1) what += t("feed.pennants", { n: score.pennants });
      break;
    case "cloister":
    case "shrine":
      what = t(`feed.${score.kind}`, { n: score.neighbours });
      break;
    case "farm": {
      const n = score.cities.length + (score.carcassonne ? 1 : 0);
      what = n === 1 ? t("feed.farmOne") : t("feed.farm", { n });
      break;
    }
    case "farm-city":
      what = t("feed.farm-city");
      break;
    case "king":
    case "robber":
      what = t(`feed.${score.kind}`, { n: score.points });
      break;
  }
  if (!score.complete && (score.kind === "road" || score.kind === "city" || score.kind === "cloister" || score.kind === "shrine")) {
    what += t("feed.unfinished");
  }
  let line = `${namesOf(players, score.winners)} ${score.points}: ${what}`;
  if (score.outvoted.length > 0) line += t("feed.outvoted", { names: namesOf(players, score.outvoted) });
  return line;
}
