/**
 * Distance search (issue 16): a full postcode, a town typed three ways, "Use my location"
 * (granted, refused, outside Great Britain), an unknown postcode, the map of the results and of a
 * profile, the phone layout, and the API. Data: tests/fixtures/90-distance.ts.
 *
 * Distances are checked against ones computed here from the fixture's own grid references:
 * sqrt(dE² + dN²) / 1609.344 miles, to one decimal place, from the place's centroid (the mean of
 * the located registrations it names). Other carriers may be near too (the admin spec's register
 * import adds five at E 430000 N 433000, in central Leeds), so the lists are compared on this
 * fixture's carriers, and the whole list only for its order.
 */
import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import proj4 from "proj4";
import {
  DISTANCE,
  DISTANCE_CARRIERS,
  LEEDS_CENTRE,
  STOKE_CENTRE,
  type DistanceCarrier,
} from "../fixtures/90-distance";
import { expectAccessible } from "./support/auth-helpers";

const METRES_PER_MILE = 1609.344;
const OUTSIDE_GB =
  "That position is outside Great Britain. This directory lists carriers registered in England and Wales: search for a town or a postcode instead.";
const REFUSED =
  "Your browser did not share your location. Allow it for this site, or search for a town or postcode instead.";

// EPSG:27700 (British National Grid) as EPSG publishes it, for the test's own conversions.
const BNG =
  "+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy " +
  "+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs";
const toGrid = (lat: number, lng: number) => {
  const [easting, northing] = proj4("WGS84", BNG, [lng, lat]);
  return { easting: Math.round(easting), northing: Math.round(northing) };
};
const toLatLng = (easting: number, northing: number) => {
  const [longitude, latitude] = proj4(BNG, "WGS84", [easting, northing]);
  return { latitude, longitude };
};

interface Point {
  easting: number;
  northing: number;
}

/** What a card says: '0.5 miles', '3 miles', '1 mile', 'Less than 0.1 miles'. */
function milesText(metres: number): string {
  const miles = Math.round((metres / METRES_PER_MILE) * 10) / 10;
  if (miles < 0.1) return "Less than 0.1 miles";
  if (miles === 1) return "1 mile";
  return `${Number.isInteger(miles) ? miles : miles.toFixed(1)} miles`;
}

const metresBetween = (a: Point, b: Point) => Math.hypot(a.easting - b.easting, a.northing - b.northing);

/** A place as the register makes it: the mean of its located registrations, rounded to the metre. */
function centroid(carriers: DistanceCarrier[]): Point {
  const located = carriers.filter((c) => c.easting !== null && c.northing !== null);
  const mean = (k: "easting" | "northing") =>
    Math.floor(located.reduce((s, c) => s + c[k]!, 0) / located.length + 0.5);
  return { easting: mean("easting"), northing: mean("northing") };
}

interface Card {
  number: number | null;
  name: string;
  distance: string | null;
}

/**
 * The fixture's carriers a search around `from` should list: those within `radiusMiles`,
 * nearest first, with their distance, then those the place names by text without coordinates.
 */
function expectedCards(from: Point, radiusMiles: number, unlocated: DistanceCarrier[] = []) {
  const located = DISTANCE_CARRIERS.filter((c) => c.easting !== null && c.northing !== null)
    .map((c) => ({ c, metres: metresBetween(from, { easting: c.easting!, northing: c.northing! }) }))
    .filter(({ metres }) => metres <= radiusMiles * METRES_PER_MILE)
    .sort((a, b) => a.metres - b.metres);
  return [
    ...located.map(({ c, metres }) => ({ name: c.name, distance: milesText(metres) })),
    ...unlocated.map((c) => ({ name: c.name, distance: null })),
  ];
}

const isFixture = (name: string) => /^distancefix /i.test(name);
const fixtureOnly = (cards: Card[]) =>
  cards.filter((c) => isFixture(c.name)).map(({ name, distance }) => ({ name, distance }));

/** The cards of the nearest-first list on this page: number, name and distance as shown. */
async function cardsOnPage(page: Page): Promise<Card[]> {
  const list = page.getByRole("list", { name: "Nearest carriers" });
  await expect(list.getByRole("article").first()).toBeVisible();
  return list.getByRole("article").evaluateAll((articles) =>
    articles.map((a) => {
      const heading = (a.querySelector("h2 a, h3 a")?.textContent ?? "").trim();
      const m = /^(\d+)\.\s*(.*)$/.exec(heading);
      return {
        number: m ? Number(m[1]) : null,
        name: m ? m[2] : heading,
        distance: a.querySelector("[data-testid=distance]")?.textContent?.trim() ?? null,
      };
    }),
  );
}

/** Every card of the search, page after page (following "Next" as a visitor would). */
/**
 * This fixture's carriers around LS1 1AA (a search around a place filters by name): other specs
 * add carriers near Leeds (the admin's register sync), which would push these off page 1.
 */
const FIXTURE_NEAR_LS1 = "/search-results?near=LS1+1AA&query=DistanceFix";

async function allCards(page: Page): Promise<Card[]> {
  const cards = await cardsOnPage(page);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  for (let n = 2; ; n++) {
    const next = pagination.getByRole("link", { name: "Next" });
    if (!(await next.count())) return cards;
    await next.click();
    await expect(page).toHaveURL(new RegExp(`page=${n}`));
    // The address changes before the page does: read the cards once page n is shown.
    await expect(pagination.locator("[aria-current=page]")).toHaveText(`Page ${n}`);
    cards.push(...(await cardsOnPage(page)));
  }
}

/** Nearest first: distances never decrease, and the carriers without one come last. */
function expectNearestFirst(cards: Card[]) {
  const miles = (d: string) => (d.startsWith("Less than") ? 0 : Number.parseFloat(d));
  const located = cards.filter((c) => c.distance !== null);
  expect(
    cards.slice(0, located.length).every((c) => c.distance !== null),
    "located ones first",
  ).toBe(true);
  for (let i = 1; i < located.length; i++)
    expect(
      miles(located[i].distance!),
      `${located[i].name} after ${located[i - 1].name}`,
    ).toBeGreaterThanOrEqual(miles(located[i - 1].distance!));
}

/**
 * The results page has hydrated: "Use my location" is rendered only by the browser, once React
 * runs (before that, the filters' selects and "Show map" do nothing).
 */
async function resultsReady(page: Page) {
  await expect(page.getByRole("button", { name: "Use my location" })).toBeVisible();
}

async function searchFromResults(page: Page, text: string, type?: "location" | "all") {
  await page.goto("/search-results");
  if (type) await page.getByRole("combobox", { name: "Search type" }).selectOption(type);
  await page.getByRole("searchbox").fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
}

const LS1_1AA = centroid(DISTANCE_CARRIERS.filter((c) => c.postcode === "LS1 1AA"));
const LS1_1AA_UNLOCATED = DISTANCE_CARRIERS.filter((c) => c.postcode === "LS1 1AA" && c.easting === null);

test("the fixture's own geometry: LS1 1AA is Leeds centre, Stoke's centroid is its centre", () => {
  // Guards the expectations below against an edit of the fixture that would make them vacuous.
  expect(LS1_1AA).toEqual(LEEDS_CENTRE);
  const stoke = Object.values(DISTANCE.stoke);
  expect(centroid(stoke)).toEqual(STOKE_CENTRE);
  const from = (c: DistanceCarrier) =>
    metresBetween(LEEDS_CENTRE, { easting: c.easting!, northing: c.northing! }) / METRES_PER_MILE;
  expect(from(DISTANCE.justInside)).toBeCloseTo(24.9, 2);
  expect(from(DISTANCE.justOutside)).toBeCloseTo(25.1, 2);
});

test("a full postcode: nearest first with distances, the 25-mile edge, the radius filter", async ({
  page,
}) => {
  await searchFromResults(page, "LS1 1AA", "location");
  await expect(page).toHaveURL(/\/search-results\?type=location&query=LS1\+1AA$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Licensed waste carriers near LS1 1AA");
  await expect(page.getByText(/^\d+ licensed waste carriers? within 25 miles$/)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("distance");
  await expect(page.getByRole("combobox", { name: "Distance" })).toHaveValue("25");

  const cards = await allCards(page);
  expectNearestFirst(cards);
  const expected = expectedCards(LS1_1AA, 25, LS1_1AA_UNLOCATED);
  expect(fixtureOnly(cards)).toEqual(expected);
  // Spelt out what the comparison above implies.
  expect(expected.slice(0, 3).map((c) => c.distance)).toEqual([
    "Less than 0.1 miles",
    "0.5 miles",
    "3 miles",
  ]);
  expect(cards.map((c) => c.name)).toContain(DISTANCE.justInside.name);
  expect(fixtureOnly(cards)).toContainEqual({ name: DISTANCE.justInside.name, distance: "24.9 miles" });
  expect(cards.map((c) => c.name)).not.toContain(DISTANCE.justOutside.name);
  expect(cards.find((c) => c.name === DISTANCE.unlocated.name)?.distance).toBeNull();
  // Numbered like the map's markers, going on counting across pages.
  expect(cards.map((c) => c.number)).toEqual(cards.map((_, i) => i + 1));

  // The claimed premium card differs: badges, services, Request Quote; no Claim This Listing.
  // (Other specs add carriers near Leeds: the name filter keeps this fixture's on one page.)
  await page.goto(FIXTURE_NEAR_LS1);
  const premium = page.getByRole("article").filter({ hasText: DISTANCE.threeMiles.name });
  await expect(premium.getByTestId("distance")).toHaveText("3 miles");
  await expect(premium.getByText("Premium", { exact: true })).toBeVisible();
  await expect(premium.getByText("Claimed", { exact: true })).toBeVisible();
  await expect(premium.getByRole("list", { name: "Services" }).getByRole("listitem")).toHaveText([
    ...DISTANCE.premium.services,
  ]);
  await expect(premium.getByRole("link", { name: /^Request Quote/ })).toHaveAttribute(
    "href",
    `/provider/${DISTANCE.threeMiles.registrationNumber}#quote`,
  );
  await expect(premium.getByRole("link", { name: /^Claim This Listing/ })).toHaveCount(0);
  const plain = page.getByRole("article").filter({ hasText: DISTANCE.halfMile.name });
  await expect(plain.getByRole("link", { name: /^Claim This Listing/ })).toBeVisible();
  await expect(plain.getByText("Premium", { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // Within 5 miles: fewer cards, the same order.
  await resultsReady(page);
  await page.getByRole("combobox", { name: "Distance" }).selectOption({ label: "Within 5 miles" });
  await expect(page).toHaveURL(/[?&]radius=5(&|$)/);
  await expect(page.getByText(/^\d+ licensed waste carriers? within 5 miles$/)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Distance" })).toHaveValue("5");
  const near = await allCards(page);
  expectNearestFirst(near);
  expect(fixtureOnly(near)).toEqual(expectedCards(LS1_1AA, 5, LS1_1AA_UNLOCATED));
  expect(near.length).toBeLessThan(cards.length);
  expect(near.map((c) => c.name)).not.toContain(DISTANCE.eightMiles.name);

  // A card's profile leads back to this search.
  await page.goto("/search-results?type=location&query=LS1+1AA&radius=5");
  await resultsReady(page);
  await page
    .getByRole("article")
    .filter({ hasText: DISTANCE.halfMile.name })
    .getByRole("link", { name: /^View Profile/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/provider/${DISTANCE.halfMile.registrationNumber}$`));
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Search Results" }),
  ).toHaveAttribute("href", "/search-results?type=location&query=LS1+1AA&radius=5");
});

test("a town typed three ways finds the same carriers, nearest first", async ({ page }) => {
  const stoke = Object.values(DISTANCE.stoke);
  const expected = expectedCards(
    centroid(stoke),
    25,
    stoke.filter((c) => c.easting === null),
  );
  expect(expected.map((c) => c.name)).toEqual([
    DISTANCE.stoke.upper.name,
    DISTANCE.stoke.hyphened.name,
    DISTANCE.stoke.spaced.name,
    DISTANCE.stoke.unlocated.name,
  ]);
  let heading: string | null = null;
  for (const spelling of ["stoke on trent", "Stoke-on-Trent", "STOKE ON TRENT"]) {
    await searchFromResults(page, spelling);
    await expect(page).toHaveURL(/type=all&query=/);
    const h1 = page.getByRole("heading", { level: 1 });
    await expect(h1).toHaveText(/^Licensed waste carriers near Stoke[- ]on[- ]Trent$/i);
    heading ??= await h1.textContent();
    await expect(h1).toHaveText(heading!);
    const cards = await allCards(page);
    expectNearestFirst(cards);
    expect(fixtureOnly(cards), spelling).toEqual(expected);
  }
});

async function locate(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto("/search-results");
  const button = page.getByRole("button", { name: "Use my location" });
  await button.click();
  return { context, page };
}

test("Use my location, granted: the carriers around the browser's position", async ({ browser }) => {
  // Just north-east of Leeds centre, as a phone would give it.
  const position = toLatLng(LEEDS_CENTRE.easting + 150, LEEDS_CENTRE.northing + 120);
  const { context, page } = await locate(browser, {
    geolocation: position,
    permissions: ["geolocation"],
  });
  await expect(page).toHaveURL(/\/search-results\?lat=53\.\d+&lng=-1\.\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Licensed waste carriers near your location",
  );
  const url = new URL(page.url());
  const here = toGrid(Number(url.searchParams.get("lat")), Number(url.searchParams.get("lng")));
  // The position sent is the one the browser gave (to about a metre).
  expect(
    metresBetween(here, { easting: LEEDS_CENTRE.easting + 150, northing: LEEDS_CENTRE.northing + 120 }),
  ).toBeLessThan(3);
  const cards = await allCards(page);
  expectNearestFirst(cards);
  // A position names no postcode or town: only carriers with coordinates.
  expect(fixtureOnly(cards)).toEqual(expectedCards(here, 25));
  expect(fixtureOnly(cards)[0]).toEqual({ name: DISTANCE.centre.name, distance: "0.1 miles" });
  expect(cards.map((c) => c.name)).not.toContain(DISTANCE.unlocated.name);
  await context.close();
});

test("Use my location, refused: a message, and no search", async ({ browser }) => {
  // No permission granted: Chromium answers getCurrentPosition with PERMISSION_DENIED (code 1),
  // as it does when a visitor blocks the site (checked below before clicking).
  const context = await browser.newContext({ permissions: [] });
  const page = await context.newPage();
  await page.goto("/search-results");
  const code = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        navigator.geolocation.getCurrentPosition(
          () => resolve(0),
          (error) => resolve(error.code),
          { timeout: 5000 },
        ),
      ),
  );
  expect(code).toBe(1); // GeolocationPositionError.PERMISSION_DENIED
  await page.getByRole("button", { name: "Use my location" }).click();
  await expect(page.getByRole("alert").filter({ hasText: REFUSED })).toHaveText(REFUSED);
  await expect(page).toHaveURL(/\/search-results$/);
  await expect(page.getByRole("button", { name: "Use my location" })).toBeEnabled();
  await context.close();
});

test("Use my location outside Great Britain (Dublin): the server's message", async ({ browser }) => {
  const { context, page } = await locate(browser, {
    geolocation: { latitude: 53.3498, longitude: -6.2603 },
    permissions: ["geolocation"],
  });
  await expect(page).toHaveURL(/lat=53\.3498&lng=-6\.2603/);
  await expect(page.getByRole("status").filter({ hasText: "outside Great Britain" })).toHaveText(OUTSIDE_GB);
  await expect(page.getByText("No providers found").first()).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  await context.close();
});

test("an unknown postcode: what to try instead, with links to known districts", async ({ page }) => {
  const message = "We couldn't find LS99 9ZZ; try a nearby town or the postcode district (e.g. LS1)";
  await page.goto("/search-results?near=LS99%209ZZ");
  const notice = page.getByRole("status").filter({ hasText: "We couldn't find" });
  await expect(notice.locator("p").first()).toHaveText(message);
  await expect(page.getByRole("article")).toHaveCount(0);
  // The known districts of the LS area (the fixture's LS1 1AA, LS1 4DT, LS6 2AB).
  await expect(notice.getByRole("link")).toHaveText(["LS1", "LS6"]);
  await expectAccessible(page);

  // The same from the search box (a postcode that matches nothing as text either).
  await searchFromResults(page, "LS99 9ZZ");
  await expect(
    page.getByRole("status").filter({ hasText: "We couldn't find" }).locator("p").first(),
  ).toHaveText(message);

  await page.getByRole("link", { name: "LS1", exact: true }).click();
  await expect(page).toHaveURL(/\/search-results\?near=LS1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Licensed waste carriers near LS1");
  // The place searched around is in the search box, as a location, to change or search again.
  await expect(page.getByRole("searchbox", { name: "Search the directory" })).toHaveValue("LS1");
  await expect(page.getByRole("combobox", { name: "Search type" })).toHaveValue("location");
  const ls1 = centroid(DISTANCE_CARRIERS.filter((c) => c.postcode.startsWith("LS1 ")));
  const cards = await allCards(page);
  expectNearestFirst(cards);
  expect(fixtureOnly(cards)).toEqual(
    expectedCards(
      ls1,
      25,
      DISTANCE_CARRIERS.filter((c) => c.postcode.startsWith("LS1 ") && c.easting === null),
    ),
  );
});

test("the map: numbered markers like the cards, working without tiles, and the profile's map", async ({
  page,
  baseURL,
}) => {
  // No tile server is reachable from the tests: refuse everything that is not the e2e server.
  const tiles: string[] = [];
  await page.route(
    (url) => !url.href.startsWith(baseURL!),
    (route) => {
      tiles.push(route.request().url());
      return route.abort("internetdisconnected");
    },
  );
  await page.goto(FIXTURE_NEAR_LS1);
  const cards = await cardsOnPage(page);
  // The page carries no map code until it is opened.
  await expect(page.locator(".leaflet-container")).toHaveCount(0);
  await resultsReady(page);
  await page.getByRole("button", { name: "Show map" }).click();
  const map = page.getByRole("region", { name: "Map of the results" });
  await expect(map).toHaveAttribute("data-map-status", "ready");
  const markers = map.getByRole("button", { name: /^\d+\. / });
  // One marker per card with coordinates, numbered as the cards are.
  const located = cards.filter((c) => c.distance !== null);
  await expect(markers).toHaveCount(located.length);
  const names = await markers.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  expect(names).toEqual(located.map((c) => `${c.number}. ${c.name}`));
  await expect(markers.first()).toBeVisible();
  expect(tiles.length, "the map asked for tiles").toBeGreaterThan(0);
  expect(tiles.every((u) => !u.startsWith(baseURL!))).toBe(true);

  // A marker clicked opens its popup, with a link to the profile.
  const wakefield = located.find((c) => c.name === DISTANCE.eightMiles.name)!;
  await map.getByRole("button", { name: `${wakefield.number}. ${wakefield.name}` }).click();
  const popup = map.locator(".leaflet-popup");
  await expect(popup.getByRole("link", { name: `${wakefield.number}. ${wakefield.name}` })).toHaveAttribute(
    "href",
    `/provider/${DISTANCE.eightMiles.registrationNumber}`,
  );

  // From the keyboard (the central markers overlap at this zoom): Enter on marker 1 opens its
  // popup and moves the focus to its link; Enter again follows it to the profile.
  const first = located[0];
  expect(first).toMatchObject({ number: 1, name: DISTANCE.centre.name });
  await map.getByRole("button", { name: `1. ${first.name}` }).focus();
  await page.keyboard.press("Enter");
  const popupLink = popup.getByRole("link", { name: `1. ${first.name}` });
  await expect(popupLink).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/provider/${DISTANCE.centre.registrationNumber}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(DISTANCE.centre.name);

  // The profile's own map: one marker, the registered address. (The popup's link loads the
  // profile as a new document: the button works once React has hydrated it, hence the retry.)
  const profileMap = page.getByRole("region", { name: /^Map of .*registered address$/ });
  await expect(async () => {
    if (!(await profileMap.count())) await page.getByRole("button", { name: "Show map" }).click();
    await expect(profileMap).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(profileMap).toHaveAttribute("data-map-status", "ready");
  await expect(profileMap.locator(".leaflet-marker-icon")).toHaveCount(1);
  await expect(profileMap.getByRole("button", { name: DISTANCE.centre.name, exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Hide map" }).click();
  await expect(profileMap).toHaveCount(0);
});

test("on a phone (375 × 667): results on the first screen, filters behind a button, quote form after", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto("/search-results?type=location&query=LS1+1AA");
  const firstCard = page.getByRole("list", { name: "Nearest carriers" }).getByRole("article").first();
  await expect(firstCard).toBeVisible();
  const box = await firstCard.boundingBox();
  expect(box, "the first card is laid out").not.toBeNull();
  expect(box!.y).toBeLessThan(667);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();

  const sort = page.getByRole("combobox", { name: "Sort by" });
  await expect(sort).toBeHidden();
  await expect(page.getByRole("combobox", { name: "Distance" })).toBeHidden();
  await page.getByRole("link", { name: "Filters", exact: true }).tap();
  await expect(page).toHaveURL(/#filters$/);
  await expect(sort).toBeVisible();
  await expect(sort).toBeInViewport();
  await expect(page.getByRole("combobox", { name: "Distance" })).toBeVisible();
  // A change applies at once and the sheet stays open for the next one.
  await page.getByRole("combobox", { name: "Distance" }).selectOption({ label: "Within 10 miles" });
  await expect(page).toHaveURL(/radius=10#filters$/);
  await expect(page.getByRole("combobox", { name: "Distance" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Distance" })).toHaveValue("10");
  await page.getByRole("link", { name: "Done" }).tap();
  await expect(page).toHaveURL(/#results$/);
  await expect(sort).toBeHidden();
  await expect(page.getByRole("link", { name: "Filters (1)", exact: true })).toBeVisible();

  // The general quote form follows the results in the page's order.
  const lead = page.getByRole("region", { name: "Get free quotes" });
  await expect(lead).toBeAttached();
  const lastCard = page.getByRole("list", { name: "Nearest carriers" }).getByRole("article").last();
  const follows = await lastCard.evaluate(
    (card, form) => !!(card.compareDocumentPosition(form!) & Node.DOCUMENT_POSITION_FOLLOWING),
    await lead.elementHandle(),
  );
  expect(follows, "the quote form comes after the last result").toBe(true);
  expect((await lead.boundingBox())!.y).toBeGreaterThan((await lastCard.boundingBox())!.y);
  await context.close();
});

test("GET /api/v1/providers around a place: distanceMiles, nearest first; bad positions and radii get 400", async ({
  request,
}) => {
  const res = await request.get("/api/v1/providers?near=LS1%201AA");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({
    sort: "distance",
    location: { status: "found", place: { kind: "postcode", label: "LS1 1AA" }, radiusMiles: 25 },
  });
  expect(body.location.place).toMatchObject({ easting: LS1_1AA.easting, northing: LS1_1AA.northing });
  const providers: { business_name: string; distanceMiles: number | null }[] = body.providers;
  expect(providers.length).toBeGreaterThan(0);
  for (const p of providers) expect(p).toHaveProperty("distanceMiles");
  const miles = providers.map((p) => p.distanceMiles).filter((m): m is number => m !== null);
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  expect(providers[0]).toMatchObject({ business_name: DISTANCE.centre.name, distanceMiles: 0 });

  // Every one of the fixture's carriers, with its distance computed here.
  const all = await (await request.get("/api/v1/providers?near=LS1%201AA&size=50")).json();
  const ours = (all.providers as typeof providers)
    .filter((p) => isFixture(p.business_name))
    .map((p) => ({ name: p.business_name, miles: p.distanceMiles }));
  const expected = expectedCards(LS1_1AA, 25, LS1_1AA_UNLOCATED).map((c) => c.name);
  expect(ours.map((p) => p.name)).toEqual(expected);
  for (const p of ours) {
    const c = DISTANCE_CARRIERS.find((x) => x.name === p.name)!;
    const want =
      c.easting === null
        ? null
        : Math.round(
            (metresBetween(LS1_1AA, { easting: c.easting, northing: c.northing! }) / METRES_PER_MILE) * 10,
          ) / 10;
    expect(p.miles, p.name).toBe(want);
  }

  // A wider radius than the page offers (the API takes 1 to 100): the 25.1-mile carrier too.
  const wider = await (await request.get("/api/v1/providers?near=LS1%201AA&radius=26&size=50")).json();
  expect(wider.providers.map((p: { business_name: string }) => p.business_name)).toContain(
    DISTANCE.justOutside.name,
  );

  for (const [query, problem] of [
    ["lat=53.3498&lng=-6.2603", OUTSIDE_GB],
    ["near=LS1%201AA&radius=150", "The radius must be a number of miles from 1 to 100."],
    ["lat=abc&lng=-1.5491", "lat must be a number of degrees from -90 to 90"],
    ["lat=53.8&lng=abc", "lng must be a number of degrees from -180 to 180"],
  ] as const) {
    const bad = await request.get(`/api/v1/providers?${query}`);
    expect(bad.status(), query).toBe(400);
    const json = await bad.json();
    expect(json.error).toBe("Invalid search parameters");
    expect(json.problems.join("\n"), query).toContain(problem);
  }
});
