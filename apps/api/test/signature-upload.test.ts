import { MSG } from '@ekyc/contracts/messages';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderAccountOpeningForm } from '../src/documents/account-opening-form.ts';
import { toolOutput } from './support/system-tool.ts';
import { call, testApp, uniqueMobile } from './support/test-app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
});
afterAll(() => app.close());

async function applicantAt(stage: number): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/fixtures/applicant',
    payload: { mobile: uniqueMobile(), stage },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

/** A transparent 400x120 PNG with one dark stroke, as signature_pad produces. */
async function drawnPng(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120"><path d="M10 100 C 80 10, 160 10, 390 90" stroke="#000" stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A drawn signature with the given capture and the fields of an applicant who cannot sign. */
const upload = async (token: string, uploadType: 'digital' | 'manual', extra: object) =>
  call(app, 'POST', 'upload-signature', {
    token,
    body: { signature_image: await drawnPng(), document_type: 'png', upload_type: uploadType, ...extra },
  });

type Details = [
  {
    signature_obj: {
      is_object: boolean;
      document?: string;
      upload_type?: string;
      document_type?: string;
      signature_mark?: string;
      guardian?: { name: string; relation: string };
    };
  },
];

describe('upload-signature', () => {
  it('stores a drawn signature as a PNG that keeps its transparent background, and goes on to nominee', async () => {
    const token = await applicantAt(170);
    const res = await call<{ screen: string }>(app, 'POST', 'upload-signature', {
      token,
      body: { signature_image: await drawnPng(), document_type: 'png', upload_type: 'digital' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ status: true, data: { screen: '/bank-and-segment/nominee', stage: 180 } });

    const details = await call<Details>(app, 'GET', 'get-user-details', { token });
    const sig = details.body.data[0].signature_obj;
    expect(sig).toMatchObject({ is_object: true, document_type: 'png', upload_type: 'digital' });
    const file = await app.inject({ url: sig.document! });
    expect(file.headers['content-type']).toBe('image/png');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.hasAlpha).toBe(true);
  });

  it('re-encodes an uploaded JPEG to PNG and strips its metadata', async () => {
    const token = await applicantAt(170);
    const jpeg = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#ffffff' } })
      .withMetadata({ exif: { IFD0: { Artist: 'secret-person' } } })
      .jpeg()
      .toBuffer();
    expect(jpeg.includes('secret-person')).toBe(true);
    const res = await call(app, 'POST', 'upload-signature', {
      token,
      body: {
        signature_image: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        document_type: 'jpeg',
        upload_type: 'manual',
      },
    });
    expect(res.body.status).toBe(true);
    const details = await call<Details>(app, 'GET', 'get-user-details', { token });
    const file = await app.inject({ url: details.body.data[0].signature_obj.document! });
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(file.rawPayload.includes('secret-person')).toBe(false);
  });

  it('is read-only once stored: a second upload after the stage moved on is refused with the screen to go to', async () => {
    const token = await applicantAt(170);
    const body = { signature_image: await drawnPng(), document_type: 'png', upload_type: 'digital' };
    expect((await call(app, 'POST', 'upload-signature', { token, body })).body.status).toBe(true);
    const again = await call(app, 'POST', 'upload-signature', { token, body });
    expect(again.statusCode).toBe(200);
    expect(again.body.status).toBe(false);
    expect(again.body.data).toMatchObject({ screen: '/bank-and-segment/nominee' });
  });

  it('refuses a file whose bytes are not an image, whatever its declared type', async () => {
    const token = await applicantAt(170);
    const fake = Buffer.from('%PDF-1.4 pretending to be a png').toString('base64');
    const res = await call(app, 'POST', 'upload-signature', {
      token,
      body: { signature_image: `data:image/png;base64,${fake}`, document_type: 'png', upload_type: 'manual' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`signature_image: ${MSG.chequeType}`);
  });

  it('refuses an image over 5 MB with the spec message', async () => {
    const token = await applicantAt(170);
    const big = Buffer.alloc(5242881, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    const res = await call(app, 'POST', 'upload-signature', {
      token,
      body: {
        signature_image: `data:image/png;base64,${big.toString('base64')}`,
        document_type: 'png',
        upload_type: 'manual',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`signature_image: ${MSG.signatureSize}`);
  });

  it('refuses a corrupt PNG and an unknown upload type', async () => {
    const token = await applicantAt(170);
    const corrupt = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
    const res = await call(app, 'POST', 'upload-signature', {
      token,
      body: {
        signature_image: `data:image/png;base64,${corrupt.toString('base64')}`,
        document_type: 'png',
        upload_type: 'manual',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(`signature_image: ${MSG.chequeType}`);
    const wrongType = await call(app, 'POST', 'upload-signature', {
      token,
      body: { signature_image: await drawnPng(), document_type: 'png', upload_type: 'scanner' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.body.message).toMatch(/^upload_type: /);
  });

  it('is not available before the signature stage, and needs a signed-in applicant', async () => {
    const token = await applicantAt(160);
    const body = { signature_image: await drawnPng(), document_type: 'png', upload_type: 'digital' };
    const early = await call(app, 'POST', 'upload-signature', { token, body });
    expect(early.statusCode).toBe(200);
    expect(early.body.status).toBe(false);
    expect(early.body.data).toMatchObject({ screen: '/bank-and-segment' });
    expect((await call(app, 'POST', 'upload-signature', { body })).statusCode).toBe(401);
  });

  it('takes a thumb impression, or a guardian signing for an applicant who cannot, and the form says which', async () => {
    const thumbToken = await applicantAt(170);
    const thumb = await upload(thumbToken, 'manual', { signature_mark: 'thumb_impression' });
    expect(thumb.statusCode).toBe(200);
    const thumbSig = (await call<Details>(app, 'GET', 'get-user-details', { token: thumbToken })).body.data[0]
      .signature_obj;
    expect(thumbSig).toMatchObject({ signature_mark: 'thumb_impression' });

    const token = await applicantAt(170);
    const wrong = await upload(token, 'digital', { guardian: { name: 'Ramesh Sharma', relation: 'Uncle' } });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain(MSG.signatureGuardianRelation);
    const res = await upload(token, 'digital', { guardian: { name: 'Ramesh Sharma', relation: 'Father' } });
    expect(res.statusCode).toBe(200);
    const sig = (await call<Details>(app, 'GET', 'get-user-details', { token })).body.data[0].signature_obj;
    expect(sig).toMatchObject({ guardian: { name: 'Ramesh Sharma', relation: 'Father' } });

    // the account-opening form names the mark under the signature box (read by poppler's pdftotext)
    const text = async (signature_obj: object) =>
      toolOutput('pdftotext', ['-', '-'], {
        input: await renderAccountOpeningForm({
          applicationId: 'EPMARKTEST',
          generatedAt: new Date('2026-11-26T10:00:00Z'),
          mobile: '9876543210',
          email: null,
          clientCode: null,
          sections: { signature_obj },
          images: {},
          verificationDays: '7 to 10 business days',
        }),
      }).replace(/\s+/g, ' ');
    expect(await text(sig)).toContain("Guardian's signature");
    expect(await text(sig)).toContain('Signed by Ramesh Sharma (Father), guardian, on behalf of the applicant.');
    expect(await text(thumbSig)).toContain('The applicant gave a thumb impression in place of a signature.');
    expect(await text({ document_type: 'png' })).not.toContain('thumb impression');
  });
});
