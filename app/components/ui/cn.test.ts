import { describe, expect, it } from "vitest";
import { buttonVariants } from "./button";
import { cn } from "./cn";

describe("cn", () => {
  it("skips falsy values and keeps the rest in order", () => {
    expect(cn("a", false, null, undefined, "b")).toBe("a b");
  });

  it("lets a caller's class win over a variant's of the same kind", () => {
    expect(cn("bg-white text-slate-900", "bg-slate-100 text-slate-700")).toBe("bg-slate-100 text-slate-700");
    expect(cn(buttonVariants({ variant: "outline" }), "w-full border-white")).toMatch(/border-white$/);
    expect(cn(buttonVariants({ variant: "outline" }), "w-full border-white")).not.toMatch(/border-slate-300/);
  });
});

describe("button variants", () => {
  it("has a quiet red one and one for the brand band, so callers do not override colours", () => {
    expect(buttonVariants({ variant: "danger-ghost", size: "sm" })).toMatch(/text-red-700 hover:bg-red-50/);
    expect(buttonVariants({ variant: "danger-ghost" })).not.toMatch(/text-slate-700/);
    expect(buttonVariants({ variant: "on-brand", size: "lg" })).toMatch(/text-white hover:bg-brand-700/);
    expect(buttonVariants()).toMatch(/bg-brand-600/);
  });
});
