/**
 * A reply's `screen` (section 4: where the applicant goes next, whether the call succeeded or not):
 * one of the applicant routes of section 2, with a query where its page reads one
 * (`/returnurl?is_pan_missing=true`). Every reply schema that carries a screen uses this one, so a
 * use-case cannot name a page that does not exist and the OpenAPI document lists the routes.
 * In zod/mini: the reply envelope and the sign-up page's first download read it without classic Zod.
 */
import * as z from 'zod/mini';
import { type ApplicantRoute, ROUTE, type Screen } from './stages.ts';

const APPLICANT_ROUTES = Object.values(ROUTE) as [ApplicantRoute, ...ApplicantRoute[]];

/** An applicant route of section 2 (ROUTE). */
export const applicantRouteSchema = z.enum(APPLICANT_ROUTES);

/** An applicant route, or one with a query its page reads. */
export const screenSchema = z.union([applicantRouteSchema, z.templateLiteral([applicantRouteSchema, '?', z.string()])]);

// the schema and the type the code writes (stages.ts) say the same
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameScreen: Same<z.infer<typeof screenSchema>, Screen> = true;
void sameScreen;

/** Where a refused stage action sends the applicant: the route, and `moved` when the step was asked for at another stage. */
export const screenShape = { screen: z.optional(screenSchema), moved: z.optional(z.literal(true)) };

/**
 * How a client reads any refusal's data: where to go, typed, and whatever else its call names, kept
 * as it came (read by the page that knows the call). The server's schema for a refusal is strict
 * (refusalDataSchema in envelope.ts); a client's reading of it is tolerant.
 */
export const refusalReadingSchema = z.looseObject(screenShape);
