/** The calculators of the charges page: every figure comes from the pure functions of the contracts. */
import {
  AMC_PLANS,
  amcOverYears,
  BROKERAGE_SEGMENTS,
  type BrokerageSegment,
  brokerageForOrders,
  bsdaAnnualCharge,
  debitTransactionCharge,
  dematRequestCharge,
  minimumUpfrontMargin,
  offMarketTransferCharge,
  rematCharge,
  rs,
} from '@ekyc/contracts/charges';
import { type ReactNode, useId, useState } from 'react';
import { usePublicTranslation } from '../hooks/use-public-translation';
import { rupees } from './charge-format';
import { SelectField } from '../../../components/select-field';
import { NumberField, useNumberInput } from './number-field';

type T = ReturnType<typeof usePublicTranslation>['t'];

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm">
      <h3 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Result({ children }: { children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className="rounded-lg bg-slate-50 p-3 text-sm">
      {children}
    </div>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 py-0.5 ${strong ? 'font-semibold' : ''}`}>
      <span>{label}</span>
      <span data-testid={strong ? 'calc-total' : undefined}>{value}</span>
    </div>
  );
}

/** A select over a fixed list of string values (the shared SelectField, typed by its values). */
function Choice<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (v: V) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      options={options}
      onChange={(e) => onChange(options.find((o) => o.value === e.target.value)?.value ?? value)}
    />
  );
}

function BrokerageCalculator({ t }: { t: T }) {
  const [segment, setSegment] = useState<BrokerageSegment>('futures');
  const orders = useNumberInput(t('calc.invalid'), { initial: '1', whole: true, required: true });
  const amount = useNumberInput(t('calc.invalid'));
  const n = orders.value;
  const v = amount.value;
  const result = n === null ? null : brokerageForOrders(segment, n);
  return (
    <Card title={t('calc.brokerage.title')}>
      <Choice
        label={t('calc.brokerage.segment')}
        value={segment}
        onChange={setSegment}
        options={BROKERAGE_SEGMENTS.map((s) => ({ value: s, label: t(`calc.segments.${s}`) }))}
      />
      <NumberField label={t('calc.brokerage.orders')} {...orders.props} />
      {segment === 'delivery' && <NumberField label={t('calc.brokerage.orderValue')} prefix="₹" {...amount.props} />}
      {result && (
        <Result>
          <Line label={t('calc.brokerage.result')} value={rupees(result.total)} strong />
          {segment === 'delivery' && v !== null && (
            <Line label={t('calc.brokerage.margin')} value={rupees(minimumUpfrontMargin(rs(v)))} />
          )}
        </Result>
      )}
    </Card>
  );
}

function AmcCalculator({ t }: { t: T }) {
  const years = useNumberInput(t('calc.invalid'), { initial: '5', whole: true, max: 100 });
  const n = years.value;
  const rows = n !== null ? AMC_PLANS.map((plan) => ({ plan, ...amcOverYears(plan, n) })) : [];
  const cheapest = rows.length ? Math.min(...rows.map((r) => r.total)) : 0;
  return (
    <Card title={t('calc.amc.title')}>
      <NumberField label={t('calc.amc.years')} {...years.props} />
      {n !== null && (
        <Result>
          <table className="w-full text-left">
            <caption className="sr-only">{t('calc.amc.caption', { years: n })}</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 font-normal">
                  {t('calc.amc.plan')}
                </th>
                <th scope="col" className="py-1 text-right font-normal">
                  {t('calc.charge')}
                </th>
                <th scope="col" className="py-1 text-right font-normal">
                  {t('calc.gst')}
                </th>
                <th scope="col" className="py-1 text-right font-normal">
                  {t('calc.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.plan} data-plan={r.plan} className={r.total === cheapest ? 'font-semibold' : ''}>
                  <th scope="row" className="py-1 font-normal">
                    {t(`calc.amc.plans.${r.plan}`)}
                    {r.total === cheapest && <span className="ml-1 text-success">★</span>}
                  </th>
                  <td className="py-1 text-right">{rupees(r.charge)}</td>
                  <td className="py-1 text-right">{rupees(r.gst)}</td>
                  <td className="py-1 text-right">{rupees(r.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-muted">★ {t('calc.amc.cheapest')}</p>
        </Result>
      )}
    </Card>
  );
}

function BsdaCalculator({ t }: { t: T }) {
  const amount = useNumberInput(t('calc.invalid'));
  const v = amount.value;
  const result = v === null ? null : bsdaAnnualCharge(rs(v));
  return (
    <Card title={t('calc.bsda.title')}>
      <NumberField label={t('calc.bsda.value')} prefix="₹" {...amount.props} />
      {result && (
        <Result>
          <Line label={t('calc.bsda.slab')} value={t(`charges.bsda.slabs.${result.slab}`)} />
          {result.gst > 0 && <Line label={t('calc.gst')} value={rupees(result.gst)} />}
          <Line label={t('calc.bsda.result')} value={rupees(result.total)} strong />
        </Result>
      )}
    </Card>
  );
}

type DepositoryKind = 'debit' | 'offMarket' | 'remat' | 'demat';
const DEPOSITORY_KINDS: readonly DepositoryKind[] = ['debit', 'offMarket', 'remat', 'demat'];

function DepositoryCalculator({ t }: { t: T }) {
  const [kind, setKind] = useState<DepositoryKind>('debit');
  const amount = useNumberInput(t('calc.invalid'));
  const securities = useNumberInput(t('calc.invalid'), { whole: true });
  const certificates = useNumberInput(t('calc.invalid'), { whole: true });
  const v = amount.value;
  const s = securities.value;
  const c = certificates.value;

  let result: ReactNode = null;
  if ((kind === 'debit' || kind === 'offMarket') && v !== null) {
    const r = (kind === 'debit' ? debitTransactionCharge : offMarketTransferCharge)(rs(v));
    result = (
      <>
        <Line label={t('calc.depository.byPercent')} value={rupees(r.byPercent)} />
        <Line label={t('calc.depository.minimum')} value={rupees(r.minimum)} />
        <Line label={t('calc.depository.result')} value={rupees(r.total)} strong />
        <p className="mt-1 text-muted">{t(`calc.depository.applied.${r.basis}`)}</p>
      </>
    );
  } else if (kind === 'remat' && s !== null && c !== null) {
    const r = rematCharge(s, c);
    result = (
      <>
        <Line label={t('calc.depository.bySecurities')} value={rupees(r.bySecurities)} />
        <Line label={t('calc.depository.byCertificates')} value={rupees(r.byCertificates)} />
        <Line label={t('calc.depository.result')} value={rupees(r.total)} strong />
        <p className="mt-1 text-muted">{t(`calc.depository.applied.${r.basis}`)}</p>
      </>
    );
  } else if (kind === 'demat' && c !== null) {
    const r = dematRequestCharge(c);
    result = (
      <>
        <Line label={t('calc.depository.courier')} value={rupees(r.courier)} />
        <Line label={t('calc.depository.result')} value={rupees(r.total)} strong />
      </>
    );
  }

  return (
    <Card title={t('calc.depository.title')}>
      <Choice
        label={t('calc.depository.kind')}
        value={kind}
        onChange={setKind}
        options={DEPOSITORY_KINDS.map((k) => ({ value: k, label: t(`calc.depository.kinds.${k}`) }))}
      />
      {(kind === 'debit' || kind === 'offMarket') && (
        <NumberField label={t('calc.depository.value')} prefix="₹" {...amount.props} />
      )}
      {kind === 'remat' && <NumberField label={t('calc.depository.securities')} {...securities.props} />}
      {(kind === 'remat' || kind === 'demat') && (
        <NumberField label={t('calc.depository.certificates')} {...certificates.props} />
      )}
      {result && <Result>{result}</Result>}
    </Card>
  );
}

export function ChargeCalculators() {
  const { t } = usePublicTranslation();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <BrokerageCalculator t={t} />
      <AmcCalculator t={t} />
      <BsdaCalculator t={t} />
      <DepositoryCalculator t={t} />
    </div>
  );
}
