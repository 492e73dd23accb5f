/**
 * A client's request after the account is open: each is a case with its own lifecycle,
 * apart from the onboarding's (lifecycle.ts). The table below is the only place a request's status
 * may move; the API refuses any other move.
 */

/** The kinds built so far, in the order they were built (docs/servicing.md). */
export const SERVICE_REQUEST_KINDS = [
  'freeze',
  'unfreeze',
  'nomination',
  'bank',
  'closure',
  'segments',
  'rekyc',
  'ddpi',
  'address',
  'contact',
] as const;
export type ServiceRequestKind = (typeof SERVICE_REQUEST_KINDS)[number];

export const SERVICE_REQUEST_STATUSES = [
  'draft',
  'signed',
  'in_review',
  'sent_to_registries',
  'done',
  'rejected',
] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

/** Who moves a request, and on what. */
export type ServiceRequestEvent =
  | 'client_signs'
  | 'submitted_for_review'
  | 'maker_accepts'
  | 'checker_confirms'
  | 'registries_accept'
  | 'reviewer_rejects'
  | 'registry_rejects'
  | 'carried_out';

/**
 * Every allowed move: from, event, to. A freeze is carried out at once (SEBI circular of 12 Jan
 * 2024: within 15 minutes, with no review); an unfreeze once the client's identity is verified again.
 */
export const SERVICE_REQUEST_TRANSITIONS: readonly {
  from: ServiceRequestStatus;
  event: ServiceRequestEvent;
  to: ServiceRequestStatus;
}[] = [
  { from: 'draft', event: 'client_signs', to: 'signed' },
  { from: 'signed', event: 'submitted_for_review', to: 'in_review' },
  // the maker's acceptance is recorded on the request; the checker's confirmation sends it out
  { from: 'in_review', event: 'maker_accepts', to: 'in_review' },
  { from: 'in_review', event: 'checker_confirms', to: 'sent_to_registries' },
  { from: 'in_review', event: 'reviewer_rejects', to: 'rejected' },
  { from: 'sent_to_registries', event: 'registries_accept', to: 'done' },
  { from: 'sent_to_registries', event: 'registry_rejects', to: 'rejected' },
  // freeze and unfreeze: no registry and no four eyes
  { from: 'draft', event: 'carried_out', to: 'done' },
];

/** The status a request reaches on an event, or null when the move is not in the table. */
export function nextServiceRequestStatus(
  from: ServiceRequestStatus,
  event: ServiceRequestEvent,
): ServiceRequestStatus | null {
  return SERVICE_REQUEST_TRANSITIONS.find((t) => t.from === from && t.event === event)?.to ?? null;
}

/** The number the client and the back office quote: SR-000123. */
export const serviceRequestNumber = (n: number | string) => `SR-${String(n).padStart(6, '0')}`;

/** Coded reasons a reviewer rejects a request with (the client reads them in their language). */
export const SERVICE_REJECTION_REASONS = [
  'SIGNATURE_MISMATCH',
  'NOMINEE_DETAILS_INCOMPLETE',
  'DOCUMENT_ILLEGIBLE',
  'REGISTRY_REFUSED',
  'OTHER',
] as const;
export type ServiceRejectionReason = (typeof SERVICE_REJECTION_REASONS)[number];
