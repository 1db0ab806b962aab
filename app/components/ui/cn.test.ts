import { describe, expect, it } from "vitest";
import { buttonClass } from "./button";
import { cn } from "./cn";

describe("cn", () => {
  it("skips falsy values and keeps the rest in order", () => {
    expect(cn("a", false, null, undefined, "b")).toBe("a b");
  });

  it("lets a caller's class win over a variant's of the same kind", () => {
    // The three places seen broken: a red ghost button, a grey read-only field, a white-on-brand ghost link.
    expect(buttonClass("ghost", "sm", "text-red-700 hover:bg-red-50")).not.toMatch(
      /text-slate-700|hover:bg-slate-100/,
    );
    expect(cn("bg-white text-slate-900", "bg-slate-100 text-slate-700")).toBe("bg-slate-100 text-slate-700");
    expect(buttonClass("ghost", "lg", "text-white hover:bg-brand-700")).toMatch(
      /text-white hover:bg-brand-700$/,
    );
    expect(buttonClass("ghost", "lg", "text-white hover:bg-brand-700")).not.toMatch(
      /text-slate-700|hover:bg-slate-100/,
    );
  });
});
