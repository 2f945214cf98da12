// How a player is marked on followers and tokens: the shortest start of the name that no
// other player's name shares, so "Anna" and "Anke" are "Ann" and "Ank", not both "A". And how
// the board names a square to the keyboard and screen readers: from the start tile, as players
// count it, never by coordinates the board does not draw.
import type { Color, PlayerView } from "../bindings";
import type { MessageKey } from "../i18n";

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * Where the square `x`, `y` lies, from the start tile as the board is seen turned `viewTurns`
 * quarter turns clockwise (north is up on the screen): "2 east, 1 north of the start tile".
 */
export function whereOnBoard(x: number, y: number, viewTurns: number, t: Translate): string {
  let [sx, sy] = [x, y];
  for (let i = 0; i < ((viewTurns % 4) + 4) % 4; i++) [sx, sy] = [-sy, sx];
  if (sx === 0 && sy === 0) return t("board.start");
  const steps: string[] = [];
  if (sx !== 0) steps.push(t(sx > 0 ? "board.east" : "board.west", { n: Math.abs(sx) }));
  if (sy !== 0) steps.push(t(sy > 0 ? "board.south" : "board.north", { n: Math.abs(sy) }));
  return t("board.fromStart", { steps: steps.join(", ") });
}

export function labels(names: string[]): string[] {
  return names.map((name, i) => {
    const others = names.filter((_, j) => j !== i).map((n) => n.toUpperCase());
    const upper = name.toUpperCase();
    for (let n = 1; n <= upper.length; n++) {
      const prefix = upper.slice(0, n);
      // Beyond three letters, keep two and the one that tells the names apart.
      if (!others.some((o) => o.startsWith(prefix))) return n <= 3 ? prefix : upper.slice(0, 2) + upper[n - 1];
    }
    return upper.slice(0, 3) || String(i + 1);
  });
}

/** The label of one seat among the players. */
export function letterOf(players: PlayerView[], seat: number): string {
  return labels(players.map((p) => p.name))[seat] ?? "?";
}

/** A seat's name, or "?" for a seat the game does not have. */
export function nameOf(players: PlayerView[], seat: number): string {
  return players[seat]?.name ?? "?";
}

/**
 * The colours the board and the badges paint for each player colour: the CSS colour of the
 * same name. Typed by the engine's colours, so a new colour cannot come without its paint.
 */
export const PLAYER_PAINT: Record<Color, string> = {
  red: "#ff0000",
  blue: "#0000ff",
  green: "#008000",
  yellow: "#ffff00",
  black: "#000000",
  gray: "#808080",
  pink: "#ffc0cb",
  purple: "#800080",
};

/** The two inks an initial is written in: whichever reads better on the player's colour. */
export const INKS = ["#ffffff", "#111111"] as const;

/** WCAG relative luminance of a `#rrggbb` colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A player colour as paint: the named colours by their values, anything else as given. */
export function paintOf(color: string): string {
  return PLAYER_PAINT[color as Color] ?? color;
}

/**
 * The ink for a player's initial on their colour: white on dark colours, near-black on light
 * ones (white on yellow is 1.07:1, unreadable). Colours it cannot read get near-black.
 */
export function inkOn(color: string): string {
  const paint = paintOf(color);
  if (!/^#[0-9a-f]{6}$/i.test(paint)) return INKS[1];
  return contrast(INKS[0], paint) >= contrast(INKS[1], paint) ? INKS[0] : INKS[1];
}
