import { flushSync, mount, unmount } from "svelte";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MagicChoice, MagicQuestion as Question, PlayerView, Target, Told } from "../../bindings";
import type { Lit } from "../lit";
import MagicQuestion from "./MagicQuestion.svelte";

const players = [{ name: "Anna", color: "green" } as unknown as PlayerView];
const city: Target = {
  at: { x: 0, y: 0, place: "N" },
  kind: "city",
  tiles: [[0, 0]],
  holders: [],
  landmark: null,
  worth: { type: "tiles", tiles: 1, pennants: 0 },
  alike: 0,
};
const choice = (over: Partial<MagicChoice>): MagicChoice => ({
  mage: null,
  witch: null,
  targets: [],
  removable: [],
  ...over,
});

let shown: ReturnType<typeof mount> | null = null;
afterEach(() => {
  if (shown) unmount(shown);
  shown = null;
  document.body.innerHTML = "";
});

function ask(question: Question) {
  const props = $state({
    question,
    told: {} as Told,
    unanswered: {} as Record<string, boolean>,
    players,
    placer: 0,
    viewTurns: 0,
    onAsk: vi.fn(async () => {}),
    onShow: vi.fn(),
    onLight: vi.fn<(lit: Lit | null) => void>(),
  });
  shown = mount(MagicQuestion, { target: document.body, props });
  flushSync();
  return props;
}

const button = (selector: string) => document.querySelector<HTMLButtonElement>(selector)!;

describe("MagicQuestion", () => {
  it("lights the places once a figure is chosen, and a place clicked is the answer", () => {
    const props = ask({ tile: choice({ targets: [city] }), fix: null });
    expect(props.unanswered.magic, "asked and not answered").toBe(true);
    expect(document.querySelector("[data-magic-to]"), "no place before the figure").toBeNull();
    expect(props.onLight).not.toHaveBeenLastCalledWith(expect.objectContaining({ targets: [city] }));
    button("#magic-tile-witch").click();
    flushSync();
    expect(props.onLight).toHaveBeenLastCalledWith(expect.objectContaining({ targets: [city] }));
    button('[data-magic-to="0,0,N"]').click();
    flushSync();
    expect(props.told.magic).toEqual({ kind: "to", figure: "witch", cell: { x: 0, y: 0 }, port: "N" });
    expect(props.unanswered.magic).toBe(false);
    expect(props.onAsk, "the join's question may hang on it").toHaveBeenCalled();
    expect(button('[data-magic-to="0,0,N"]').getAttribute("aria-pressed")).toBe("true");
  });

  it("with nowhere to go, asks which figure comes off", () => {
    const props = ask({ tile: choice({ witch: { x: 1, y: 0, place: "S" }, removable: ["witch"] }), fix: null });
    expect(document.querySelector("#magic-tile-mage"), "no figure to send anywhere").toBeNull();
    expect(document.body.textContent).toContain("No unfinished road or city can take a figure");
    button("#magic-tile-off-witch").click();
    flushSync();
    expect(props.told.magic).toEqual({ kind: "remove", figure: "witch" });
    expect(props.unanswered.magic).toBe(false);
  });

  it("asks the join's move apart from the tile's, and both must be answered", () => {
    const props = ask({ tile: null, fix: choice({ mage: city.at, witch: city.at, targets: [city] }) });
    expect(document.querySelector("#magic-tile")).toBeNull();
    expect(document.querySelector("#magic-fix")?.textContent).toContain("The mage and the witch meet");
    button("#magic-fix-mage").click();
    flushSync();
    button('#magic-fix [data-magic-to="0,0,N"]').click();
    flushSync();
    expect(props.told.magicFix).toEqual({ kind: "to", figure: "mage", cell: { x: 0, y: 0 }, port: "N" });
    expect(props.told.magic ?? null).toBeNull();
    expect(props.unanswered.magic).toBe(false);
  });
});
