/**
 * PAN by photo: the test renders PAN-like card images itself (sharp with an SVG text overlay) and
 * the API reads them back offline with tesseract.js.
 */
import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePanCardText, repairPan } from '../src/documents/ocr/pan-ocr.ts';
import { call, signUpWithEmail, testApp } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(async () => app.close());

interface Card {
  pan: string;
  name: string;
  father: string;
  dob: string;
  layout: 'new' | 'old';
}

/** A PAN card look-alike: a tinted card with the issuer's header and the holder's lines. */
async function renderCard(c: Card, format: 'jpeg' | 'png' = 'jpeg'): Promise<string> {
  const text = (x: number, y: number, s: string, size = 30, weight = 'bold') =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="#111">${s}</text>`;
  const body =
    c.layout === 'new'
      ? [
          text(40, 60, 'INCOME TAX DEPARTMENT', 28),
          text(560, 60, 'GOVT. OF INDIA', 28),
          text(260, 120, 'Permanent Account Number Card', 24, 'normal'),
          text(260, 165, c.pan, 36),
          text(40, 230, 'Name', 22, 'normal'),
          text(40, 265, c.name),
          text(40, 315, "Father's Name", 22, 'normal'),
          text(40, 350, c.father),
          text(40, 400, 'Date of Birth', 22, 'normal'),
          text(40, 435, c.dob),
        ]
      : [
          text(40, 60, 'INCOME TAX DEPARTMENT', 28),
          text(560, 60, 'GOVT. OF INDIA', 28),
          text(40, 150, c.name),
          text(40, 200, c.father),
          text(40, 250, c.dob),
          text(40, 310, 'Permanent Account Number', 22, 'normal'),
          text(40, 350, c.pan, 36),
        ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="860" height="500">
<rect width="860" height="500" rx="24" fill="#e9f0f7"/><rect x="700" y="200" width="120" height="150" fill="#c9d6e3"/>
${body.join('\n')}</svg>`;
  const img = sharp(Buffer.from(svg));
  const bytes = format === 'jpeg' ? await img.jpeg({ quality: 85 }).toBuffer() : await img.png().toBuffer();
  return `data:image/${format};base64,${bytes.toString('base64')}`;
}

const readCard = (token: string, base64: string) =>
  call<Record<string, unknown>>(app, 'POST', 'pan-validation', { token, query: { is_ocr: 'true' }, body: { base64 } });

describe('PAN card OCR', () => {
  it('reads the PAN number, name and date of birth of a new-layout card, then validates with the via image flag', async () => {
    const { token } = await signUpWithEmail(app);
    const card = { pan: 'BNZPM2501F', name: 'RAVI KUMAR SHARMA', father: 'SURESH KUMAR SHARMA', dob: '15/08/1990' };
    const res = await readCard(token, await renderCard({ ...card, layout: 'new' }));
    expect(res.body).toMatchObject({
      status: true,
      data: { pan_number: card.pan, name: card.name, dob: card.dob, via_image: true },
    });
    const confirm = await call(app, 'POST', 'pan-validation', {
      token,
      query: { is_ocr: 'false' },
      body: { pan: card.pan, pan_name: card.name, date_of_birth: card.dob, via_image: true },
    });
    expect(confirm.body).toMatchObject({ status: true, data: { full_name: card.name, screen: '/digilocker' } });
    const details = await call<[Record<string, Record<string, unknown>>]>(app, 'GET', 'get-user-details', { token });
    const pan = details.body.data[0].pan_obj!;
    expect(pan).toMatchObject({ pan_number: card.pan, via_image: true });
    expect(String(pan.document)).toMatch(/^\/api\/v1\/ekyc\/files\//);
  });

  it('reads an old-layout PNG card', async () => {
    const { token } = await signUpWithEmail(app);
    const card = { pan: 'AFKPD7788Q', name: 'ANITA DESAI', father: 'MOHAN DESAI', dob: '03/11/1979' };
    const res = await readCard(token, await renderCard({ ...card, layout: 'old' }, 'png'));
    expect(res.body).toMatchObject({ status: true, data: { pan_number: card.pan, name: card.name, dob: card.dob } });
  });

  it('answers the spec message for a file that is not an image, and ours for an unreadable photo', async () => {
    const { token } = await signUpWithEmail(app);
    const pdf = await readCard(token, `data:application/pdf;base64,${Buffer.from('%PDF-1.4').toString('base64')}`);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.body.message).toContain(MSG.chequeType);
    const blank = await sharp({ create: { width: 400, height: 250, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const res = await readCard(token, `data:image/jpeg;base64,${blank.toString('base64')}`);
    expect(res.body).toMatchObject({ status: false, message: MSG.panUnreadable });
  });
});

describe('PAN card text parsing', () => {
  it('repairs digits and letters tesseract confuses in a PAN', () => {
    expect(repairPan('ABCPK12B4F')).toBe('ABCPK1284F');
    expect(repairPan('A8CPKI234F')).toBe('ABCPK1234F');
    expect(repairPan('ABCPK1234')).toBeNull();
  });

  it("takes the line after the Name label, not the father's name", () => {
    const text =
      "INCOME TAX DEPARTMENT GOVT. OF INDIA\nPermanent Account Number Card\nABCPK1234F\nName\nPRIYA SINGH\nFather's Name\nRAJ SINGH\nDate of Birth\n01/02/1995\n";
    expect(parsePanCardText(text)).toEqual({ panNumber: 'ABCPK1234F', name: 'PRIYA SINGH', dob: '01/02/1995' });
  });
});
