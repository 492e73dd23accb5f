/**
 * Reads a PAN card photo fully offline: tesseract.js with the bundled English traineddata
 * (never the network), one long-lived worker reused for every request, and sharp to turn the
 * photo into a large, high-contrast grey image first.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadSharp } from '../../lib/sharp.ts';
import type { Worker } from 'tesseract.js';
import { isIndividualPan, PAN_PATTERN } from '@ekyc/contracts/rules';
import { parseDdMmYyyy } from '@ekyc/contracts/dates';

const require = createRequire(import.meta.url);
/** node_modules/@tesseract.js-data/eng/4.0.0 holds eng.traineddata.gz. */
export const ENG_LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');

let workerPromise: Promise<Worker> | null = null;
/** Requests are read one at a time by the single worker; this chains them. */
let queue: Promise<unknown> = Promise.resolve();

function worker(): Promise<Worker> {
  workerPromise ??= (async () => {
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: ENG_LANG_PATH, cacheMethod: 'none', gzip: true });
    await w.setParameters({ tessedit_pageseg_mode: PSM.AUTO, preserve_interword_spaces: '1' });
    return w;
  })().catch((err: unknown) => {
    workerPromise = null;
    throw err;
  });
  return workerPromise;
}

/** Ends the shared worker (process shutdown and tests). */
export async function closePanOcr(): Promise<void> {
  const w = workerPromise;
  workerPromise = null;
  if (w) await (await w).terminate();
}

/** Grey, 1600 px wide, stretched contrast, sharpened: what tesseract reads best. */
export async function preprocessForOcr(image: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image, { limitInputPixels: 40_000_000 })
    .rotate()
    .resize({ width: 1600, withoutEnlargement: false })
    .grayscale()
    .normalise()
    .sharpen()
    .png()
    .toBuffer();
}

export interface PanCardFields {
  panNumber: string | null;
  name: string | null;
  dob: string | null;
}

// Letters tesseract confuses with digits, in each direction.
const TO_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  Z: '2',
  S: '5',
  B: '8',
  G: '6',
  T: '7',
};
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B', '6': 'G', '7': 'T' };

/** Repairs a 10-character token into the PAN shape (5 letters, 4 digits, 1 letter) when it can. */
export function repairPan(token: string): string | null {
  if (token.length !== 10) return null;
  const chars = token.split('').map((c, i) => (i >= 5 && i <= 8 ? (TO_DIGIT[c] ?? c) : (TO_LETTER[c] ?? c)));
  const pan = chars.join('');
  return PAN_PATTERN.test(pan) ? pan : null;
}

const LABELS =
  /(income|tax|department|govt|government|india|permanent|account|number|card|signature|father|date|birth)/i;
const cleanName = (line: string) =>
  line
    .replace(/[^A-Za-z .]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

/** Finds the PAN number, the holder's name and the date of birth in OCR text (old and new card layouts). */
export function parsePanCardText(text: string): PanCardFields {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

  let panNumber: string | null = null;
  for (const token of text.toUpperCase().split(/[^A-Z0-9]+/)) {
    const pan = repairPan(token);
    if (pan && (!panNumber || (isIndividualPan(pan) && !isIndividualPan(panNumber)))) panNumber = pan;
  }

  let dob: string | null = null;
  for (const m of text.matchAll(/(\d{2})\s*[/\-.]\s*(\d{2})\s*[/\-.]\s*(\d{4})/g)) {
    const candidate = `${m[1]}/${m[2]}/${m[3]}`;
    if (parseDdMmYyyy(candidate)) {
      dob = candidate;
      break;
    }
  }

  let name: string | null = null;
  // New layout: a 'Name' label line, the value on the next line (the father's name label follows).
  const nameLabel = lines.findIndex((l) => /^name\b/i.test(l.replace(/[^A-Za-z ]/g, '').trim()) && !/father/i.test(l));
  if (nameLabel >= 0) {
    const inline = cleanName(lines[nameLabel]!.replace(/^.*?name/i, ''));
    const next = lines[nameLabel + 1] ? cleanName(lines[nameLabel + 1]!) : '';
    name = inline.length >= 3 ? inline : next.length >= 3 && !LABELS.test(next) ? next : null;
  }
  // Old layout: the first all-letters line after the GOVT. OF INDIA header.
  if (!name) {
    const header = lines.findIndex((l) => /govt|government|india/i.test(l));
    for (const line of lines.slice(header + 1)) {
      const candidate = cleanName(line);
      if (candidate.length >= 3 && /^[A-Z .]+$/.test(candidate) && !LABELS.test(candidate)) {
        name = candidate;
        break;
      }
    }
  }
  if (name)
    name =
      name
        .replace(/\s*\.\s*/g, ' ')
        .trim()
        .slice(0, 30) || null;
  return { panNumber, name, dob };
}

/** Reads a PAN card photo. Concurrent calls wait their turn on the one worker. */
export async function readPanCard(image: Buffer): Promise<PanCardFields> {
  const prepared = await preprocessForOcr(image);
  const run = queue.then(async () => {
    const w = await worker();
    const { data } = await w.recognize(prepared);
    return parsePanCardText(data.text);
  });
  queue = run.catch(() => undefined);
  return run;
}
