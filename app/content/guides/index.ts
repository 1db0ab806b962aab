/** The guides, one file each; the Resources page and the guide route read them from here. */
import { avoidingFlyTipping } from "./avoiding-fly-tipping";
import { carrierLicensing } from "./carrier-licensing";
import { checkingLicense } from "./checking-license";
import { dutyOfCare } from "./duty-of-care";
import { flyTippingRisks } from "./fly-tipping-risks";
import { hazardousWasteBasics } from "./hazardous-waste-basics";
import { householdRecycling } from "./household-recycling";
import { GUIDE_SLUGS, type Guide, type GuideSlug } from "./types";
import { usingDirectory } from "./using-directory";

export type { Guide, GuideSection, GuideSlug } from "./types";

const bySlug: Record<GuideSlug, Guide> = {
  "carrier-licensing": carrierLicensing,
  "duty-of-care": dutyOfCare,
  "fly-tipping-risks": flyTippingRisks,
  "household-recycling": householdRecycling,
  "hazardous-waste-basics": hazardousWasteBasics,
  "avoiding-fly-tipping": avoidingFlyTipping,
  "using-directory": usingDirectory,
  "checking-license": checkingLicense,
};

export const GUIDES: readonly Guide[] = GUIDE_SLUGS.map((slug) => bySlug[slug]);

export function isGuideSlug(value: string): value is GuideSlug {
  return (GUIDE_SLUGS as readonly string[]).includes(value);
}

export function getGuide(slug: string): Guide | null {
  return isGuideSlug(slug) ? bySlug[slug] : null;
}
