/**
 * Download PDF: a plain link (saved as waste-note-{id}.pdf by the server's Content-Disposition;
 * without JavaScript the server answers "being prepared" and reloads until the file is there).
 * With JavaScript it fetches the file first so that a failure shows the spec's alert; when the
 * note's PDF is not made yet (its job finishes about a second after the note), it shows
 * "Preparing your PDF…" and asks /waste-note/{id}/pdf-status until it is ready, then downloads.
 * It never reports a missing PDF while the job is pending; a job that failed for good is said so.
 */
import { Download, Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { MESSAGES } from "~/modules/waste-notes/constants";

/** How often, and for how long, the button asks whether the PDF is ready. */
const POLL_MS = 1000;
const GIVE_UP_MS = 90_000;

type Status =
  { status: "ready"; url: string } | { status: "pending" } | { status: "failed" } | { status: "no-note" };

async function pdfStatus(id: string, signal: AbortSignal): Promise<Status> {
  const response = await fetch(`/waste-note/${id}/pdf-status`, {
    headers: { Accept: "application/json" },
    signal,
  });
  if (response.status === 404) return { status: "no-note" };
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as Status;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("aborted", "AbortError"));
    });
  });

/** Saves a fetched file under the note's name, through a temporary link. */
function saveBlob(blob: Blob, id: string) {
  const objectUrl = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = objectUrl;
  a.download = `waste-note-${id}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}

/**
 * The button's state machine: idle, preparing (asking until the PDF is made) and downloading,
 * the error to show, and the click that runs it. Leaving the page stops the polling.
 */
function usePdfDownload(id: string, pdfUrl: string | null) {
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<"idle" | "preparing" | "downloading">("idle");
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const waitForPdf = async (signal: AbortSignal): Promise<string | { message: string }> => {
    const started = Date.now();
    for (;;) {
      const state = await pdfStatus(id, signal);
      if (state.status === "ready") return state.url;
      if (state.status === "failed") return { message: MESSAGES.pdfFailedForGood };
      if (state.status === "no-note") return { message: MESSAGES.pdfUnavailable };
      setPhase("preparing");
      if (Date.now() - started > GIVE_UP_MS) return { message: MESSAGES.pdfSlow };
      await sleep(POLL_MS, signal);
    }
  };

  const onClick = async (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (phase !== "idle") return;
    setError(null);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      let url = pdfUrl;
      if (!url) {
        const found = await waitForPdf(controller.signal);
        if (typeof found !== "string") {
          setError(found.message);
          return;
        }
        url = found;
      }
      setPhase("downloading");
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      saveBlob(await response.blob(), id);
    } catch (err) {
      if ((err as Error).name !== "AbortError") setError(MESSAGES.pdfFailed);
    } finally {
      if (!controller.signal.aborted) setPhase("idle");
    }
  };
  return { phase, error, onClick };
}

export function DownloadPdfButton({
  id,
  pdfUrl,
  href,
  variant = "primary",
  size = "md",
}: {
  id: string;
  pdfUrl: string | null;
  href: string;
  variant?: "primary" | "outline";
  size?: "sm" | "md";
}) {
  const { phase, error, onClick } = usePdfDownload(id, pdfUrl);
  return (
    <div className="flex flex-col">
      <a
        href={href}
        download={`waste-note-${id}.pdf`}
        onClick={onClick}
        className={buttonVariants({ variant: variant, size: size })}
        aria-busy={phase !== "idle" || undefined}
        aria-disabled={phase !== "idle" || undefined}
      >
        {phase === "idle" ? (
          <Download className="size-4" aria-hidden />
        ) : (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        )}{" "}
        Download PDF
      </a>
      <p role="status" className="mt-2 text-sm text-slate-700 empty:mt-0" data-testid="pdf-preparing">
        {phase === "preparing" ? MESSAGES.pdfPreparing : ""}
      </p>
      {error ? (
        <Alert tone="error" className="mt-2">
          {error}
        </Alert>
      ) : null}
    </div>
  );
}
