/** The "Photos" section: up to MAX_PHOTOS optional photos of the waste. */
import { ImagePlus } from "lucide-react";
import { useState } from "react";
import { FieldError } from "~/components/ui/form";
import { MAX_PHOTOS, MESSAGES } from "~/modules/waste-notes/constants";
import { Section, type WasteNoteFormErrors } from "./shared";

/** The photo picker; with JavaScript it keeps only the first MAX_PHOTOS files and lists their names. */
export function PhotosSection({ errors }: { errors: WasteNoteFormErrors }) {
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);
  const [photoNames, setPhotoNames] = useState<string[]>([]);

  const onPhotos = (e: React.ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const files = [...(input.files ?? [])];
    if (files.length > MAX_PHOTOS) {
      const keep = new DataTransfer();
      files.slice(0, MAX_PHOTOS).forEach((f) => keep.items.add(f));
      input.files = keep.files;
      setPhotoMessage(MESSAGES.photos);
    } else {
      setPhotoMessage(null);
    }
    setPhotoNames([...(input.files ?? [])].map((f) => f.name));
  };

  return (
    <Section
      title="Photos"
      description="Optional: up to 3 photos of the waste (JPEG, PNG, GIF or WebP, 10 MB each)."
    >
      <div className="sm:col-span-2">
        <label
          htmlFor="waste-note-photos"
          className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-700 hover:border-brand-600 hover:bg-brand-50"
        >
          <ImagePlus className="size-6 text-brand-700" aria-hidden />
          <span className="font-semibold">Choose photos</span>
          <span className="text-xs text-slate-500">Up to {MAX_PHOTOS}</span>
        </label>
        <input
          id="waste-note-photos"
          name="photos"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/gif,image/webp"
          onChange={onPhotos}
          aria-describedby="waste-note-photos-msg"
          aria-invalid={errors.photos ? true : undefined}
          className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold"
        />
        {photoNames.length > 0 ? (
          <ul className="mt-2 text-sm text-slate-700">
            {photoNames.map((n) => (
              <li key={n}>• {n}</li>
            ))}
          </ul>
        ) : null}
        <div id="waste-note-photos-msg">
          {photoMessage ? (
            <p className="mt-1 text-sm font-medium text-amber-800" role="status">
              {photoMessage}
            </p>
          ) : null}
          <FieldError errors={errors.photos} />
        </div>
      </div>
    </Section>
  );
}
