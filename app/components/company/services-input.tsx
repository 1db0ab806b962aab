/**
 * Services Offered as tags: type and press Enter (or the Add button); remove by the tag's
 * button; blank and duplicate entries are ignored. Each tag is a hidden `services` input.
 * Without JavaScript the same field is a textarea, one service per line (`servicesText`).
 */
import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { useHydrated } from "~/components/waste-notes/use-hydrated";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label, Textarea } from "~/components/ui/form";
import { normaliseServices, SERVICE_MAX_CHARS } from "~/modules/company/listing-rules";

/** Without JavaScript: one service per line. */
function ServicesTextarea({
  id,
  defaultValue,
  errors,
}: {
  id: string;
  defaultValue: string[];
  errors?: string[];
}) {
  const hasError = !!errors?.length;
  return (
    <div>
      <Label htmlFor={id}>Services Offered</Label>
      <Textarea
        id={id}
        name="servicesText"
        rows={4}
        defaultValue={defaultValue.join("\n")}
        aria-describedby={`${id}-hint${hasError ? ` ${id}-error` : ""}`}
        aria-invalid={hasError || undefined}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        One service per line. Blank lines and duplicates are ignored.
      </p>
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

function ServiceTags({ tags, onRemove }: { tags: string[]; onRemove: (tag: string) => void }) {
  if (tags.length === 0) return <p className="mb-2 text-sm text-slate-600">No services added yet.</p>;
  return (
    <ul className="mb-2 flex flex-wrap gap-2" aria-label="Services">
      {tags.map((tag) => (
        <li
          key={tag}
          className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
        >
          {tag}
          <input type="hidden" name="services" value={tag} />
          <button
            type="button"
            onClick={() => onRemove(tag)}
            className="inline-flex size-6 items-center justify-center rounded-full text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label={`Remove ${tag}`}
          >
            <X aria-hidden className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}

export function ServicesInput({ defaultValue, errors }: { defaultValue: string[]; errors?: string[] }) {
  const hydrated = useHydrated();
  const id = useId();
  const [tags, setTags] = useState(defaultValue);
  const [text, setText] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const hasError = !!errors?.length;

  if (!hydrated) return <ServicesTextarea id={id} defaultValue={defaultValue} errors={errors} />;

  const add = () => {
    const next = normaliseServices([...tags, text]);
    if (text.trim() === "") setNote("Type a service first.");
    else if (next.length === tags.length) setNote(`"${text.trim()}" is already listed.`);
    else setNote(null);
    setTags(next);
    setText("");
  };

  return (
    <div>
      <Label htmlFor={id}>Services Offered</Label>
      <ServiceTags tags={tags} onRemove={(tag) => setTags(tags.filter((t) => t !== tag))} />
      <div className="flex gap-2">
        <Input
          id={id}
          name="servicesText"
          value={text}
          maxLength={SERVICE_MAX_CHARS}
          placeholder="e.g. Skip hire"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          aria-describedby={`${id}-hint${hasError ? ` ${id}-error` : ""}`}
          aria-invalid={hasError || undefined}
        />
        <Button type="button" variant="outline" onClick={add}>
          <Plus aria-hidden className="size-4" /> Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600" aria-live="polite">
        {note ?? "Press Enter or Add to add a service."}
      </p>
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
