import { GlobeIcon } from "~/components/ui/icons/globe";
import { MessageSquareQuoteIcon } from "~/components/ui/icons/message-square-quote";
import { PhoneIcon } from "~/components/ui/icons/phone";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { Provider } from "~/modules/directory/provider";

/** A premium listing without an e-mail address: no quote form; its phone and website instead. */
export function ContactDirectly({ provider: p, website }: { provider: Provider; website: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareQuoteIcon aria-hidden className="h-5 w-5 text-brand-700" /> Ask for a quote
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {p.phone || website ? (
          <>
            <p className="text-slate-700">
              {p.business_name} takes quote requests directly. Contact them by:
            </p>
            <ul className="flex flex-wrap gap-3">
              {p.phone ? (
                <li>
                  <a
                    href={`/provider/${encodeURIComponent(p.registration_number)}/call`}
                    rel="nofollow"
                    className={buttonVariants({ variant: "primary", size: "md" })}
                  >
                    <PhoneIcon aria-hidden className="h-4 w-4" /> Call {p.phone}
                  </a>
                </li>
              ) : null}
              {website ? (
                <li>
                  <a
                    href={website}
                    rel="noopener nofollow"
                    target="_blank"
                    className={buttonVariants({ variant: "outline", size: "md" })}
                  >
                    <GlobeIcon aria-hidden className="h-4 w-4" /> Visit their website
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ) : null}
            </ul>
          </>
        ) : (
          <p className="text-slate-700">{p.business_name} has not listed a way to ask for a quote yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
