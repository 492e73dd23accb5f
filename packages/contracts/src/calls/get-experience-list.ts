import { profilingListDataSchema } from './get-occupation-list.ts';

/** GET get-experience-list: <1 ... >20 years; the client disables options by the experience rule (section 5). */
export const getExperienceListDataSchema = profilingListDataSchema;
