/**
 * The form's text wrapping: each line is as long as the width allows, measured the way the PDF
 * draws it (the whole line at once, kerning included), whatever the words.
 */
import fc from 'fast-check';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { printable, wrapText } from '../src/documents/pdf-writer.ts';

describe('the form wraps text', () => {
  it('into lines that fit, each taking every word that still fits', async () => {
    const doc = await PDFDocument.create();
    const fonts = [await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)];
    // letters that kern with each other and with the space (AV, To, "A ", " Y") and ones that do not
    const word = fc.stringMatching(/^[AVTWYLPFavtwyor.,:()0-9]{1,14}$/);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 60 }),
        fc.constantFrom(...fonts),
        fc.constantFrom(8.5, 9, 9.5),
        fc.nat(),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (words, font, size, cut, nudge) => {
          // a width at, or within a point of, where some line of words would end: where a
          // measurement that drops a kerning pair breaks the line one word early or late
          const k = 1 + (cut % words.length);
          const width = font.widthOfTextAtSize(printable(words.slice(0, k).join(' ')), size) + nudge;
          const lines = wrapText(words.join(' '), font, size, width);
          expect(lines.join(' ')).toBe(printable(words.join(' ')));
          lines.forEach((line, i) => {
            // a line of one word may overflow (a word is never split); any longer line fits
            // (within a millionth of a point: sums of widths round differently from one measurement)
            if (line.includes(' ')) expect(font.widthOfTextAtSize(line, size)).toBeLessThanOrEqual(width + 1e-6);
            const next = lines[i + 1];
            if (next !== undefined)
              expect(font.widthOfTextAtSize(`${line} ${next.split(' ')[0]}`, size)).toBeGreaterThan(width - 1e-6);
          });
        },
      ),
      { numRuns: 400 },
    );
  });
});
