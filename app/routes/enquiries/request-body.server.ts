/** Reads a visitor form's body, refusing oversized uploads before they are read. */
import { MAX_FORM_BYTES } from "~/modules/leads/constants";

export async function readFormData(request: Request): Promise<FormData | "too-large"> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_FORM_BYTES) return "too-large";
  return request.formData();
}
