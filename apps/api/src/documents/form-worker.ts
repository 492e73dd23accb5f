/**
 * The account-opening form made ready for eSign: rendered, given its signature placeholder and
 * its InputHash taken. Runs in a worker thread of the document pool (form-pool.ts), or inline when
 * the pool has no threads; its input and output cross threads by structured clone.
 */
import { type AccountOpeningFormInput, renderAccountOpeningForm } from './account-opening-form.ts';
import { addSignaturePlaceholder, byteRangeDigest } from './signing/pdf-signature.ts';

export interface FormTask {
  form: AccountOpeningFormInput;
  /** The signature dictionary's name, reason and location. */
  signer: { name: string; reason: string; location: string };
}

export interface PreparedForm {
  /** The form with its placeholder: the bytes whose ByteRange hash is signed. */
  pdf: Buffer;
  /** SHA-256 of the ByteRange, eSign 2.1's InputHash. */
  inputHash: Buffer;
}

/** Bytes that crossed a thread arrive as a plain Uint8Array. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export default async function prepareForm(task: FormTask): Promise<PreparedForm> {
  const { selfie, signature } = task.form.images;
  const form = await renderAccountOpeningForm({
    ...task.form,
    images: { selfie: selfie ? asBuffer(selfie) : null, signature: signature ? asBuffer(signature) : null },
  });
  const pdf = addSignaturePlaceholder(form, task.signer);
  return { pdf, inputHash: await byteRangeDigest(pdf) };
}
