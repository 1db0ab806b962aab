/**
 * A register source named where people read it (the sync log and its error messages, the admin's
 * pages, the server's log) without its secrets (decision 0264). A URL keeps its scheme, host, port
 * and path, so an administrator still recognises it; its user:password and the values of its
 * query (`?key=...`, a signed URL's signature) become "****", and a fragment is dropped. A file
 * path is shown as it is.
 *
 * Messages that may hold the source (an error from fetch, a SourceError) go through
 * `redactSourceIn` before they are stored or logged: every form of the source, its userinfo and
 * its query values are replaced, and so is any other URL's userinfo or query in the text.
 */

const MASK = "****";

/** Single values (a user name, a query value) shorter than this are only replaced as part of the URL. */
const MIN_SECRET_LENGTH = 4;

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** The source as shown: a URL without its userinfo, query values and fragment; a path as it is. */
export function redactSource(source: string): string {
  if (!isUrl(source)) return source;
  let u: URL;
  try {
    u = new URL(source);
  } catch {
    // Not a URL fetch could use either: hide everything up to the last "@", and the query.
    return source.replace(/^(https?:\/\/).*@/is, `$1${MASK}@`).replace(/[?#].*$/s, `?${MASK}`);
  }
  if (!u.username && !u.password && !u.search && !u.hash) return source;
  if (u.username) u.username = MASK;
  if (u.password) u.password = MASK;
  const query = u.search;
  u.search = "";
  u.hash = "";
  return u.href + redactQuery(query);
}

/** `?a=1&b` as `?a=****&****`: names kept, values (and value-less parts) masked. */
function redactQuery(search: string): string {
  if (search.length <= 1) return "";
  const parts = search
    .slice(1)
    .split("&")
    .map((part) => {
      const eq = part.indexOf("=");
      if (eq >= 0) return `${part.slice(0, eq)}=${MASK}`;
      return part ? MASK : part;
    });
  return `?${parts.join("&")}`;
}

/** The text with the source's secrets, and any URL's userinfo and query values, masked. */
export function redactSourceIn(text: string, source?: string): string {
  let out = text;
  if (source && isUrl(source)) {
    const shown = redactSource(source);
    for (const form of sourceForms(source)) if (form !== shown) out = out.split(form).join(shown);
    for (const secret of sourceSecrets(source)) out = out.split(secret).join(MASK);
  }
  return redactUrls(out);
}

/** Every URL in the text, redacted (trailing punctuation is not taken as part of it). */
export function redactUrls(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>`]+/gi, (match) => {
    const trail = /[.,;:!)\]}]+$/.exec(match)?.[0] ?? "";
    return redactSource(match.slice(0, match.length - trail.length)) + trail;
  });
}

/** The source as written and as the URL parser writes it, longest first. */
function sourceForms(source: string): string[] {
  const forms = new Set([source]);
  try {
    forms.add(new URL(source).href);
  } catch {
    // only the text as written
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** The secret parts of a URL source, encoded and decoded, longest first. */
function sourceSecrets(source: string): string[] {
  const secrets = new Set<string>();
  const add = (value: string | undefined, minLength = MIN_SECRET_LENGTH) => {
    if (!value) return;
    for (const form of [value, decoded(value)]) if (form.length >= minLength) secrets.add(form);
  };
  let url: URL | undefined;
  try {
    url = new URL(source);
  } catch {
    url = undefined;
  }
  if (url) {
    add(url.username);
    add(url.password, 1); // a password is secret at any length
    add(`${url.username}:${url.password}`);
    add(url.search.slice(1));
    add(url.hash.slice(1));
    for (const part of url.search.slice(1).split("&")) {
      const eq = part.indexOf("=");
      add(eq >= 0 ? part.slice(eq + 1) : part);
    }
  }
  // As written (the parser may have re-encoded them): the userinfo, and the query.
  add((url ? /^https?:\/\/([^/?#]*)@/i : /^https?:\/\/(.*)@/is).exec(source)?.[1], url ? undefined : 1);
  add(/\?([^#]*)/.exec(source)?.[1]);
  return [...secrets].sort((a, b) => b.length - a.length);
}

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

/**
 * The error as it may be logged or kept as a cause: its message, stack, string fields and causes
 * with the source's secrets masked (the same class, so `instanceof` still holds). The error itself
 * when there was nothing to mask.
 */
export function redactError(error: unknown, source?: string, depth = 0): unknown {
  if (typeof error === "string") return redactSourceIn(error, source);
  if (!(error instanceof Error)) return error;
  const message = redactSourceIn(error.message, source);
  const stack = typeof error.stack === "string" ? redactSourceIn(error.stack, source) : error.stack;
  const hasCause = "cause" in error;
  const cause = hasCause && depth < 5 ? redactError(error.cause, source, depth + 1) : undefined;
  const fields: Record<string, unknown> = {};
  let changed = message !== error.message || stack !== error.stack || (hasCause && cause !== error.cause);
  for (const [key, value] of Object.entries(error)) {
    const safe =
      typeof value === "string" || value instanceof Error ? redactError(value, source, depth + 1) : value;
    fields[key] = safe;
    if (safe !== value) changed = true;
  }
  if (!changed) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  const hidden = (value: unknown) => ({ value, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(copy, "message", hidden(message));
  Object.defineProperty(copy, "stack", hidden(stack));
  if (hasCause) Object.defineProperty(copy, "cause", hidden(depth < 5 ? cause : undefined));
  Object.assign(copy, fields);
  return copy;
}
