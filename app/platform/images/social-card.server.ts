/**
 * Social cards: the 1200×630 PNG a link preview shows (Open Graph `og:image`, Twitter's large
 * card). A card is a small SVG built here from plain text (every character escaped, nothing
 * fetched) and rasterised by sharp (librsvg), with the host's fonts through fontconfig. The PNG is
 * kept in memory by the SVG's hash, so a card is drawn once while it stays the same; the hash is
 * also the ETag, so a crawler that asks again gets a 304 without a drawing. Decision 0216.
 */
import { createHash } from "node:crypto";
import { SITE_NAME } from "~/platform/brand";
import { loadSharp } from "./sharp.server";
import { IMAGE_BACKGROUND_MAX_WAITING, imageQueue } from "./image-queue.server";

export const CARD_SIZE = { width: 1200, height: 630 } as const;

export type CardTone = "good" | "warning" | "bad";

export interface SocialCard {
  /** The big text: a business's name, "Licensed waste carriers in Leeds". */
  title: string;
  /** A coloured pill under the title: the licence's state. */
  badge?: { text: string; tone: CardTone };
  /** Up to two short lines at the foot of the card. */
  details: string[];
}

/** The site's own card (public/social-card.png), for pages without one of their own. */
export const SITE_CARD: SocialCard = {
  title: "Find a licensed waste carrier",
  badge: { text: "Check the licence before you hand over your waste", tone: "good" },
  details: [
    "Search the public register by town, postcode, name or number",
    "Request free quotes from registered carriers",
  ],
};

const FONT = "'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', sans-serif";
const COLOURS = {
  background: "#166534",
  stripe: "#22a35a",
  brand: "#bbf7d0",
  title: "#ffffff",
  details: "#dcfce7",
} as const;
const BADGE: Record<CardTone, { fill: string; text: string }> = {
  good: { fill: "#ffffff", text: "#166534" },
  warning: { fill: "#fef3c7", text: "#78350f" },
  bad: { fill: "#fee2e2", text: "#991b1b" },
};
const LEFT = 80;
const TEXT_WIDTH = CARD_SIZE.width - 2 * LEFT;

/**
 * A line's width in pixels, estimated from Liberation Sans' (Arial's) advances by kind of
 * character: close enough to wrap and fit lines without measuring glyphs; a little generous, so
 * a line never runs off the card.
 */
export function textWidth(line: string, size: number, bold: boolean): number {
  let ems = 0;
  for (const c of line) {
    if (/[ .,;:'!|iljI()[\]/-]/.test(c)) ems += 0.3;
    else if (/[mwMW@]/.test(c)) ems += 0.92;
    else if (/[A-Z]/.test(c)) ems += 0.72;
    else if (/[a-z0-9]/.test(c)) ems += bold ? 0.58 : 0.54;
    else ems += 0.75;
  }
  return ems * size;
}

type Font = { size: number; bold: boolean };
const fits = (line: string, font: Font, width: number) => textWidth(line, font.size, font.bold) <= width;

/** Shortens a line to the width, with an ellipsis when something was cut. */
function fit(line: string, font: Font, width = TEXT_WIDTH): string {
  if (fits(line, font, width)) return line;
  let cut = line;
  while (cut && !fits(`${cut}…`, font, width)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * Words in lines no wider than `width`, at most `maxLines` of them; the last one ends in an
 * ellipsis when the text goes on. A word wider than a line is cut.
 */
export function wrapText(text: string, font: Font, maxLines: number, width = TEXT_WIDTH): string[] {
  const words = text.replace(/\s+/g, " ").trim().split(" ").filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate, font, width)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = fit(word, font, width);
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = fit(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(" ")}`, font, width);
  return kept;
}

/** The title's lines and size: 68 px on up to three lines, or 56 px for a longer name. */
function titleLayout(title: string): { size: number; lines: string[] } {
  const large = { size: 68, bold: true };
  const lines = wrapText(title, large, 4);
  if (lines.length <= 3) return { size: large.size, lines };
  return { size: 56, lines: wrapText(title, { size: 56, bold: true }, 3) };
}

/** Text as SVG character data: control characters dropped, markup characters escaped. */
export function escapeSvgText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
      .replace(/\s+/g, " ")
      .trim()
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

function text(x: number, y: number, size: number, fill: string, content: string, bold = false): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}"${bold ? ' font-weight="700"' : ""} fill="${fill}">${escapeSvgText(content)}</text>`;
}

/** The card as an SVG document (1200×630). */
export function socialCardSvg(card: SocialCard): string {
  const { width, height } = CARD_SIZE;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="${COLOURS.background}"/>`,
    `<rect y="${height - 18}" width="${width}" height="18" fill="${COLOURS.stripe}"/>`,
    text(LEFT, 96, 32, COLOURS.brand, SITE_NAME, true),
  ];
  const title = titleLayout(card.title);
  const lineHeight = Math.round(title.size * 1.12);
  let y = 150 + title.size;
  for (const line of title.lines) {
    parts.push(text(LEFT, y, title.size, COLOURS.title, line, true));
    y += lineHeight;
  }
  if (card.badge) {
    const font = { size: 28, bold: true };
    const label = fit(card.badge.text.replace(/\s+/g, " ").trim(), font, TEXT_WIDTH - 64);
    const pill = Math.round(textWidth(label, font.size, true)) + 64;
    const top = y - lineHeight + 44;
    const colours = BADGE[card.badge.tone];
    parts.push(
      `<rect x="${LEFT}" y="${top}" width="${pill}" height="60" rx="30" fill="${colours.fill}"/>`,
      text(LEFT + 32, top + 40, font.size, colours.text, label, true),
    );
  }
  const details = card.details
    .slice(0, 2)
    .map((d) => fit(d.replace(/\s+/g, " ").trim(), { size: 30, bold: false }));
  details.forEach((line, i) => {
    parts.push(text(LEFT, height - 70 - (details.length - 1 - i) * 44, 30, COLOURS.details, line));
  });
  parts.push("</svg>");
  return parts.join("\n");
}

const MAX_CACHED = 256;
const drawn = new Map<string, Promise<Buffer>>();

/** The PNG of an SVG card, drawn once per distinct card while it stays among the recent ones. */
function drawnPng(key: string, svg: string): Promise<Buffer> {
  const hit = drawn.get(key);
  if (hit) {
    drawn.delete(key);
    drawn.set(key, hit);
    return hit;
  }
  // In the one image queue (decision 0255): a crawl of many cards waits its turn with the uploads,
  // holding at most a few of the waiting places, and is refused (ImageQueueFull) beyond them, so it
  // can never fill the queue in front of a visitor's photo (decision 0258).
  const png = imageQueue.run(
    () =>
      loadSharp().then((sharp) =>
        sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 6 }).toBuffer(),
      ),
    { maxWaiting: IMAGE_BACKGROUND_MAX_WAITING },
  );
  drawn.set(key, png);
  // A failed drawing is not kept: the next request tries again.
  png.catch(() => drawn.delete(key));
  while (drawn.size > MAX_CACHED) {
    const oldest = drawn.keys().next().value;
    if (oldest === undefined) break;
    drawn.delete(oldest);
  }
  return png;
}

export interface SocialCardImage {
  /** A strong ETag: the hash of the card's SVG. */
  etag: string;
  png(): Promise<Buffer>;
}

export function socialCardImage(card: SocialCard): SocialCardImage {
  const svg = socialCardSvg(card);
  const key = createHash("sha256").update(svg).digest("base64url");
  return { etag: `"${key.slice(0, 32)}"`, png: () => drawnPng(key, svg) };
}
