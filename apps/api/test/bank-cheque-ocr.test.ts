/** The offline OCR reads the IFSC and account number printed on a cheque, and the cross-check says if they agree. */
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { closeChequeReader, findAccountNumbers, findIfsc, readCheque } from '../src/modules/bank/cheque-reader.ts';
import { crossCheck } from '../src/modules/bank/verify-cheque.ts';

afterAll(closeChequeReader);

const CHEQUE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="360"><rect width="100%" height="100%" fill="#f4f8ff"/>
<text x="30" y="50" font-family="DejaVu Sans, Arial" font-size="26" font-weight="bold">HDFC BANK</text>
<text x="30" y="85" font-family="DejaVu Sans, Arial" font-size="18">Sandoz House, Worli, Mumbai</text>
<text x="30" y="115" font-family="DejaVu Sans, Arial" font-size="20">IFSC: HDFC0000001</text>
<text x="30" y="200" font-family="DejaVu Sans, Arial" font-size="20">A/C No. 50100123456789</text>
<text x="30" y="240" font-family="DejaVu Sans, Arial" font-size="18">RAVI KUMAR SHARMA</text>
<text x="500" y="160" font-family="DejaVu Sans, Arial" font-size="36" fill="#888">CANCELLED</text>
<text x="120" y="330" font-family="DejaVu Sans Mono, monospace" font-size="22">123456 400240002 000123 31</text></svg>`;

it('reads the IFSC and account number from a cheque image', { timeout: 60_000 }, async () => {
  const image = await sharp(Buffer.from(CHEQUE_SVG)).jpeg({ quality: 85 }).toBuffer();
  const read = await readCheque(image);
  expect(read.ifsc).toBe('HDFC0000001');
  expect(read.accountNumbers[0]).toBe('50100123456789');
  expect(crossCheck(read, 'HDFC0000001', '50100123456789')).toEqual({
    ifsc: 'HDFC0000001',
    account_number: '50100123456789',
    ifsc_matches: true,
    account_matches: true,
    legible: true,
  });
  expect(crossCheck(read, 'HDFC0000002', '50100123456780')).toMatchObject({
    ifsc_matches: false,
    account_matches: false,
  });
});

it('repairs the usual OCR confusions and skips the MICR line', () => {
  expect(findIfsc('IFSC Code : SBINOOO1234')).toBe('SBIN0001234');
  expect(findIfsc('IFS CODE HDFC 0 000001')).toBe('HDFC0000001');
  expect(findAccountNumbers('A/C NO. 3OO1 2345 678\n⑈123456⑈ 400240002⑆ 000123⑈ 31')).toEqual(['30012345678']);
  expect(findIfsc('no code here')).toBeNull();
});
