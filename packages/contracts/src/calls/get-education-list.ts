import { profilingListDataSchema } from './get-occupation-list.ts';

/** GET get-education-list: High School, Graduate, Post Graduate, Other (section 3). */
export const getEducationListDataSchema = profilingListDataSchema;
