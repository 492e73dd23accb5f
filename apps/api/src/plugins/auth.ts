/** Bearer authentication: req.applicant for applicants; staff sessions are a separate kind. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionInfo, SessionKind } from '../auth/sessions.ts';
import { guardAdmitting } from '../lib/api-docs.ts';
import { AppError } from '../lib/errors.ts';
import { requestLanguage } from '../lib/language.ts';
import { type ApplicantScope, runInApplicantScope } from '../providers/exchanges/scope.ts';

declare module 'fastify' {
  interface FastifyRequest {
    applicant: SessionInfo | null;
    staff: SessionInfo | null;
    client: SessionInfo | null;
    /** The request's applicant scope: the provider exchanges it holds until it answers. */
    exchangeScope: ApplicantScope | null;
  }
  interface FastifyInstance {
    requireApplicant: (req: FastifyRequest) => Promise<void>;
    requireStaff: (req: FastifyRequest) => Promise<void>;
    /** A client of the client area (its own session kind: an applicant's token is refused). */
    requireClient: (req: FastifyRequest) => Promise<void>;
    optionalApplicant: (req: FastifyRequest) => Promise<SessionInfo | null>;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const { sessions, records, exchanges } = app.deps;
  app.decorateRequest('applicant', null);
  app.decorateRequest('staff', null);
  app.decorateRequest('client', null);
  app.decorateRequest('exchangeScope', null);
  // the provider calls a request makes are kept for the applicant it is for (providers/exchanges),
  // together in one statement as it answers
  app.addHook('onRequest', (req, _reply, done) => {
    runInApplicantScope(
      () => req.applicant?.subjectId ?? req.client?.subjectId,
      done,
      (scope) => (req.exchangeScope = scope),
    );
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.exchangeScope) await exchanges.storeHeld(req.exchangeScope);
    return payload;
  });

  // the app sends the language the person reads with each call: an action keeps it on the
  // record, so later messages (a reviewer's decision, the activation) are written in it
  const keepLanguage = async (req: FastifyRequest, session: SessionInfo) => {
    const language = req.method === 'POST' ? requestLanguage(req.headers['accept-language']) : null;
    if (language) await records.setLanguage(session.subjectId, language);
  };

  const sessionOf = (kind: SessionKind) => async (req: FastifyRequest) => {
    const session = await sessions.authenticate(bearerToken(req), kind);
    if (!session) throw new AppError('UNAUTHORIZED');
    if (kind === 'applicant') {
      req.applicant = session;
      await keepLanguage(req, session);
    } else if (kind === 'client') {
      req.client = session;
      await keepLanguage(req, session);
    } else req.staff = session;
  };
  app.decorate('requireApplicant', guardAdmitting(sessionOf('applicant'), { kind: 'applicant' }));
  app.decorate('requireClient', guardAdmitting(sessionOf('client'), { kind: 'client' }));
  app.decorate('requireStaff', guardAdmitting(sessionOf('staff'), { kind: 'staff', passwordFirst: false }));
  app.decorate('optionalApplicant', async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) return null;
    const session = await sessions.authenticate(token, 'applicant');
    if (!session) throw new AppError('UNAUTHORIZED');
    req.applicant = session;
    await keepLanguage(req, session);
    return session;
  });
});
