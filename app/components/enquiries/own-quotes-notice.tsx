import { ArrowRightIcon } from "~/components/ui/icons/arrow-right";
import { MessageSquareQuoteIcon } from "~/components/ui/icons/message-square-quote";
import { SiteLink } from "~/components/ui/site-link";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { OWN_QUOTE_NOTICE, OWN_QUOTES_PATH } from "~/modules/quotes/own-business";

/**
 * Where visitors have the quote request form (the profile, the no-JavaScript quote page), the
 * business's signed-in owner reads why there is none for them, and where their customers'
 * requests are (decision 0276). Static: no form, no script of its own.
 */
export function OwnQuotesNotice({ businessName }: { businessName: string }) {
  return (
    <Card data-testid="own-quotes-notice">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareQuoteIcon aria-hidden className="h-5 w-5 text-brand-700" /> Quote requests
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <h3 className="font-semibold text-slate-900">{OWN_QUOTE_NOTICE.title}</h3>
        <p className="text-slate-700">{OWN_QUOTE_NOTICE.text(businessName)}</p>
        <SiteLink to={OWN_QUOTES_PATH} className={buttonVariants({ variant: "outline", size: "md" })}>
          {OWN_QUOTE_NOTICE.link} <ArrowRightIcon aria-hidden className="h-4 w-4" />
        </SiteLink>
      </CardContent>
    </Card>
  );
}
