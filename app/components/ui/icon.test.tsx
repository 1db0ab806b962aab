import fs from "node:fs";
import path from "node:path";
import * as lucide from "lucide-react";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

type Svg = ComponentType<{ className?: string; "aria-hidden"?: boolean }>;

const spriteFile = path.join(import.meta.dirname, "icons/sprite.svg");
/** The sprite's symbols: id → what it draws. */
const symbols = new Map(
  [
    ...fs
      .readFileSync(spriteFile, "utf8")
      .matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g),
  ].map((m) => [m[1]!, m[2]!]),
);

const modules = import.meta.glob<Record<string, Svg>>("./icons/*.ts", { eager: true });
const light = Object.entries(Object.assign({}, ...Object.values(modules)) as Record<string, Svg>);

function lucideOf(name: string): Svg {
  const Lucide = (lucide as unknown as Record<string, Svg | undefined>)[name.replace(/Icon$/, "")];
  if (!Lucide) throw new Error(`lucide-react has no ${name.replace(/Icon$/, "")}`);
  return Lucide;
}

describe("light icons", () => {
  it("each name a symbol of the sprite that draws what lucide-react's component draws", () => {
    expect(light.length).toBeGreaterThanOrEqual(37);
    for (const [name, Light] of light) {
      const drawn = renderToStaticMarkup(<Light className="mt-0.5 h-4 w-4" />);
      const Lucide = lucideOf(name);
      const lucideDrawn = renderToStaticMarkup(<Lucide aria-hidden className="mt-0.5 h-4 w-4" />);
      const id = /class="lucide lucide-([a-z0-9-]+) mt-0\.5 h-4 w-4"/.exec(drawn)?.[1];
      expect(id, name).toBeDefined();
      // lucide-react's class for the icon's name is among its component's classes.
      expect(lucideDrawn, name).toContain(`lucide-${id}`);
      expect(drawn, name).toMatch(
        new RegExp(`<use href="[^"#?]*sprite[^"#?]*\\.svg(\\?no-inline)?#${id}"></use>`),
      );
      // The symbol draws what lucide-react's component draws inside its <svg>.
      const inside = /<svg[^>]*>(.*)<\/svg>/.exec(lucideDrawn)?.[1];
      expect(symbols.get(id!), name).toBe(inside);
      // lucide's stroke is the stylesheet's (.lucide:has(> use)); its viewBox the symbol's.
      expect(lucideDrawn, name).toContain(
        'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"',
      );
    }
  });

  it("are 24 px wide and high unless a class says otherwise, decorative, and take the caller's attributes", () => {
    const [, Light] = light[0]!;
    const drawn = renderToStaticMarkup(<Light data-testid="x" />);
    expect(drawn).toMatch(
      /^<svg width="24" height="24" class="lucide lucide-[a-z0-9-]+" aria-hidden="true" data-testid="x"><use /,
    );
  });

  it("the stylesheet draws them with lucide's stroke, below the utilities", () => {
    const css = fs.readFileSync(path.join(import.meta.dirname, "../../app.css"), "utf8");
    const base = css.slice(css.indexOf("@layer base"), css.indexOf("@layer components"));
    expect(base).toMatch(
      /\.lucide:has\(> use\) \{\s*fill: none;\s*stroke: currentColor;\s*stroke-width: 2;\s*stroke-linecap: round;\s*stroke-linejoin: round;\s*\}/,
    );
  });
});
