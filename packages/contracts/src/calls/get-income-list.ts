import { profilingListDataSchema } from './get-occupation-list.ts';

/** GET get-income-list: the bands as given, including 10-25 (section 3). */
export const getIncomeListDataSchema = profilingListDataSchema;
