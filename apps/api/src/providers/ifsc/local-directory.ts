/**
 * The IFSC directory this service keeps itself: validation and bank name from the bundled data,
 * branch, address and the rest from the branch table an operator imports from the public IFSC CSV.
 * The sandbox serves it in the public directory's wire format.
 */
import type { IfscDetails } from '@ekyc/contracts/calls/get-ifsc';
import type { DatabaseRef } from '../../db/client.ts';
import { ifscRepository } from '../../records/ifsc.repository.ts';
import { bankCodeOf, bankNameOf, isKnownIfsc } from './bundled-directory.ts';
import type { IfscLookup } from './port.ts';

export class LocalIfscDirectory implements IfscLookup {
  constructor(private readonly database: DatabaseRef) {}

  async lookup(ifsc: string): Promise<IfscDetails | null> {
    if (!isKnownIfsc(ifsc)) return null;
    const row = await ifscRepository.find(this.database().db, ifsc);
    return {
      BANK: bankNameOf(ifsc) ?? row?.bank ?? ifsc.slice(0, 4),
      IFSC: ifsc,
      BANKCODE: bankCodeOf(ifsc),
      BRANCH: row?.branch ?? null,
      ADDRESS: row?.address ?? null,
      CENTRE: row?.centre ?? null,
      CITY: row?.city ?? null,
      DISTRICT: row?.district ?? null,
      STATE: row?.state ?? null,
      CONTACT: row?.contact ?? null,
      MICR: row?.micr ?? null,
      SWIFT: row?.swift ?? null,
      ISO3166: row?.iso3166 ?? null,
      IMPS: row?.imps ?? null,
      NEFT: row?.neft ?? null,
      RTGS: row?.rtgs ?? null,
      UPI: row?.upi ?? null,
    };
  }
}
