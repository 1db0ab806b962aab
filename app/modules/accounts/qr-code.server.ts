/**
 * The enrolment QR code as an SVG data URL (allowed by the CSP's img-src data:). qrcode is loaded
 * with the first code drawn (decision 0246).
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
