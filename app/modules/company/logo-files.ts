/**
 * A logo's files (decision 0005, addendum): each upload is stored as `<base>.png` at up to 512 px
 * (the URL kept on the listing), with `<base>-128.png`, `<base>.webp` and `<base>-128.webp` beside
 * it. Logos stored before that were `.jpg` or `.gif`; their small and WebP files are made the first
 * time they are asked for. File names are never reused, so every file is cached for a year.
 */
export const LOGO_URL_PREFIX = "/company-logo/";
export const LOGO_DIR = "company-logos";
export const LOGO_LARGE_PX = 512;
export const LOGO_SMALL_PX = 128;

/** `<base>` is registration, "logo", timestamp and random; then the size and the format. */
export const LOGO_FILE = /^([a-z0-9]{1,40}-logo-\d{10,16}-[a-f0-9]{16})(-128)?\.(jpg|png|gif|webp)$/;

export interface LogoFileName {
  base: string;
  small: boolean;
  extension: "jpg" | "png" | "gif" | "webp";
}

export function parseLogoFile(file: string): LogoFileName | null {
  const m = LOGO_FILE.exec(file);
  if (!m) return null;
  const extension = m[3] as LogoFileName["extension"];
  // A GIF is only ever an original (its small copy is a PNG).
  if (m[2] && extension === "gif") return null;
  return { base: m[1]!, small: !!m[2], extension };
}

/** The fallback format of a logo whose original has `extension`: GIF logos fall back to PNG copies. */
const fallbackExtension = (extension: string) => (extension === "jpg" ? "jpg" : "png");

/** The `srcset`s for a logo URL: WebP for browsers that take it, the original format otherwise. */
export function logoSources(url: string): { webp: string; fallback: string; src: string } | null {
  if (!url.startsWith(LOGO_URL_PREFIX)) return null;
  const name = parseLogoFile(url.slice(LOGO_URL_PREFIX.length));
  if (!name || name.small || name.extension === "webp") return null;
  const at = (file: string) => `${LOGO_URL_PREFIX}${file}`;
  const small = `${name.base}-128.${fallbackExtension(name.extension)}`;
  return {
    webp: `${at(`${name.base}-128.webp`)} ${LOGO_SMALL_PX}w, ${at(`${name.base}.webp`)} ${LOGO_LARGE_PX}w`,
    fallback: `${at(small)} ${LOGO_SMALL_PX}w, ${url} ${LOGO_LARGE_PX}w`,
    src: url,
  };
}

/** Every file a logo may have in storage, for deleting it. */
export function logoFileKeys(originalFile: string): string[] {
  const name = parseLogoFile(originalFile);
  if (!name) return [];
  const fb = fallbackExtension(name.extension);
  return [originalFile, `${name.base}-128.${fb}`, `${name.base}.webp`, `${name.base}-128.webp`].map(
    (f) => `${LOGO_DIR}/${f}`,
  );
}
