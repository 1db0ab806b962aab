/** What a page of the admin list kit says about its rows; the kit draws them (enquiry-list.tsx). */
import type { Badge } from "~/components/ui/badge";

/** One labelled value: a fact on a card, or a row of a details section. */
export type Fact = [label: string, value: React.ReactNode];

/** What every row of a kit list has: its id, whether a photo came with it, when it came. */
export interface EnquiryListRow {
  id: string;
  has_image: boolean;
  created_at: Date;
}

/** A row's card: its heading, its status badge, the facts under it and the text's first lines. */
export interface EnquiryCardContent {
  title: string;
  status: string;
  tone: NonNullable<React.ComponentProps<typeof Badge>["tone"]>;
  facts: Fact[];
  summary: string;
}

/** One titled section of the details dialog. */
export interface DetailSectionContent {
  title: string;
  rows: Fact[];
}
