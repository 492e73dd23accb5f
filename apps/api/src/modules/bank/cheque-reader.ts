/**
 * Reads the IFSC and account number printed on a cancelled cheque, fully offline: tesseract.js
 * with the bundled English traineddata (langPath, cacheMethod 'none': no network), one worker
 * reused and started on first use. Used to prefill and to cross-check what the applicant typed.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { IFSC_PATTERN } from '@ekyc/contracts/rules';
import { loadSharp } from '../../lib/sharp.ts';
import type { Worker } from 'tesseract.js';

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0');

let workerPromise: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function worker(): Promise<Worker> {
  workerPromise ??= (async () => {
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true });
    await w.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT, preserve_interword_spaces: '1' });
    return w;
  })().catch((err: unknown) => {
    workerPromise = null;
    throw err;
  });
  return workerPromise;
}

export async function closeChequeReader(): Promise<void> {
  const w = workerPromise;
  workerPromise = null;
  if (w) await (await w).terminate().catch(() => undefined);
}

export interface ChequeFields {
  ifsc: string | null;
  /** Digit runs of account-number length, most likely first. */
  accountNumbers: string[];
  text: string;
}

// OCR confuses these; the fifth IFSC character is always zero.
const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', Z: '2', S: '5', B: '8' };

/** Finds an IFSC in OCR text, repairing the usual letter/digit confusions. */
export function findIfsc(text: string): string | null {
  const upper = text.toUpperCase();
  const labelled = /IFS\s*C?\s*(?:CODE)?\s*[:.-]?\s*([A-Z0-9]{4}\s?[0O]\s?[A-Z0-9]{6})/.exec(upper);
  const candidates = [
    ...(labelled ? [labelled[1]!.replace(/\s/g, '')] : []),
    ...(upper.match(/\b[A-Z]{4}[0O][A-Z0-9]{6}\b/g) ?? []),
  ];
  for (const c of candidates) {
    const bank = c.slice(0, 4).replace(/[0-9]/g, (d) => ({ '0': 'O', '1': 'I', '5': 'S', '8': 'B' })[d] ?? d);
    // Branch codes are mostly digits: an O among digits is a zero.
    const branch = /\d/.test(c.slice(5)) ? c.slice(5).replace(/O/g, '0') : c.slice(5);
    const repaired = `${bank}0${branch}`;
    if (IFSC_PATTERN.test(repaired)) return repaired;
  }
  return null;
}

/** Account-number candidates: labelled ones first, then any 9 to 18 digit run. */
export function findAccountNumbers(text: string): string[] {
  const upper = text.toUpperCase();
  const out: string[] = [];
  const labelled = /(?:A\/C|A\/C\.|ACCOUNT|ACC)\s*(?:NO|NUMBER)?\.?\s*[:.-]?\s*([0-9OILSB][0-9OILSB -]{7,24})/g;
  for (const m of upper.matchAll(labelled)) {
    const digits = m[1]!.replace(/[OILSB]/g, (c) => TO_DIGIT[c] ?? c).replace(/[\s-]/g, '');
    const run = /\d{9,18}/.exec(digits)?.[0];
    if (run) out.push(run);
  }
  for (const m of upper.matchAll(/\d[\d ]{7,22}\d/g)) {
    const digits = m[0].replace(/\s/g, '');
    // An unlabelled 9-digit run is most likely the MICR code at the foot of the cheque.
    if (digits.length >= 10 && digits.length <= 18) out.push(digits);
  }
  return [...new Set(out)];
}

/** Grey, 1600 px wide, stretched contrast: what tesseract reads best. */
async function prepare(image: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image)
    .rotate()
    .resize({ width: 1600, withoutEnlargement: false })
    .grayscale()
    .normalise()
    .png()
    .toBuffer();
}

export async function readCheque(image: Buffer): Promise<ChequeFields> {
  const prepared = await prepare(image);
  const run = queue.then(async () => {
    const { data } = await (await worker()).recognize(prepared);
    return { ifsc: findIfsc(data.text), accountNumbers: findAccountNumbers(data.text), text: data.text };
  });
  queue = run.catch(() => undefined);
  return run;
}
