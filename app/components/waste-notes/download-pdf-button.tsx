/**
 * Download PDF: a plain link (saved as waste-note-{id}.pdf by the server's Content-Disposition);
 * with JavaScript it fetches the file first so that a failure shows the spec's alert.
 */
import { Download } from "lucide-react";
import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { MESSAGES } from "~/modules/waste-notes/constants";

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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onClick = async (e: React.MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    setError(null);
    if (!pdfUrl) {
      setError(MESSAGES.pdfUnavailable);
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(pdfUrl);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = `waste-note-${id}.pdf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setError(MESSAGES.pdfFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <a href={href} download={`waste-note-${id}.pdf`} onClick={onClick} className={buttonClass(variant, size)} aria-busy={busy || undefined}>
        <Download className="size-4" aria-hidden /> Download PDF
      </a>
      {error ? <Alert tone="error">{error}</Alert> : null}
    </div>
  );
}
