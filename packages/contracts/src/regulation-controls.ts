/**
 * Controls the platform applies whatever the day: no value changes with a circular, so they are
 * not dated rules (regulation.ts), but each has its source and the code that applies it
 * (docs/regulation.md; test/regulation.test.ts checks every path exists).
 */
import {
  type RuleSource,
  KYC_MASTER,
  MITC_2023,
  AML_2019,
  ACCOUNT_OPENING_2011,
  REGISTRATION_DISPLAY_2026,
  CSCRF_2024,
} from './regulation-sources.ts';

export interface BuiltInControl {
  title: string;
  sources: readonly RuleSource[];
  /** Where it is applied, from the repository's root. */
  where: readonly string[];
}

export const BUILT_IN_CONTROLS: readonly BuiltInControl[] = [
  {
    title:
      'The broker’s documents (MITC, Rights and Obligations, Risk Disclosure Document, Guidance Note, tariff, Investor Charter) are files the broker configures with versions, shown and acknowledged at their versions before e-sign, and sent in the welcome kit; the platform’s own are marked samples',
    sources: [ACCOUNT_OPENING_2011, MITC_2023],
    where: [
      'apps/api/src/documents/broker-documents.ts',
      'apps/api/src/modules/esign/start-esign-consent.ts',
      'apps/web/src/features/esign/pages/esign-page.tsx',
    ],
  },
  {
    title:
      'The broker’s SEBI registration, exchange member codes and DP id on public pages, the e-sign page, the account-opening form and every e-mail',
    sources: [REGISTRATION_DISPLAY_2026],
    where: [
      'apps/api/src/config/registrations.ts',
      'apps/web/src/features/public/components/site-footer.tsx',
      'apps/web/src/features/esign/pages/esign-page.tsx',
      'apps/api/src/providers/messaging/create.ts',
    ],
  },
  {
    title:
      'Each provider call’s raw request and answer (PAN, KRA, DigiLocker, liveness and the action check, bank, UPI, e-sign) kept encrypted with the application; the evidence bundle’s manifest signed with its own key and timestamped by an RFC 3161 time-stamping authority',
    sources: [KYC_MASTER, AML_2019, CSCRF_2024],
    where: [
      'apps/api/src/providers/exchanges/record-providers.ts',
      'apps/api/src/modules/backoffice/evidence-seal.ts',
      'apps/api/src/providers/timestamp/rfc3161.ts',
    ],
  },
];
