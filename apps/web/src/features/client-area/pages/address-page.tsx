/**
 * Change the address: fetched from DigiLocker (the e-Aadhaar's address; DigiLocker returns here
 * with code and state, handed to the server once), or typed with an uploaded proof (an officially
 * valid document). The draft is signed with Aadhaar eSign (components/sign-request.tsx).
 */
import type { ServiceRequestView } from '@ekyc/contracts/calls/client-area';
import { ADDRESS_PROOF_KINDS, addressChangeRequestSchema } from '@ekyc/contracts/calls/client-contact';
import { uploadAccept } from '@ekyc/contracts/rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Button } from '../../../components/button';
import { FileField, shortFileName } from '../../../components/file-field';
import { SelectField } from '../../../components/select-field';
import { PageLoader } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { fileToDataUrl } from '../../../lib/file-data-url';
import { useSearchParams } from '../../../lib/router';
import { saidIn, useMessage } from '../../../lib/use-message';
import { returnFromDigilockerTo } from '../../../lib/digilocker-return';
import { useRequestAddressChange, useStartAddressDigilocker } from '../api/request-address-change';
import { SignRequest } from '../components/sign-request';

const LINES = ['line1', 'line2', 'city', 'state', 'pincode'] as const;
type Line = (typeof LINES)[number];

export default function AddressPage() {
  const { t } = useTranslation('client-area');
  const msg = useMessage();
  const [params, setParams] = useSearchParams();
  const start = useStartAddressDigilocker();
  const create = useRequestAddressChange();
  const handled = useRef(false);
  const [address, setAddress] = useState<Record<Line, string>>({
    line1: '',
    line2: '',
    city: '',
    state: '',
    pincode: '',
  });
  const [proofKind, setProofKind] = useState('');
  const [proofNumber, setProofNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [draft, setDraft] = useState<ServiceRequestView | null>(null);
  const code = params.get('code');
  const state = params.get('state');

  // DigiLocker's return: its code and state are sent once (the state is single use)
  useEffect(() => {
    if (!state || handled.current) return;
    handled.current = true;
    const body = code ? { source: 'digilocker' as const, code, state } : null;
    setParams({}, { replace: true });
    if (!body) return setFormError(t('addressChange.digilockerFailed'));
    create
      .mutateAsync(body)
      .then((reply) => {
        if (reply.status && reply.data.request) setDraft(reply.data.request);
        else setFormError(t('addressChange.digilockerFailed'));
      })
      .catch((err: unknown) => setFormError(msg(err instanceof ApiError ? err : 'somethingWrong')));
  }, [code, state, create, msg, setParams, t]);

  if (draft) return <SignRequest heading={t('addressChange.heading')} draft={draft} testId="address-signed" />;
  if (create.isPending && state) return <PageLoader label={t('addressChange.fetching')} />;

  const openDigilocker = async () => {
    setFormError('');
    try {
      const reply = await start.mutateAsync();
      const url = reply.status ? reply.data.url : null;
      if (typeof url !== 'string') return setFormError(msg(reply));
      returnFromDigilockerTo('/my-account/address');
      window.location.assign(url);
    } catch (err) {
      setFormError(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
  };

  const submit = async () => {
    setFormError('');
    const parsed = addressChangeRequestSchema.safeParse({
      source: 'document',
      address,
      proof_kind: proofKind,
      proof_number: proofNumber,
      proof: file ? await fileToDataUrl(file) : '',
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        found[issue.path.join('.').replace(/^address\./, '')] ??= msg(saidIn(issue));
      return setErrors(found);
    }
    setErrors({});
    try {
      const reply = await create.mutateAsync(parsed.data);
      if (reply.status && reply.data.request) setDraft(reply.data.request);
      else setFormError(msg(reply));
    } catch (err) {
      const at = err instanceof ApiError && typeof err.data.field === 'string' ? err.data.field : null;
      if (at) setErrors({ [at.replace(/^address\./, '')]: msg(err as ApiError) });
      else setFormError(msg(err instanceof ApiError ? err : 'somethingWrong'));
    }
  };

  return (
    <div className="rounded-xl bg-white p-4 shadow-sm">
      <h1 className="mb-2 text-xl font-bold">{t('addressChange.heading')}</h1>
      <p className="mb-4 text-sm text-muted">{t('addressChange.intro')}</p>
      <section aria-labelledby="from-digilocker" className="mb-6">
        <h2 id="from-digilocker" className="mb-1 font-semibold">
          {t('addressChange.digilockerHeading')}
        </h2>
        <p className="mb-2 text-sm">{t('addressChange.digilockerIntro')}</p>
        <Button variant="secondary" loading={start.isPending} onClick={() => void openDigilocker()}>
          {t('addressChange.digilocker')}
        </Button>
      </section>
      <form
        noValidate
        aria-labelledby="typed-address"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2 id="typed-address" className="mb-1 font-semibold">
          {t('addressChange.typedHeading')}
        </h2>
        {LINES.map((k) => (
          <TextField
            key={k}
            label={t(`addressChange.${k}`)}
            value={address[k]}
            maxLength={k === 'pincode' ? 6 : 100}
            inputMode={k === 'pincode' ? 'numeric' : undefined}
            autoComplete={
              k === 'line1'
                ? 'address-line1'
                : k === 'line2'
                  ? 'address-line2'
                  : k === 'city'
                    ? 'address-level2'
                    : k === 'state'
                      ? 'address-level1'
                      : 'postal-code'
            }
            onChange={(e) => setAddress((a) => ({ ...a, [k]: e.target.value }))}
            error={errors[k]}
          />
        ))}
        <SelectField
          label={t('addressChange.proofKind')}
          placeholder={t('addressChange.choose')}
          value={proofKind}
          options={ADDRESS_PROOF_KINDS.map((v) => ({ value: v, label: t(`addressChange.proofs.${v}`) }))}
          onChange={(e) => setProofKind(e.target.value)}
          error={errors.proof_kind}
        />
        <TextField
          label={t('addressChange.proofNumber')}
          value={proofNumber}
          maxLength={20}
          autoComplete="off"
          onChange={(e) => setProofNumber(e.target.value.trim())}
          error={errors.proof_number}
        />
        <FileField
          label={t('addressChange.proof')}
          accept={uploadAccept('identityDocument')}
          onPick={(f) => setFile(f ?? null)}
          hint={file ? shortFileName(file.name) : t('addressChange.proofHint')}
          error={errors.proof}
        />
        {formError && (
          <p role="alert" className="mb-3 text-sm text-danger">
            {formError}
          </p>
        )}
        <Button type="submit" loading={create.isPending}>
          {t('addressChange.save')}
        </Button>
      </form>
    </div>
  );
}
