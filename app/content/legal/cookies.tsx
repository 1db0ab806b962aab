import { To } from "../elements";
import type { GuideSection } from "../guides/types";
import { COOKIES, SUPPORT_ROUTE } from "../site";

export const COOKIES_SUMMARY =
  "The UK Waste Carrier Directory uses four strictly necessary cookies: a sign-in session, a short-lived message, a password link and a record of the reviews you confirmed. No analytics, advertising or tracking cookies.";

function CookieTable() {
  return (
    <div className="not-prose mt-6 overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Cookies set by this website</caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              Cookie
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              What it does
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              When it is set
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              How long it lasts
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-700">
          {COOKIES.map((cookie) => (
            <tr key={cookie.name} className="align-top">
              <th scope="row" className="px-4 py-3 font-mono text-[0.8rem] font-semibold text-slate-900">
                {cookie.name}
              </th>
              <td className="px-4 py-3">{cookie.purpose}</td>
              <td className="px-4 py-3">{cookie.setWhen}</td>
              <td className="px-4 py-3">{cookie.lasts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const cookiesSections: GuideSection[] = [
  {
    id: "what-cookies-are",
    heading: "What cookies are",
    body: (
      <p>
        Cookies are small files a website stores in your browser so that it can remember something between
        pages. The law (the Privacy and Electronic Communications Regulations) lets a site use cookies that
        are strictly necessary for a service you ask for without asking your consent; any other cookie needs
        your permission first.
      </p>
    ),
  },
  {
    id: "cookies-we-use",
    heading: "The cookies we use",
    body: (
      <>
        <p>
          We use only these {COOKIES.length} cookies. Each is strictly necessary, each is sent only to this
          website, and none can be read by scripts on the page. On our secure site their names begin with{" "}
          <code>__Host-</code> instead of <code>__</code> (for example <code>__Host-session</code>), which
          tells your browser to accept them only from this exact website over a secure connection.
        </p>
        <CookieTable />
      </>
    ),
  },
  {
    id: "no-tracking",
    heading: "No tracking",
    body: (
      <>
        <p>We do not use:</p>
        <ul>
          <li>analytics cookies or tracking pixels;</li>
          <li>advertising or social media cookies;</li>
          <li>any third-party cookies.</li>
        </ul>
        <p>
          Carriers can see how many times their profile was viewed and their phone number clicked. We count
          these on our server, without cookies, and the counts are not linked to you. That is why we do not
          show a cookie banner: there is nothing to consent to.
        </p>
      </>
    ),
  },
  {
    id: "managing",
    heading: "Managing cookies",
    body: (
      <p>
        You can block or delete cookies in your browser's settings. You can search the directory, read guides
        and send requests without any cookies, but if you block them you cannot sign in to a business account,
        and some confirmation messages will not appear.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes",
    body: (
      <p>
        If we ever want to use a cookie that is not strictly necessary, we will update this page and ask for
        your consent first. Questions? Contact {SUPPORT_ROUTE}: <To to="/contact">contact us</To>. See also
        our <To to="/privacy">privacy notice</To>.
      </p>
    ),
  },
];
