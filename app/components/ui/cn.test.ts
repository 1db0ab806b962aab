import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buttonVariants } from "./button";
import { cn } from "./cn";

describe("cn", () => {
  it("skips falsy values and keeps the rest in order", () => {
    expect(cn("a", false, null, undefined, "b")).toBe("a b");
  });

  it("refuses two classes of the same kind, whose winner would be the stylesheet's order", () => {
    expect(() => cn("bg-white text-slate-900", "bg-slate-100")).toThrow(
      /Conflicting classes: bg-white and a later class of the same kind/,
    );
    expect(() => cn("border border-slate-300 hover:bg-slate-50", "border-white")).toThrow(/border-slate-300/);
    expect(() => cn("px-5 py-4", "py-6")).toThrow(/py-4/);
  });

  it("accepts classes of different kinds, repeats and variants of a property", () => {
    expect(cn(buttonVariants({ variant: "outline" }), "w-full")).toBe("btn btn-outline btn-md w-full");
    expect(cn("p-4", "p-4")).toBe("p-4 p-4");
    expect(cn("text-sm", "sm:text-base", "bg-white hover:bg-slate-50")).toBe(
      "text-sm sm:text-base bg-white hover:bg-slate-50",
    );
  });
});

describe("button variants", () => {
  it("are the primitives' own classes, which a caller's utility overrides without merging", () => {
    expect(buttonVariants({ variant: "danger-ghost", size: "sm" })).toBe("btn btn-danger-ghost btn-sm");
    expect(buttonVariants({ variant: "on-brand", size: "lg" })).toBe("btn btn-on-brand btn-lg");
    expect(buttonVariants()).toBe("btn btn-primary btn-md");
    // A caller's colour next to a variant is no conflict: the variant's is in a lower layer.
    expect(cn(buttonVariants({ variant: "outline", size: "sm" }), "text-red-700")).toBe(
      "btn btn-outline btn-sm text-red-700",
    );
  });

  it("each have a rule in the components layer of the stylesheet", () => {
    const css = fs.readFileSync(path.resolve("app/app.css"), "utf8");
    const layer = css.slice(css.indexOf("@layer components"));
    for (const name of buttonVariants({})
      .split(" ")
      .concat(
        [
          "primary",
          "secondary",
          "outline",
          "ghost",
          "danger",
          "danger-ghost",
          "on-brand",
          "sm",
          "md",
          "lg",
        ].map((v) => `btn-${v}`),
      ))
      expect(layer).toContain(`.${name} {`);
    for (const name of [
      "data-table",
      "card",
      "card-header",
      "card-title",
      "card-content",
      "th",
      "td",
      "badge",
      "alert",
      "control",
      "control-line",
      "label",
    ])
      expect(layer).toContain(`.${name} {`);
  });
});
