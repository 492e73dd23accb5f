/** The access matrix's callers, access levels and the shape of one entry (access-matrix.test.ts). */
export const ACTORS = ['owner', 'other', 'reviewer', 'admin', 'anonymous', 'expired'] as const;
export type Actor = (typeof ACTORS)[number];
/** provider: a sandbox wire-format route, authenticated by the provider's own credentials or codes */
export type Access = 'applicant' | 'client' | 'reviewer' | 'admin' | 'public' | 'sandbox' | 'static' | 'provider';
export type Expect = Record<Actor, number>;

export const BY_ACCESS: Record<Access, Expect> = {
  applicant: { owner: 200, other: 200, reviewer: 401, admin: 401, anonymous: 401, expired: 401 },
  // the client area's own session kind: no applicant's nor staff token opens it
  client: { owner: 401, other: 401, reviewer: 401, admin: 401, anonymous: 401, expired: 401 },
  reviewer: { owner: 401, other: 401, reviewer: 200, admin: 200, anonymous: 401, expired: 401 },
  admin: { owner: 401, other: 401, reviewer: 403, admin: 200, anonymous: 401, expired: 401 },
  public: { owner: 200, other: 200, reviewer: 200, admin: 200, anonymous: 200, expired: 200 },
  sandbox: { owner: 200, other: 200, reviewer: 200, admin: 200, anonymous: 200, expired: 200 },
  static: { owner: 200, other: 200, reviewer: 200, admin: 200, anonymous: 200, expired: 200 },
  provider: { owner: 0, other: 0, reviewer: 0, admin: 0, anonymous: 0, expired: 0 },
};

export interface Ctx {
  ownerId: string;
  fileUrl: string;
  staffId: string;
  eproId: string;
  documents: string;
  txn: string;
  mobile: string;
  jpeg: string;
  otherId: string;
}
export interface Sample {
  query?: Record<string, string>;
  body?: unknown;
  params?: Record<string, string>;
  /** the whole URL instead (signed file links) */
  url?: string;
  form?: boolean;
}
export interface Entry {
  access: Access;
  sample?: (ctx: Ctx) => Sample;
  /** cells that differ from the access level's defaults (stage guards, business answers) */
  expect?: Partial<Expect>;
}

export const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/**
 * both applicants are at the e-sign stage: an earlier stage's call is refused with the screen to go
 * to (HTTP 200, status false: a handled outcome in the contract's codes)
 */
export const CONFLICT = { owner: 200, other: 200 };
export const ALL = (status: number): Expect => ({
  owner: status,
  other: status,
  reviewer: status,
  admin: status,
  anonymous: status,
  expired: status,
});
