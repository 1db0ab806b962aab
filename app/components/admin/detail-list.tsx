/** A definition list of label/value pairs, for the admin detail dialogs. */
export function DetailList({ items }: { items: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="break-words text-slate-900">{value ?? "Not provided"}</dd>
        </div>
      ))}
    </dl>
  );
}
