/**
 * "Download CSV" on an admin list (decision 0806): the list's export with the page's current
 * filters (its query without the cursor or an open dialog), downloaded as a file.
 */
import { Download } from "lucide-react";
import { useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** Query parameters that say where the admin is, not what the list shows. */
const NOT_FILTERS = ["after", "before", "edit", "suspend", "reinstate", "claim", "action", "index", "_data"];

export function DownloadCsvLink({ href }: { href: string }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  for (const key of NOT_FILTERS) params.delete(key);
  const query = params.toString();
  return (
    <a
      href={`${href}${query ? `?${query}` : ""}`}
      download
      className={buttonVariants({ variant: "outline", size: "sm" })}
    >
      <Download aria-hidden className="size-4" /> Download CSV
    </a>
  );
}
