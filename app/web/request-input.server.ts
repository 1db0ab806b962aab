/**
 * What every request's input must pass before a route sees it (decision 0008):
 * - the URL (path and query) holds no control characters and no broken %-escapes;
 * - a form body is read as a stream under one limit per address: 64 kB for plain forms, the
 *   documented size for the few upload forms, declared length or chunked alike (413 beyond it);
 * - a form body is a urlencoded or multipart form that parses, and its text fields and file names
 *   hold no control characters other than tab and line breaks;
 * - an upload form's body is read only while the process reads fewer than UPLOAD_READING_BYTES of
 *   uploads and its address fewer than UPLOADS_PER_ADDRESS at once (503 "busy" beyond, decision 0258).
 * A failure is thrown as a 4xx response with a message a person can act on, never a 500.
 */
import { data } from "react-router";
import { CLAIM_FORM_MAX_BYTES } from "~/modules/claims/licence-rules";
import { MAX_FORM_BYTES as ENQUIRY_FORM_BYTES } from "~/modules/leads/constants";
import { LOGO_MAX_BYTES } from "~/modules/company/logo.server";
import { MAX_UPLOAD_BYTES } from "~/modules/register-sync/store-upload.server";
import { MAX_FORM_BYTES as WASTE_NOTE_FORM_BYTES } from "~/modules/waste-notes/submit-note.server";
import { SIGNATURE_MAX_BYTES } from "~/modules/waste-notes/constants";

export const PLAIN_FORM_BYTES = 64 * 1024;
const MB = 1024 * 1024;

export interface BodyLimit {
  bytes: number;
  /** Shown on the 413 page. */
  message: string;
}

const plain: BodyLimit = {
  bytes: PLAIN_FORM_BYTES,
  message: "This form is too large to send. Please shorten what you typed and try again.",
};

/** The upload forms and their limits; every other address takes plain forms only. */
const UPLOADS: Array<{ path: RegExp; limit: BodyLimit }> = [
  {
    path: /^\/(wastenotegeneration|company\/waste-note)$/,
    limit: { bytes: WASTE_NOTE_FORM_BYTES, message: "Photos are too large: at most 3 photos of 10 MB each" },
  },
  {
    // The customer's remote signature: a typed name and one drawn signature (decision 0712).
    path: /^\/waste-note\/[^/]+\/sign$/,
    limit: {
      bytes: 2 * SIGNATURE_MAX_BYTES + 64 * 1024,
      message: "The drawn signature is too large. Please clear it and sign again.",
    },
  },
  {
    path: /^\/enquiries\/(lead|quote\/[^/]+)$/,
    limit: { bytes: ENQUIRY_FORM_BYTES, message: "The photo is too large: it must be 10 MB or smaller" },
  },
  {
    path: /^\/company$/,
    limit: {
      bytes: LOGO_MAX_BYTES + 64 * 1024,
      message: "The logo is too large: it must be 5 MB or smaller",
    },
  },
  {
    // The claim wizard: every step posts to the page, the last one with the licence document.
    path: /^\/claim(-listing)?\/[^/]+$/,
    limit: {
      bytes: CLAIM_FORM_MAX_BYTES,
      message: "The licence document is too large: it must be 10 MB or smaller",
    },
  },
  {
    path: /^\/admin\/data-management$/,
    limit: {
      bytes: MAX_UPLOAD_BYTES + MB,
      message: `The file is larger than ${MAX_UPLOAD_BYTES / MB} MB: sync large registers from the configured source instead`,
    },
  },
];

/** The route path a request is for: single-fetch data requests (`/x.data`, `/_.data`) count as the page. */
export function routePath(pathname: string): string {
  if (pathname === "/_.data") return "/";
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

export function bodyLimitFor(pathname: string): BodyLimit {
  const path = routePath(pathname);
  return UPLOADS.find((u) => u.path.test(path))?.limit ?? plain;
}

// C0 controls and DEL. Text fields may hold tab, line feed and carriage return (textareas).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FIELD_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
// eslint-disable-next-line no-control-regex -- as above
const URL_CONTROL = /[\x00-\x1f\x7f]/;

export const INPUT_MESSAGES = {
  controlCharacters:
    "Your request contained characters we cannot accept (control characters such as a null byte). Please remove them and try again.",
  badEscape: "The address is not valid (it contains a broken %-escape). Please check the link and try again.",
  notAForm: "This address accepts form submissions only (the body must be a urlencoded or multipart form).",
  unreadable: "The form could not be read: it was cut short or is not a valid form. Please try again.",
  busy: "We're receiving a lot of uploads right now. Please try again in a minute.",
} as const;

/**
 * Upload bodies being read at once (decision 0258). A body is read into memory whole, and a slow
 * sender holds its place for as long as it takes, so without a bound a few hundred slow uploads of
 * 10 MB would take the process's memory. 160 MB is sixteen photos of 10 MB (as many as the image
 * queue keeps waiting) and holds the largest form, the admin's 51 MB register file; two at once per
 * address lets a person send from two tabs while one sender cannot hold them all.
 */
export const UPLOAD_READING_BYTES = 160 * MB;
export const UPLOADS_PER_ADDRESS = 2;

export interface ReadingGate {
  /** A place for `bytes` from `address`, released by the function returned; null when there is none. */
  admit(address: string, bytes: number): (() => void) | null;
  readonly bytes: number;
}

export function createReadingGate(totalBytes: number, perAddress: number): ReadingGate {
  let bytes = 0;
  const byAddress = new Map<string, number>();
  return {
    get bytes() {
      return bytes;
    },
    admit(address, size) {
      const mine = byAddress.get(address) ?? 0;
      if (mine >= perAddress || bytes + size > totalBytes) return null;
      bytes += size;
      byAddress.set(address, mine + 1);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        bytes -= size;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
  };
}

/** The process's gate for upload bodies. */
export const uploadReading = createReadingGate(UPLOAD_READING_BYTES, UPLOADS_PER_ADDRESS);

/** A problem with the request's address, or null. Checked before any route runs. */
export function urlProblem(url: URL): { status: 400; message: string } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname) + decodeURIComponent(url.search.replace(/\+/g, " "));
  } catch {
    return { status: 400, message: INPUT_MESSAGES.badEscape };
  }
  return URL_CONTROL.test(decoded) ? { status: 400, message: INPUT_MESSAGES.controlCharacters } : null;
}

/** A declared body length over the address's limit, known before anything is read. */
export function declaredTooLarge(request: Request, limit: BodyLimit): boolean {
  const declared = Number(request.headers.get("content-length") ?? 0);
  return Number.isFinite(declared) && declared > limit.bytes;
}

const isForm = (type: string | null) =>
  !!type && /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type.trim());

/**
 * The request a route receives: its body is cut off at the limit as it streams in, and its
 * `formData()` answers the failures above as 4xx responses (503 when the uploads being read leave
 * no room for this one). Nothing is read until a route asks (a route's access check runs before an
 * anonymous upload is read). `client` is the sender's address, as the server worked it out.
 */
export function guardRequestBody(
  request: Request,
  limit: BodyLimit,
  url = request.url,
  client = "",
  gate: ReadingGate = uploadReading,
): Request {
  if (!request.body)
    return new Request(url, { method: request.method, headers: request.headers, signal: request.signal });
  let seen = 0;
  let over = false;
  const limited = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit.bytes) {
          over = true;
          controller.error(new Error(`The request body is over ${limit.bytes} bytes`));
        } else controller.enqueue(chunk);
      },
    }),
  );
  const guarded = new Request(url, {
    method: request.method,
    headers: request.headers,
    body: limited,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
  const read = guarded.formData.bind(guarded);
  Object.defineProperty(guarded, "formData", {
    value: async (): Promise<FormData> => {
      if (declaredTooLarge(request, limit)) throw data(limit.message, { status: 413 });
      if (!isForm(request.headers.get("content-type"))) throw data(INPUT_MESSAGES.notAForm, { status: 400 });
      // An upload takes its place for what it says it holds (its limit when it does not say),
      // until it has been read.
      const declared = Number(request.headers.get("content-length"));
      const release =
        limit.bytes > PLAIN_FORM_BYTES
          ? gate.admit(client, declared > 0 && Number.isFinite(declared) ? declared : limit.bytes)
          : () => {};
      if (!release) throw data(INPUT_MESSAGES.busy, { status: 503, headers: { "Retry-After": "60" } });
      let form: FormData;
      try {
        form = await read();
      } catch {
        if (over) throw data(limit.message, { status: 413 });
        throw data(INPUT_MESSAGES.unreadable, { status: 400 });
      } finally {
        release();
      }
      for (const [name, value] of form) {
        const text = typeof value === "string" ? value : value.name;
        if (FIELD_CONTROL.test(name) || FIELD_CONTROL.test(text))
          throw data(INPUT_MESSAGES.controlCharacters, { status: 400 });
      }
      return form;
    },
  });
  return guarded;
}

export type FormRead = { ok: true; form: FormData } | { ok: false; status: number; message: string };

/**
 * For the few forms that show a refusal inline (an upload too large, say) instead of the error
 * page: the form, or why it was refused. Other routes simply call `request.formData()`.
 */
export async function readForm(request: Request): Promise<FormRead> {
  try {
    return { ok: true, form: await request.formData() };
  } catch (error) {
    const refusal = error as { data?: unknown; init?: { status?: number } | null };
    if (typeof refusal?.data === "string" && typeof refusal.init?.status === "number") {
      return { ok: false, status: refusal.init.status, message: refusal.data };
    }
    return { ok: false, status: 400, message: INPUT_MESSAGES.unreadable };
  }
}
