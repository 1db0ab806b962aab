import * as lucide from "lucide-react";
import type { ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

type Svg = ComponentType<{ className?: string; "aria-hidden"?: boolean }>;

/** lucide-react's barrel adds a class per former name of an icon (lucide-verified): left out. */
const withoutNameClasses = (html: string) =>
  html.replace(
    /class="([^"]*)"/,
    (_, list: string) =>
      `class="${list
        .split(" ")
        .filter((c) => !c.startsWith("lucide-"))
        .join(" ")}"`,
  );

describe("light icons", () => {
  it("draw the same SVG as lucide-react's components, classes and aria-hidden included", () => {
    const modules = import.meta.glob<Record<string, Svg>>("./icons/*.ts", { eager: true });
    const light = Object.assign({}, ...Object.values(modules)) as Record<string, Svg>;
    const pairs = Object.entries(light).map(([name, Light]) => {
      const Lucide = (lucide as unknown as Record<string, Svg | undefined>)[name.replace(/Icon$/, "")];
      if (!Lucide) throw new Error(`lucide-react has no ${name.replace(/Icon$/, "")}`);
      return [Light, Lucide] as const;
    });
    expect(pairs.length).toBeGreaterThanOrEqual(34);
    for (const [Light, Lucide] of pairs) {
      const drawn = renderToStaticMarkup(<Light className="mt-0.5 h-4 w-4" />);
      const lucideDrawn = renderToStaticMarkup(<Lucide aria-hidden className="mt-0.5 h-4 w-4" />);
      expect(withoutNameClasses(drawn)).toBe(withoutNameClasses(lucideDrawn));
      // Its own name's class is kept (lucide lucide-map-pin).
      expect(lucideDrawn).toContain(/class="lucide (lucide-[a-z0-9-]+)/.exec(drawn)?.[1]);
      expect(drawn).toContain('aria-hidden="true"');
      expect(withoutNameClasses(renderToStaticMarkup(<Light />))).toBe(
        withoutNameClasses(renderToStaticMarkup(<Lucide />)),
      );
    }
  });
});
