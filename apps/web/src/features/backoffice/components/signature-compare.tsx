/**
 * The applicant's signature beside the signature on the PAN card and the one printed on the signed
 * form (its page "Signature and photograph", found by its text and drawn by pdf.js), so a reviewer
 * compares the three at one glance.
 */
import { useCallback } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { PdfPage } from '../../../lib/pdf-pages';
import { PdfDocument } from './pdf-document';
import { ScrollRegion } from '../../../components/scroll-region';

const FORM_SIGNATURE_HEADING = 'Signature and photograph';
const PANEL_WIDTH = 300;

/** The form's page that carries the signature, else its last page. */
async function signaturePage(pages: PdfPage[]): Promise<number> {
  for (let i = pages.length - 1; i >= 0; i--) if ((await pages[i]!.text()).includes(FORM_SIGNATURE_HEADING)) return i;
  return pages.length - 1;
}

export function SignatureCompare({
  signatureUrl,
  panCard,
  signedFormUrl,
}: {
  signatureUrl: string;
  panCard: { url: string; isPdf: boolean } | null;
  signedFormUrl: string | null;
}) {
  const { t } = useTranslation('backoffice-reports');
  const pageOf = useCallback(signaturePage, []);
  const panel = 'grid content-start gap-2 rounded-lg border border-slate-200 p-2';
  return (
    <section aria-labelledby="signature-compare-heading" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="signature-compare-heading" className="mb-3 text-lg font-bold">
        {t('signatures.title')}
      </h2>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 md:grid-cols-3">
        <figure className={panel}>
          <figcaption className="text-sm font-semibold text-muted">{t('signatures.drawn')}</figcaption>
          <img src={signatureUrl} alt={t('signatures.drawn')} className="h-40 w-full rounded bg-white object-contain" />
        </figure>
        <figure className={panel}>
          <figcaption className="text-sm font-semibold text-muted">{t('signatures.panCard')}</figcaption>
          {!panCard ? (
            <p className="text-sm text-muted">{t('signatures.noPanCard')}</p>
          ) : panCard.isPdf ? (
            <PdfDocument url={panCard.url} name={t('signatures.panCard')} width={PANEL_WIDTH} />
          ) : (
            <img src={panCard.url} alt={t('signatures.panCard')} className="w-full rounded bg-white object-contain" />
          )}
        </figure>
        <figure className={panel}>
          <figcaption className="text-sm font-semibold text-muted">{t('signatures.form')}</figcaption>
          {signedFormUrl ? (
            // the form's page is wider than the panel on a phone: it scrolls in a region the keyboard reaches
            <ScrollRegion label={t('signatures.form')}>
              <PdfDocument url={signedFormUrl} name={t('signatures.form')} width={PANEL_WIDTH} pageIndex={pageOf} />
            </ScrollRegion>
          ) : (
            <p className="text-sm text-muted">{t('signatures.notSigned')}</p>
          )}
        </figure>
      </div>
    </section>
  );
}
