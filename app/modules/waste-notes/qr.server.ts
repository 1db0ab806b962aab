/** The QR code that links a printed note to its online view: as a PNG, and as modules for the PDF. */
import QRCode from "qrcode";

export async function renderQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
}

/** The QR code's dark modules, for drawing it as vectors in the PDF (sharp in print, and fast). */
export function qrModules(url: string): { size: number; dark: (x: number, y: number) => boolean } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  return { size: modules.size, dark: (x, y) => !!modules.get(y, x) };
}
