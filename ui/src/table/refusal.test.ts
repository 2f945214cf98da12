import { expect, test } from "vitest";
import type { CommandError } from "../bindings";
import { Refusal } from "./refusal.svelte";

const internal: CommandError = { kind: "internal", detail: "disk full" };

test("a refusal is kept, worded, until let go; an answer hands its value on", () => {
  const refusal = new Refusal(() => ({ names: ["Anna"], viewTurns: 0 }));
  const answer = { ok: true, value: 7 } as const;
  expect(refusal.take(answer)).toBe(true);
  expect(refusal.message).toBeNull();
  expect(refusal.take({ ok: false, error: internal })).toBe(false);
  expect(refusal.message).toContain("disk full");
  expect(refusal.rule, "an internal error cites no rule").toBeNull();
  expect(refusal.take(answer), "an answer alone does not let the refusal go").toBe(true);
  expect(refusal.message).toContain("disk full");
  refusal.clear();
  expect(refusal.message).toBeNull();
});
