/** Where a note's files live in storage, and the URLs that serve them. */
export const noteFolder = (id: string) => `waste-notes/${id}`;
export const pdfKey = (id: string) => `${noteFolder(id)}/waste-note-${id}.pdf`;
export const qrKey = (id: string) => `${noteFolder(id)}/qr.png`;
/** A drawn signature; `attempt` names one remote signing attempt's own file (decision 0248). */
export const signatureKey = (id: string, party: "transferor" | "transferee", attempt?: string) =>
  `${noteFolder(id)}/signature-${party}${attempt ? `-${attempt}` : ""}.png`;
export const photoKey = (id: string, n: number, extension: string) =>
  `${noteFolder(id)}/photo-${n}.${extension}`;

export const viewPath = (id: string) => `/waste-note/${id}`;
export const pdfPath = (id: string) => `/waste-note/${id}/pdf`;
export const qrPath = (id: string) => `/waste-note/${id}/qr.png`;
export const signaturePath = (id: string, party: "transferor" | "transferee") =>
  `/waste-note/${id}/signature/${party}.png`;
export const photoPath = (id: string, n: number) => `/waste-note/${id}/photo/${n}`;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
