/**
 * Staff sign-in's second factor (TOTP, RFC 6238, through otplib): the signed challenge that a right
 * password earns, the code check (a time step is accepted once; 30 s of clock drift either way)
 * and the one-time recovery codes (keyed hashes only). The secret is sealed with the records' key.
 * otplib loads with the first enrolment or code checked, not at start-up.
 */
import { randomInt } from 'node:crypto';
import type { StaffMfaChallenge } from '@ekyc/contracts/calls/backoffice-mfa';
import type { StaffLoginData } from '@ekyc/contracts/calls/backoffice-login';
import { qrCodeSvg } from '../../lib/qr-code.ts';
import type { BackofficeDeps } from './deps.ts';
import { auditRepository as auditRepo } from './audit.repository.ts';
import { staffRepository as staffRepo, type StaffRow } from './staff.repository.ts';
import { staffAccountRepository as accounts } from './staff-account.repository.ts';
import { staffView } from './staff-view.ts';

export type MfaStep = StaffMfaChallenge['mfa'];
type Deps = Pick<BackofficeDeps, 'database' | 'sessions' | 'config' | 'hasher' | 'cipher'>;

const CHALLENGE_SECONDS = 300;
const CLOCK_DRIFT_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;

/** The second-factor step due after a right password, or null when the password is enough. */
export function mfaStepFor(config: BackofficeDeps['config'], member: StaffRow): MfaStep | null {
  if (member.mfaEnrolledAt) return 'verify';
  return config.staffMfa.mode === 'required' ? 'enrol' : null;
}

/** `<staff id>.<step>.<expiry>.<signature>`: proves the password was right a moment ago. */
export function issueChallenge(
  deps: Pick<BackofficeDeps, 'hasher'>,
  member: StaffRow,
  step: MfaStep,
): StaffMfaChallenge {
  const body = `${member.id}.${step}.${Math.floor(Date.now() / 1000) + CHALLENGE_SECONDS}`;
  return { mfa: step, challenge: `${body}.${deps.hasher.sign(`staff-mfa:${body}`)}` };
}

/** The account behind a valid, unexpired challenge for this step (still active), else null. */
export async function readChallenge(
  deps: Pick<BackofficeDeps, 'hasher' | 'database'>,
  challenge: string,
  step?: MfaStep,
): Promise<{ member: StaffRow; step: MfaStep } | null> {
  const parts = challenge.split('.');
  if (parts.length !== 4) return null;
  const [id, given, expiry, signature] = parts as [string, string, string, string];
  if (!deps.hasher.verify(`staff-mfa:${id}.${given}.${expiry}`, signature)) return null;
  if (Number(expiry) * 1000 < Date.now() || (given !== 'verify' && given !== 'enrol')) return null;
  if (step && given !== step) return null;
  const member = await staffRepo.staffById(deps.database.db, id);
  // an enrolment challenge is void once the account is enrolled (another tab, or whoever else
  // holds the password, cannot replace the secret), and a code challenge once it is reset
  if (!member?.active || (given === 'enrol') !== (member.mfaEnrolledAt === null)) return null;
  return { member, step: given };
}

/** Opens the staff session once every factor is given (audited). */
export async function openStaffSession(
  deps: Pick<BackofficeDeps, 'database' | 'sessions'>,
  member: StaffRow,
  extra: { recovery_codes?: string[] } = {},
): Promise<StaffLoginData> {
  const db = deps.database.db;
  const { token } = await deps.sessions.create('staff', member.id);
  await staffRepo.touchLogin(db, member.id);
  await auditRepo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: member.id,
    action: 'staff.login',
  });
  return { token, staff: staffView({ ...member, lastLoginAt: new Date() }), ...extra };
}

/** A new secret for the account to enrol (kept sealed until its first code confirms it). */
export async function startEnrolment(deps: Deps, member: StaffRow) {
  const { generateSecret, generateURI } = await import('otplib');
  const secret = generateSecret();
  await accounts.setPendingSecret(deps.database.db, member.id, deps.cipher.encrypt(secret));
  const otpauthUri = generateURI({ issuer: deps.config.staffMfa.issuer, label: member.email, secret });
  const svg = await qrCodeSvg(otpauthUri);
  return {
    secret,
    otpauth_uri: otpauthUri,
    qr_code: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
  };
}

async function timeStepOf(secret: string, code: string, afterTimeStep?: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const { verify } = await import('otplib');
  const result = await verify({
    secret,
    token: code,
    epochTolerance: CLOCK_DRIFT_SECONDS,
    ...(afterTimeStep !== undefined && { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const recoveryHash = (deps: Pick<BackofficeDeps, 'hasher'>, member: StaffRow, code: string) =>
  deps.hasher.hash('staff-recovery-code', `${member.id}:${code.replace('-', '').toLowerCase()}`);

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function recoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * The first code of the secret being enrolled confirms it: answers the new recovery codes (shown
 * this once), or null for a wrong code (audited).
 */
export async function confirmEnrolment(deps: Deps, member: StaffRow, code: string): Promise<string[] | null> {
  const db = deps.database.db;
  const sealed = member.mfaPendingSecret;
  const timeStep = sealed ? await timeStepOf(deps.cipher.decrypt(sealed), code) : null;
  if (timeStep === null || !sealed) {
    await auditRepo.appendAudit(db, {
      chain: 'staff',
      applicantId: null,
      actorKind: 'staff',
      actorId: member.id,
      action: 'staff.mfa_failed',
      after: { step: 'enrol' },
    });
    return null;
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await accounts.confirmEnrolment(
    db,
    member.id,
    sealed,
    timeStep,
    codes.map((c) => recoveryHash(deps, member, c)),
  );
  await auditRepo.appendAudit(db, {
    chain: 'staff',
    applicantId: null,
    actorKind: 'staff',
    actorId: member.id,
    action: 'staff.mfa_enrolled',
  });
  return codes;
}

/**
 * The code of the challenge's step: the first code of a new secret confirms the enrolment (and the
 * recovery codes are made and returned, this once); later, a TOTP code or an unused recovery code.
 * Null for a wrong code (audited).
 */
export async function checkSecondFactor(
  deps: Deps,
  member: StaffRow,
  step: MfaStep,
  code: string,
): Promise<StaffLoginData | null> {
  const db = deps.database.db;
  const audit = (action: string, after?: unknown) =>
    auditRepo.appendAudit(db, {
      chain: 'staff',
      applicantId: null,
      actorKind: 'staff',
      actorId: member.id,
      action,
      after,
    });
  if (step === 'enrol') {
    const codes = await confirmEnrolment(deps, member, code);
    return codes && openStaffSession(deps, { ...member, mfaEnrolledAt: new Date() }, { recovery_codes: codes });
  }
  const secret = member.mfaSecret ? deps.cipher.decrypt(member.mfaSecret) : null;
  const timeStep = secret ? await timeStepOf(secret, code, member.mfaLastStep ?? undefined) : null;
  if (timeStep !== null && (await accounts.useTimeStep(db, member.id, timeStep))) return openStaffSession(deps, member);
  if (code.length > 6 && (await accounts.useRecoveryCode(db, member.id, recoveryHash(deps, member, code)))) {
    await audit('staff.mfa_recovery_code_used', { left: await accounts.unusedRecoveryCodes(db, member.id) });
    return openStaffSession(deps, member);
  }
  await audit('staff.mfa_failed', { step });
  return null;
}
