import { expect, type Locator, type Page } from "@playwright/test";

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

/** Nothing on the page reaches past the window's width: no sideways scrolling. */
export async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** At phone width (375 px) the page does not scroll sideways; a full-page shot of it, then back to 1280 px. */
export async function shootAtPhoneWidth(page: Page, path: string) {
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSideScroll(page);
  await page.screenshot({ path, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}
