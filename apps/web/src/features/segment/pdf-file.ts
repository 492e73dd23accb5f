/**
 * Reads the chosen proof without a PDF library ('encryption ignored on load'): it checks the PDF
 * signature and looks for a security dictionary, so a protected PDF asks for its password instead
 * of failing. The server opens it with that password.
 */
export interface PdfInfo {
  isPdf: boolean;
  encrypted: boolean;
}

export async function inspectPdf(file: Blob): Promise<PdfInfo> {
  const text = new TextDecoder('latin1').decode(await file.arrayBuffer());
  const isPdf = text.slice(0, 1024).includes('%PDF-');
  return { isPdf, encrypted: isPdf && /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(text) };
}

/** Base64 of the file without the data-URL prefix is what travels (section 7: document, base64). */
export function bytesToBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000) binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(binary);
}
