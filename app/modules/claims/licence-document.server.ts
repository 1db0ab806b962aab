/**
 * The licence document a claimant may send with a claim (the waste carrier registration
 * certificate) as evidence that they run the business (decision 0506). Checked by content, never
 * by name or declared type:
 * - a PDF: the `%PDF-` header, a `startxref` pointing inside the file and `%%EOF` within the last
 *   1 kB; not encrypted; no scripts, launch or form-submit actions, embedded files or rich media
 *   (names are read with their #xx escapes decoded, and compressed object streams are opened);
 *   stored as sent;
 * - an image (JPEG, PNG, GIF, WebP): decoded and re-encoded by normaliseImage (decision 0005),
 *   stored as the clean JPEG it makes.
 * At most 10 MB. Stored privately through the storage interface under claim-documents/{claim id}/;
 * only admins read it back, through /admin/claim-requests/{id}/licence.
 */
import zlib from "node:zlib";
import type { Database } from "~/platform/db/database.server";
import { IMAGE_MESSAGES, normaliseImage } from "~/platform/images/normalise-image.server";
import { detectImageType } from "~/platform/storage/image-type.server";
import type { Storage } from "~/platform/storage/storage.server";
import { LICENCE_MAX_BYTES, LICENCE_MESSAGES } from "./licence-rules";

export { licenceUrl } from "./licence-rules";

export type LicenceType = "application/pdf" | "image/jpeg";

export interface CheckedLicence {
  bytes: Buffer;
  type: LicenceType;
  /** The file name as sent, tidied (for the admin's eyes only). */
  name: string | null;
}

export type LicenceRefusal =
  | "too-large"
  | "not-document"
  | "pdf-damaged"
  | "pdf-encrypted"
  | "pdf-active"
  | "pdf-uncheckable"
  | "image-unreadable"
  | "image-too-many-pixels";

export type LicenceCheck =
  | { kind: "none" }
  | { kind: "ok"; document: CheckedLicence }
  | { kind: "refused"; reason: LicenceRefusal; message: string };

const refuse = (
  reason: LicenceRefusal,
  message: string = LICENCE_MESSAGES[reason as keyof typeof LICENCE_MESSAGES],
): LicenceCheck => ({
  kind: "refused",
  reason,
  message,
});

/** Names (after #xx decoding) that make a PDF do something when opened, or carry other files. */
const ACTIVE_NAMES = new Set([
  "JavaScript",
  "JS",
  "Launch",
  "EmbeddedFile",
  "EmbeddedFiles",
  "RichMedia",
  "XFA",
  "SubmitForm",
  "ImportData",
]);
// A PDF name: '/' then regular characters (anything but white space and delimiters).
const NAME = /\/([^\s/<>[\]()%{}]+)/g;
/** At most this much is inflated from object streams in all (more is refused as not checkable). */
const MAX_INFLATED = 32 * 1024 * 1024;

function decodeName(raw: string): string {
  return raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function activeNameIn(text: string): string | null {
  for (const m of text.matchAll(NAME)) {
    const name = decodeName(m[1]!);
    if (ACTIVE_NAMES.has(name)) return name;
  }
  return null;
}

type PdfProblem = "damaged" | "encrypted" | "active" | "uncheckable";

/**
 * Reads a PDF's structure without rendering it. The text outside streams (objects, dictionaries,
 * the trailer) is searched for active content; stream data is skipped, except object streams
 * (/Type /ObjStm), which hold objects in compressed form and are inflated and searched too.
 */
export function checkPdf(bytes: Buffer): PdfProblem | null {
  const text = bytes.toString("latin1");
  if (!/^%PDF-[12]\.\d/.test(text.slice(0, 16))) return "damaged";
  const tail = text.slice(-1024);
  const end = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail) ?? /startxref\s+(\d+)\s+%%EOF/.exec(tail);
  if (!end || Number(end[1]) >= bytes.length || !/\d+\s+\d+\s+obj\b/.test(text)) return "damaged";

  let inflated = 0;
  let at = 0;
  const streamStart = /\bstream\r?\n/g;
  while (at < text.length) {
    streamStart.lastIndex = at;
    const s = streamStart.exec(text);
    const outside = text.slice(at, s ? s.index : text.length);
    if (/\/Encrypt\b/.test(outside)) return "encrypted";
    if (activeNameIn(outside)) return "active";
    if (!s) break;
    const dataStart = s.index + s[0].length;
    const stop = text.indexOf("endstream", dataStart);
    if (stop < 0) return "damaged";
    // The stream's dictionary ends just before "stream"; look at its last part.
    const dict = text.slice(Math.max(at, s.index - 400), s.index);
    const dictStart = dict.lastIndexOf("<<");
    const own = dictStart >= 0 ? dict.slice(dictStart) : dict;
    if (/\/Type\s*\/ObjStm\b/.test(own)) {
      // An object stream compressed some other way cannot be searched: not accepted.
      if (/\/Filter\b/.test(own) && !/\/Filter\s*(\[\s*)?\/FlateDecode\s*\]?\s*(\/|>>)/.test(own))
        return "uncheckable";
      let data = bytes.subarray(dataStart, stop);
      if (/\/FlateDecode\b/.test(own)) {
        try {
          data = zlib.inflateSync(data, {
            maxOutputLength: MAX_INFLATED - inflated,
            finishFlush: zlib.constants.Z_SYNC_FLUSH,
          });
        } catch {
          return "damaged";
        }
        inflated += data.length;
        if (inflated >= MAX_INFLATED) return "uncheckable";
      }
      if (activeNameIn(data.toString("latin1"))) return "active";
    }
    at = stop + "endstream".length;
  }
  return null;
}

/** 'C:\\scans\\My licence.pdf' -> 'My licence.pdf' (at most 120 characters). */
function tidyName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.replace(/\s+/g, " ").trim() ?? "";
  return base ? base.slice(0, 120) : null;
}

/**
 * Reads the form's file: nothing chosen, a document fit to store (a checked PDF, or an image
 * re-encoded as JPEG: the only bytes that may be stored), or why it was refused.
 */
export async function checkLicenceDocument(
  value: FormDataEntryValue | null | undefined,
): Promise<LicenceCheck> {
  if (!value || typeof value === "string" || value.size === 0) return { kind: "none" };
  if (value.size > LICENCE_MAX_BYTES) return refuse("too-large");
  const bytes = Buffer.from(await value.arrayBuffer());
  const name = tidyName(value.name ?? "");
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") {
    const problem = checkPdf(bytes);
    if (problem === "damaged") return refuse("pdf-damaged");
    if (problem === "encrypted") return refuse("pdf-encrypted");
    if (problem === "active") return refuse("pdf-active");
    if (problem === "uncheckable") return refuse("pdf-uncheckable");
    return { kind: "ok", document: { bytes, type: "application/pdf", name } };
  }
  if (!detectImageType(bytes)) return refuse("not-document");
  const image = await normaliseImage(bytes, "photo");
  if (!image.ok) {
    if (image.reason === "not-image") return refuse("not-document");
    return refuse(
      image.reason === "too-many-pixels" ? "image-too-many-pixels" : "image-unreadable",
      `${LICENCE_MESSAGES.imagePrefix} ${IMAGE_MESSAGES[image.reason]}`,
    );
  }
  return { kind: "ok", document: { bytes: image.image.bytes, type: "image/jpeg", name } };
}

/** The folder of a claim's stored document (deleted whole when the claim goes, decision 0271). */
export function licenceFolder(claimId: string): string {
  return `claim-documents/${claimId}`;
}

export function licenceKey(claimId: string, type: LicenceType): string {
  return `${licenceFolder(claimId)}/licence.${type === "application/pdf" ? "pdf" : "jpg"}`;
}

export async function storeLicenceDocument(
  storage: Storage,
  claimId: string,
  document: CheckedLicence,
): Promise<string> {
  const key = licenceKey(claimId, document.type);
  await storage.put(key, document.bytes, { contentType: document.type });
  return key;
}

export interface LicenceFile {
  body: Buffer;
  contentType: LicenceType;
  /** A download name made by us: licence-{registration number}.pdf|jpg. */
  filename: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A claim's stored document, its bytes checked again (a PDF header, or a JPEG); null when the
 * claim has none, the file is gone, or it is not what was stored. Callers check who may read it.
 */
export async function readLicenceDocument(
  db: Database,
  storage: Storage,
  claimId: string,
): Promise<LicenceFile | null> {
  if (!UUID.test(claimId)) return null;
  const row = await db
    .selectFrom("claim_requests")
    .select(["registration_number", "license_document_key", "license_document_type"])
    .where("id", "=", claimId)
    .executeTakeFirst();
  if (!row?.license_document_key || !row.license_document_type) return null;
  const file = await storage.get(row.license_document_key);
  if (!file) return null;
  const pdf = row.license_document_type === "application/pdf";
  const fits = pdf
    ? file.body.subarray(0, 5).toString("latin1") === "%PDF-"
    : detectImageType(file.body)?.mime === "image/jpeg";
  if (!fits) return null;
  const safeNumber = row.registration_number.replace(/[^A-Za-z0-9-]+/g, "-").slice(0, 40);
  return {
    body: file.body,
    contentType: row.license_document_type,
    filename: `licence-${safeNumber}.${pdf ? "pdf" : "jpg"}`,
  };
}
