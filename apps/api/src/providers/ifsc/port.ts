/** Looks up an IFSC: null when the code is unknown. The answer has the public IFSC directory's fields. */
import type { IfscDetails } from '@ekyc/contracts/calls/get-ifsc';

export interface IfscLookup {
  lookup(ifsc: string): Promise<IfscDetails | null>;
}
