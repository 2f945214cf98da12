import { expect, test } from "vitest";
import { describeError } from "./errors";
import { translate } from "./i18n";

test("every kind of failure is said in words, a later turn by its number", () => {
  const nl = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) => translate("nl", key, values);
  expect(describeError({ kind: "laterTurnRefused", turn: 2, reason: "not adjacent" }, nl)).toContain("2");
  expect(describeError({ kind: "laterTurnRefused", turn: 2, reason: "not adjacent" }, nl)).toContain("not adjacent");
  expect(describeError({ kind: "noGame" }, nl)).not.toBe("noGame");
  expect(describeError({ kind: "refused", reason: "edge" }, nl)).toContain("edge");
});
