/**
 * Our ids are PostgreSQL uuids (gen_random_uuid). One check for them: route params declare
 * `z.uuid()` (a malformed id is a 400 naming the field), and code that takes an id from elsewhere
 * (a provider's reference, a session cookie, a trace attribute) asks isUuid before a query casts it.
 */
import { z } from 'zod';

const uuidSchema = z.uuid();

export const isUuid = (value: unknown): boolean => uuidSchema.safeParse(value).success;
