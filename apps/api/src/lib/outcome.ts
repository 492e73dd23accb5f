/**
 * A handled outcome of a stage action: HTTP 200 with status true or false. The applicant
 * navigates to data.screen whether the call succeeded or failed (section 4).
 */
export interface Outcome<D extends object = Record<string, unknown>> {
  status: boolean;
  message: string;
  data: D;
}

export const ok = <D extends object>(message: string, data: D): Outcome<D> => ({ status: true, message, data });
export const fail = <D extends object>(message: string, data: D): Outcome<D> => ({ status: false, message, data });
