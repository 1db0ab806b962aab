/**
 * Official sites the guides and legal pages link to. Only pages whose addresses we are sure of;
 * change them here and every page follows.
 */
export const OFFICIAL = {
  eaRegister: {
    href: "https://environment.data.gov.uk/public-register/view/search-waste-carriers-brokers",
    label: "Environment Agency public register of waste carriers, brokers and dealers",
  },
  registerAsCarrier: {
    href: "https://www.gov.uk/waste-carrier-or-broker-registration",
    label: "GOV.UK: Register or renew as a waste carrier, broker or dealer (England)",
  },
  managingWaste: {
    href: "https://www.gov.uk/managing-your-waste-an-overview",
    label: "GOV.UK: Dispose of business or commercial waste",
  },
  dutyOfCareCode: {
    href: "https://www.gov.uk/guidance/waste-duty-of-care-code-of-practice",
    label: "GOV.UK: Waste duty of care code of practice",
  },
  reportFlytipping: {
    href: "https://www.gov.uk/report-flytipping",
    label: "GOV.UK: Report fly-tipping to your council",
  },
  hazardousWaste: {
    href: "https://www.gov.uk/dispose-hazardous-waste",
    label: "GOV.UK: Dispose of hazardous waste",
  },
  classifyWaste: {
    href: "https://www.gov.uk/how-to-classify-different-types-of-waste",
    label: "GOV.UK: How to classify different types of waste",
  },
  findCouncil: {
    href: "https://www.gov.uk/find-local-council",
    label: "GOV.UK: Find your local council",
  },
  hseAsbestos: {
    href: "https://www.hse.gov.uk/asbestos/",
    label: "Health and Safety Executive: Asbestos",
  },
  recycleNow: {
    href: "https://www.recyclenow.com",
    label: "Recycle Now: what can be recycled where you live",
  },
  nrw: {
    href: "https://naturalresources.wales",
    label: "Natural Resources Wales (regulator in Wales)",
  },
  sepa: {
    href: "https://www.sepa.org.uk",
    label: "Scottish Environment Protection Agency (SEPA)",
  },
  daera: {
    href: "https://www.daera-ni.gov.uk",
    label: "DAERA and the Northern Ireland Environment Agency (NIEA)",
  },
  ico: {
    href: "https://ico.org.uk",
    label: "Information Commissioner's Office (ICO)",
  },
  ogl: {
    href: "https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/",
    label: "Open Government Licence v3.0",
  },
} as const;

export type OfficialLink = (typeof OFFICIAL)[keyof typeof OFFICIAL];

/** The regulators (and registers) of Wales, Scotland and Northern Ireland, in that order. */
export const OTHER_UK_REGULATORS = [OFFICIAL.nrw, OFFICIAL.sepa, OFFICIAL.daera] as const;

/** Phone numbers quoted in the guides. */
export const PHONE = {
  eaIncident: { display: "0800 80 70 60", tel: "+448008070060" },
  eaEnquiries: { display: "03708 506 506", tel: "+443708506506" },
  nrwIncident: { display: "0300 065 3000", tel: "+443000653000" },
  crimestoppers: { display: "0800 555 111", tel: "+448005551111" },
  icoHelpline: { display: "0303 123 1113", tel: "+443031231113" },
  citizensAdviceConsumer: { display: "0808 223 1133", tel: "+448082231133" },
} as const;
