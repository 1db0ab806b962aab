/** One item of an admin list as a card: what it is on the left, its actions on the right, then more. */
export function AdminListItem({
  testId,
  heading,
  actions,
  children,
}: {
  testId: string;
  /** The top left: the item's title and the lines under it. */
  heading: React.ReactNode;
  /** The top right: the item's buttons. */
  actions: React.ReactNode;
  /** Below both: the facts, the message. */
  children: React.ReactNode;
}) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">{heading}</div>
        {actions}
      </div>
      {children}
    </li>
  );
}
