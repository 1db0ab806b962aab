/**
 * The QR code that links a printed note to its online view: as a PNG, and as modules for the PDF.
 * qrcode is loaded with the first code drawn (decision 0246).
 */
export async function renderQrPng(url: string): Promise<Buffer> {
  const { default: QRCode } = await import("qrcode");
  return QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
}

/** The QR code's dark modules, for drawing it as vectors in the PDF (sharp in print, and fast). */
export async function qrModules(
  url: string,
): Promise<{ size: number; dark: (x: number, y: number) => boolean }> {
  const { default: QRCode } = await import("qrcode");
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  return { size: modules.size, dark: (x, y) => !!modules.get(y, x) };
}
