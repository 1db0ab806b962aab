/**
 * The results page's general quote-lead form ('Shows a quote-lead form'), loaded after the page's
 * own code when the visitor heads for it (decisions 0208, 0224 and 0225). Built in
 * app/components/enquiries.
 */
import { LeadInvitation } from "~/components/enquiries/lead-invitation";
import { deferred } from "~/components/ui/deferred";

const LeadForm = deferred("lead-form", () =>
  import("~/components/enquiries/lead-form").then((m) => m.LeadForm),
);

/**
 * Results page: 'Shows a quote-lead form' (general leads). Below results (`onDemand`) the server
 * sends an invitation in its place, a link to the form's own page, and the form takes its place
 * as the visitor scrolls to it (decision 0225); with no results it is the page's answer, whole.
 */
export function GeneralLeadFormSlot({ location, onDemand }: { location?: string; onDemand: boolean }) {
  return (
    <LeadForm
      location={location}
      placeholder={onDemand ? <LeadInvitation location={location} /> : undefined}
    />
  );
}
