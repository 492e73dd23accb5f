/**
 * The heavy single pieces of work: reading a PAN card photo (OCR), rendering the account-opening
 * form and signing it (PKCS#7 over the ByteRange), and re-encoding an uploaded image with sharp.
 */
import sharp from 'sharp';
import { renderAccountOpeningForm } from '../apps/api/src/documents/account-opening-form.ts';
import { closePanOcr, readPanCard } from '../apps/api/src/documents/ocr/pan-ocr.ts';
import { FaceChecker } from '../apps/api/src/sandbox/liveness/face-check.ts';
import { selfieImages } from '../apps/api/test/support/selfie-images.ts';
import { createDetachedCms } from '../apps/api/src/documents/signing/cms.ts';
import { addSignaturePlaceholder, byteRangeDigest, embedCms } from '../apps/api/src/documents/signing/pdf-signature.ts';
import { generateSandboxPki } from '../apps/api/src/documents/signing/sandbox-pki.ts';
import { median, ms, percentile, type Section, table } from './lib.ts';

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

async function series(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await time(fn))[0]);
  return out.sort((a, b) => a - b);
}

/** A PAN-card-like image: the fields a card carries, in a plain sans-serif, as a phone photo would be after cropping. */
export async function panCardImage(pan: string, name: string, dob: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1011" height="638"><rect width="100%" height="100%" fill="#e8f0f8"/>
<text x="40" y="70" font-family="DejaVu Sans" font-size="34" font-weight="bold">INCOME TAX DEPARTMENT</text>
<text x="40" y="115" font-family="DejaVu Sans" font-size="26">GOVT. OF INDIA</text>
<text x="40" y="200" font-family="DejaVu Sans" font-size="24">Permanent Account Number Card</text>
<text x="40" y="250" font-family="DejaVu Sans" font-size="40" font-weight="bold">${pan}</text>
<text x="40" y="320" font-family="DejaVu Sans" font-size="22">Name</text>
<text x="40" y="360" font-family="DejaVu Sans" font-size="32">${name}</text>
<text x="40" y="430" font-family="DejaVu Sans" font-size="22">Date of Birth</text>
<text x="40" y="470" font-family="DejaVu Sans" font-size="32">${dob}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function workItemsSection(): Promise<Section> {
  const rows: Array<Array<string | number>> = [];

  const card = await panCardImage('ABCPK1234D', 'RAVI KUMAR SHARMA', '15/08/1990');
  await readPanCard(card); // warm the worker
  const ocr = await series(10, () => readPanCard(card));
  rows.push(['PAN OCR per image (1011×638 JPEG, warm worker)', ms(median(ocr)), ms(percentile(ocr, 95)), 'under 1 s']);
  await closePanOcr();

  // The sandbox liveness service's own work: exactly one face, then the match with the Aadhaar photo.
  const faces = new FaceChecker();
  const { woman, man } = await selfieImages();
  await faces.warm();
  await faces.check(woman);
  const detect = await series(10, () => faces.check(woman));
  const match = await series(10, () => faces.check(woman, man));
  await faces.close();
  rows.push([
    'Sandbox face check: one face in a 300×300 selfie (warm model)',
    ms(median(detect)),
    ms(percentile(detect, 95)),
    '—',
  ]);
  rows.push([
    'Sandbox face match: selfie against the Aadhaar photo',
    ms(median(match)),
    ms(percentile(match, 95)),
    'under 500 ms',
  ]);

  const pki = generateSandboxPki();
  const signature = await sharp({ create: { width: 400, height: 140, channels: 4, background: '#ffffff00' } })
    .png()
    .toBuffer();
  const selfie = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c8a27a' } })
    .jpeg()
    .toBuffer();
  const input = {
    applicationId: 'bench',
    generatedAt: new Date(),
    mobile: '9876543210',
    email: 'ravi@example.com',
    clientCode: null,
    sections: {
      pan_obj: { full_name: 'RAVI KUMAR SHARMA', pan_number: 'ABCPS1234K', dob: '15/08/1990' },
      personal_obj: {
        occupation__name: 'Private Sector',
        annual_income__name: '5-10 lakhs',
        gender: 'M',
        marital_status: 'married',
        father_name: 'Ramesh Sharma',
        mother_name: 'Sita Sharma',
        plan_selected: 'premium',
      },
      bank_obj: { ifsc: 'HDFC0000001', account_number: '123456789012', account_type: 'Saving', bank_name: 'HDFC Bank' },
      segment_obj: { segment_list: [{ code: 'equity_1', name: 'Equity' }] },
      nominee_obj: { skip_nominee: true },
    },
    images: { signature, selfie },
    verificationDays: '1 to 2 working days',
  };
  const renderAndSign = async () => {
    const pdf = await renderAccountOpeningForm(input);
    const prepared = addSignaturePlaceholder(pdf, {
      name: 'RAVI KUMAR SHARMA',
      reason: 'Account opening',
      location: 'India',
    });
    const digest = await byteRangeDigest(prepared);
    const cms = createDetachedCms({
      digest,
      keyPem: pki.esp.keyPem,
      certPem: pki.esp.certPem,
      chainPems: [pki.caCertPem],
    });
    return embedCms(prepared, cms, digest);
  };
  await renderAndSign();
  const pdf = await series(20, renderAndSign);
  rows.push(['Form PDF render + PKCS#7 signature', ms(median(pdf)), ms(percentile(pdf, 95)), 'under 150 ms']);

  const photo = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#8899aa' } })
    .composite([
      { input: Buffer.from('<svg width="3000" height="4000"><circle cx="1500" cy="2000" r="900" fill="#334"/></svg>') },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
  const reencode = await series(10, () =>
    sharp(photo).rotate().resize({ width: 800, height: 800, fit: 'inside' }).jpeg({ quality: 80 }).toBuffer(),
  );
  rows.push([
    `Image re-encode (${(photo.length / 1024).toFixed(0)} KiB 12 MP JPEG to 800 px)`,
    ms(median(reencode)),
    ms(percentile(reencode, 95)),
    '—',
  ]);

  console.log(
    `work items: OCR ${ms(median(ocr))}, face ${ms(median(detect))}/${ms(median(match))}, PDF ${ms(median(pdf))}, re-encode ${ms(median(reencode))}`,
  );
  return {
    title: 'Work items',
    body: `Single-threaded, in process, after one warm-up; median and p95. OCR and the face check are the sandbox's own simulated provider work, switched off in the journey benchmark and measured here instead (a real PAN or liveness service does this work on its own machines).\n\n${table(['work', 'median', 'p95', 'target'], rows)}`,
  };
}
