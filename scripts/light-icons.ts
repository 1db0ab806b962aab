/**
 * Writes the light icons (decision 0226): their sprite (app/components/ui/icons/sprite.svg, one
 * <symbol> per icon with lucide-react's own drawing of it) and a module per icon
 * (app/components/ui/icons/<name>.ts) naming its symbol, so that a page carries neither lucide's
 * component factory nor the drawings (issue 18). `npx tsx scripts/light-icons.ts` after adding
 * an icon below or upgrading lucide-react; app/components/ui/icon.test.tsx fails when the sprite
 * no longer draws what lucide-react draws.
 */
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";

/** Module name (lucide's name the app uses) → lucide-react's current module of that icon. */
const ICONS: Record<string, string> = {
  "arrow-left": "arrow-left",
  "arrow-right": "arrow-right",
  "badge-check": "badge-check",
  "building-2": "building-complex",
  "calendar-check-2": "calendar-check-2",
  "calendar-clock": "calendar-clock",
  "calendar-x-2": "calendar-x-2",
  "chevron-down": "chevron-down",
  "chevron-left": "chevron-left",
  "chevron-right": "chevron-right",
  "circle-alert": "circle-exclamation-point",
  "circle-check": "circle-check",
  "clipboard-list": "clipboard-list",
  clock: "clock",
  crown: "crown",
  "external-link": "external-link",
  "eye-off": "eye-off",
  "file-check-2": "file-check-corner",
  "file-search": "file-search",
  "file-text": "file-text",
  flag: "flag",
  globe: "globe",
  info: "info",
  lightbulb: "lightbulb",
  "locate-fixed": "locate-fixed",
  mail: "mail",
  map: "map",
  "map-pin": "map-pin",
  "map-pin-off": "map-pin-off",
  menu: "menu",
  "message-square": "message-square",
  "message-square-quote": "message-square-quote",
  phone: "phone",
  recycle: "recycle",
  search: "search",
  "search-x": "search-x",
  "shield-alert": "shield-exclamation-point",
  "shield-check": "shield-check",
  "shield-x": "shield-x",
  "sliders-horizontal": "sliders-horizontal",
  star: "star",
  "triangle-alert": "triangle-exclamation-point",
  x: "x",
};

interface IconData {
  name: string;
  node: [string, Record<string, string | number>][];
}

const dir = path.join(import.meta.dirname, "../app/components/ui/icons");
const pascal = (name: string) =>
  name
    .split("-")
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join("");

const escape = (v: string | number) =>
  String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

const written: string[] = [];
const symbols: string[] = [];
for (const [name, source] of Object.entries(ICONS)) {
  const module = (await import(`lucide-react/icons/${source}`)) as { __iconData?: IconData };
  const data = module.__iconData;
  if (!data) throw new Error(`lucide-react/icons/${source} has no icon data: use the icon's current name`);
  const drawing = data.node
    .map(([tag, attrs]) => {
      const list = Object.entries(attrs)
        .filter(([k]) => k !== "key")
        .map(([k, v]) => ` ${k}="${escape(v)}"`)
        .join("");
      return `<${tag}${list}></${tag}>`;
    })
    .join("");
  symbols.push(`<symbol id="${data.name}" viewBox="0 0 24 24">${drawing}</symbol>`);
  const file = path.join(dir, `${name}.ts`);
  fs.writeFileSync(
    file,
    `// lucide-react's "${source}" (${name}), drawn in sprite.svg; written by scripts/light-icons.ts: do not edit.\n` +
      `import { icon } from "../icon";\n\n` +
      `export const ${pascal(name)}Icon = icon(${JSON.stringify(data.name)});\n`,
  );
  written.push(file);
}
fs.writeFileSync(
  path.join(dir, "sprite.svg"),
  `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`,
);
for (const f of fs.readdirSync(dir)) {
  if (f !== "sprite.svg" && !(f.replace(/\.ts$/, "") in ICONS))
    console.warn(`icons/${f} is not in scripts/light-icons.ts`);
}
execFileSync("npx", ["prettier", "--write", ...written], { stdio: "ignore" });
console.log(`${written.length} light icons written to ${path.relative(process.cwd(), dir)}`);
