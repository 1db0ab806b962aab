import { describe, expect, it } from "vitest";
import { memo } from "./memo";

describe("memo", () => {
  it("works a value out once, undefined results included, and forgets all when full", () => {
    const calls: string[] = [];
    const upper = memo((v: string) => {
      calls.push(v);
      return v === "none" ? undefined : v.toUpperCase();
    }, 2);
    expect(upper("a")).toBe("A");
    expect(upper("a")).toBe("A");
    expect(upper("none")).toBeUndefined();
    expect(upper("none")).toBeUndefined();
    expect(calls).toEqual(["a", "none"]);
    // A third value empties the cache: "a" is worked out again.
    expect(upper("b")).toBe("B");
    expect(upper("a")).toBe("A");
    expect(calls).toEqual(["a", "none", "b", "a"]);
  });
});
