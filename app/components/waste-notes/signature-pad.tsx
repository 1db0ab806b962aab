/**
 * A party's signature: the typed name (always; the no-JavaScript signature) and, with JavaScript,
 * a drawing pad whose PNG goes to a hidden input as a data URL.
 */
import { Eraser } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Field, FieldError, Input } from "~/components/ui/form";
import { useHydrated } from "./use-hydrated";

/** The drawing: pointer strokes on the canvas, and the PNG data URL once a stroke ends. */
function useSignatureDrawing() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [dataUrl, setDataUrl] = useState("");

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const c = canvas.current!;
    const r = c.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * c.width) / r.width, y: ((e.clientY - r.top) * c.height) / r.height };
  };
  const start = (e: React.PointerEvent<HTMLCanvasElement>) => {
    e.preventDefault();
    canvas.current?.setPointerCapture(e.pointerId);
    drawing.current = true;
    last.current = point(e);
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !canvas.current) return;
    const ctx = canvas.current.getContext("2d")!;
    const p = point(e);
    ctx.strokeStyle = "#0f172a";
    ctx.lineWidth = 2.5;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    ctx.beginPath();
    ctx.moveTo(last.current!.x, last.current!.y);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
    last.current = p;
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setDataUrl(canvas.current?.toDataURL("image/png") ?? "");
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext("2d")?.clearRect(0, 0, c.width, c.height);
    setDataUrl("");
  };
  return { canvas, dataUrl, start, move, end, clear };
}

type Drawing = ReturnType<typeof useSignatureDrawing>;

function DrawingPad({ id, party, drawing }: { id: string; party: string; drawing: Drawing }) {
  const { canvas, dataUrl, start, move, end, clear } = drawing;
  return (
    <div className="mt-3">
      <div className="mb-1 flex items-center justify-between">
        <span id={`${id}-pad`} className="text-sm font-medium text-slate-800">
          Draw signature <span className="font-normal text-slate-500">(optional)</span>
        </span>
        <button
          type="button"
          onClick={clear}
          className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-100"
        >
          <Eraser className="size-3.5" aria-hidden /> Clear
        </button>
      </div>
      <canvas
        ref={canvas}
        width={480}
        height={140}
        role="img"
        aria-labelledby={`${id}-pad`}
        data-testid={`signature-${party}`}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
        className="h-28 w-full touch-none rounded-md border border-dashed border-slate-400 bg-slate-50"
      />
      <p className="mt-1 text-xs text-slate-600">
        {dataUrl ? "Signature captured." : "Sign with your finger, pen or mouse."}
      </p>
    </div>
  );
}

export function SignaturePad({
  party,
  title,
  nameField,
  imageField,
  defaultName,
  nameErrors,
  imageErrors,
}: {
  party: string;
  title: string;
  nameField: string;
  imageField: string;
  defaultName?: string;
  nameErrors?: string[];
  imageErrors?: string[];
}) {
  const hydrated = useHydrated();
  const id = useId();
  const drawing = useSignatureDrawing();
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      <Field
        label={
          <>
            Full name <span className="text-red-700">*</span>
          </>
        }
        errors={nameErrors}
        hint="Typing your name signs this note electronically."
      >
        {(p) => (
          <Input {...p} name={nameField} defaultValue={defaultName} autoComplete="name" aria-required />
        )}
      </Field>
      <input type="hidden" name={imageField} value={drawing.dataUrl} />
      {hydrated ? <DrawingPad id={id} party={party} drawing={drawing} /> : null}
      <FieldError errors={imageErrors} />
    </fieldset>
  );
}
