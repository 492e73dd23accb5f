/**
 * One-time passwords: 6 digits from a CSPRNG, stored as a keyed hash, single use, valid for the
 * configured minutes (at most 10), dead after the configured wrong tries; a resend only after the
 * countdown (30 s, then 20 s) and at most N sends per target per hour.
 */
import type { MessageKey } from '@ekyc/contracts/messages';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { type Hasher, randomOtp } from '../lib/crypto.ts';
import { type OtpPurpose, otpRepository as repo } from './otp.repository.ts';

export type OtpCheck = { ok: true } | { ok: false; message: MessageKey };

export class OtpService {
  constructor(
    private readonly database: Database,
    private readonly hasher: Hasher,
    private readonly config: Pick<Config, 'otp'>,
    private readonly now: () => number = Date.now,
  ) {}

  targetHash(purpose: OtpPurpose, target: string) {
    return this.hasher.hash(`otp-target:${purpose}`, target);
  }

  private codeHash(targetHash: string, code: string) {
    return this.hasher.hash('otp-code', `${targetHash}:${code}`);
  }

  /**
   * Issues a new code for the target, enforcing the resend countdown and the hourly cap. The code
   * is stored only once `deliver` sent its message: a send cut off half-way (the database or the
   * gateway away a moment) leaves no countdown behind, so its retry is not refused as too soon.
   */
  async issue(
    purpose: OtpPurpose,
    target: string,
    deliver: (issued: { code: string; resendAfter: number; expiresIn: number }) => Promise<void>,
  ): Promise<{ code: string; resendAfter: number; expiresIn: number }> {
    const db = this.database.db;
    const targetHash = this.targetHash(purpose, target);
    const now = this.now();
    const { last, sent } = await repo.latestWithSentSince(db, purpose, targetHash, new Date(now - 60 * 60 * 1000));
    const { countdownSeconds, resendCountdownSeconds, sendsPerHour, ttlSeconds } = this.config.otp;
    if (last) {
      const isResend = last.createdAt.getTime() > now - 60 * 60 * 1000;
      const wait = isResend && last.sends > 1 ? resendCountdownSeconds : countdownSeconds;
      const readyAt = last.createdAt.getTime() + wait * 1000;
      if (!last.usedAt && readyAt > now + 500)
        throw new AppError('RATE_LIMITED', 'otpResendTooSoon', { resend_after: Math.ceil((readyAt - now) / 1000) });
    }
    if (sent >= sendsPerHour) throw new AppError('RATE_LIMITED', 'otpSendLimit');
    const code = randomOtp();
    const issued = { code, resendAfter: sent === 0 ? countdownSeconds : resendCountdownSeconds, expiresIn: ttlSeconds };
    await deliver(issued);
    await repo.insert(db, {
      purpose,
      targetHash,
      codeHash: this.codeHash(targetHash, code),
      sends: sent + 1,
      expiresAt: new Date(now + ttlSeconds * 1000),
      createdAt: new Date(now),
    });
    return issued;
  }

  /**
   * Checks a code and uses it up. Every check takes one of the latest code's attempts before it
   * compares (one statement), so a burst of concurrent guesses gets no more comparisons than the
   * attempts allowed. `beforeConsume` runs once the code is known right and before it is used up:
   * the work the code unlocks is saved first, so that a request failing half-way (the database
   * dropping the connection) can be retried with the same code.
   */
  async verify(
    purpose: OtpPurpose,
    target: string,
    code: string,
    beforeConsume?: () => Promise<void>,
  ): Promise<OtpCheck> {
    const db = this.database.db;
    const targetHash = this.targetHash(purpose, target);
    const now = this.now();
    const max = this.config.otp.maxAttempts;
    // the latest code, and one of its attempts taken in the same statement when it can be used
    const row = await repo.latestClaimingAttempt(db, purpose, targetHash, max, new Date(now));
    if (!row || row.usedAt || row.expiresAt.getTime() <= now) return { ok: false, message: 'otpExpired' };
    const attempt = row.claimed;
    if (attempt === null) return { ok: false, message: 'otpLocked' };
    if (!this.hasher.equals(row.codeHash, this.codeHash(targetHash, code)))
      return { ok: false, message: attempt >= max ? 'otpLocked' : 'otpWrong' };
    await beforeConsume?.();
    if (!(await repo.consume(db, row.id))) return { ok: false, message: 'otpExpired' };
    return { ok: true };
  }
}
