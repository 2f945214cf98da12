// A turn's new view of the game, sharing with the last view every part that did not change:
// the same tile, follower, bag entry or score line is the same object as before. Svelte
// compares what it draws by identity, so the page then updates the few things a turn changed
// instead of every tile, follower and line of a long game.

// Each object's JSON text, worked out once: an object kept from one view to the next is
// compared again on the next turn.
const texts = new WeakMap<object, string>();

function textOf(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * `next`, with every part equal to the same part of `previous` replaced by that part; the
 * whole of `previous` when nothing changed. Equal means equal data: views are plain JSON.
 */
export function steady<T>(previous: T, next: T): T {
  return keep(previous, next) as T;
}

function keep(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous;
  if (Array.isArray(previous) && Array.isArray(next)) return keepItems(previous, next);
  if (isRecord(previous) && isRecord(next)) return keepFields(previous, next);
  return next;
}

/** An object's fields each kept as far as they are unchanged. */
function keepFields(previous: Record<string, unknown>, next: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let same = Object.keys(previous).length === Object.keys(next).length;
  for (const [name, value] of Object.entries(next)) {
    const kept = keep(previous[name], value);
    if (kept !== previous[name] || !(name in previous)) same = false;
    out[name] = kept;
  }
  return same ? previous : out;
}

/**
 * A list's items matched by their content wherever they stand: a new score line comes first
 * and moves the others down, a follower scored leaves from the middle. An item that changed
 * is taken as it comes.
 */
function keepItems(previous: unknown[], next: unknown[]): unknown[] {
  const byText = new Map<string, unknown>();
  for (const item of previous) if (typeof item === "object" && item !== null) byText.set(textOf(item), item);
  let same = previous.length === next.length;
  const out = next.map((item, i) => {
    const kept = typeof item === "object" && item !== null ? (byText.get(textOf(item)) ?? item) : item;
    if (kept !== previous[i]) same = false;
    return kept;
  });
  return same ? previous : out;
}
