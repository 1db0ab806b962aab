import type { Locator, Page } from "@playwright/test";

/** What a Tailwind class computes to on this page (e.g. the red of `text-red-700`), for comparing. */
export async function classValue(
  page: Page,
  className: string,
  property: "color" | "backgroundColor",
): Promise<string> {
  return page.evaluate(
    ([cls, prop]) => {
      const el = document.createElement("span");
      el.className = cls;
      document.body.append(el);
      const value = getComputedStyle(el)[prop as "color"];
      el.remove();
      return value;
    },
    [className, property] as const,
  );
}

export function computed(locator: Locator, property: "color" | "backgroundColor"): Promise<string> {
  return locator.evaluate((el, prop) => getComputedStyle(el)[prop as "color"], property);
}
