/** Files the specs upload (tests/fixtures/files), as absolute paths. */
import path from "node:path";

/** A real photo (PNG) that every photo field takes. */
export const PHOTO = path.resolve("tests/fixtures/files/skip-photo.png");
/** A file named .png that is not an image. */
export const NOT_IMAGE = path.resolve("tests/fixtures/files/not-an-image.png");
