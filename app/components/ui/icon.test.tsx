import { ChevronRight, MapPin, Menu, Recycle } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChevronRightIcon, MapPinIcon, MenuIcon, RecycleIcon } from "./icons";

describe("light icons", () => {
  it("draw the same SVG as lucide-react's components, classes and aria-hidden included", () => {
    const pairs = [
      [MapPinIcon, MapPin],
      [RecycleIcon, Recycle],
      [MenuIcon, Menu],
      [ChevronRightIcon, ChevronRight],
    ] as const;
    for (const [Light, Lucide] of pairs) {
      const light = renderToStaticMarkup(<Light className="mt-0.5 h-4 w-4" />);
      expect(light).toBe(renderToStaticMarkup(<Lucide aria-hidden className="mt-0.5 h-4 w-4" />));
      expect(light).toContain('aria-hidden="true"');
      expect(renderToStaticMarkup(<Light />)).toBe(renderToStaticMarkup(<Lucide />));
    }
  });
});
