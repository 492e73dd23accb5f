/** An approved applicant's registration subject with the BO account's choices, for the depositories' format tests. */
import type { RegistrationSubject } from '../../src/providers/registrations/port.ts';

export const SIGNATURE = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

export function depositorySubject(over: Partial<RegistrationSubject> = {}): RegistrationSubject {
  return {
    applicationNo: 'A1B2C3D4E5F6A7B8',
    clientCode: 'EKABCD2345',
    pan: 'ABCPV4321Q',
    name: 'RAVI KUMAR VERMA',
    firstName: 'RAVI',
    middleName: 'KUMAR',
    lastName: 'VERMA',
    fatherName: 'RAJ VERMA',
    dob: '15/08/1990',
    gender: 'M',
    maritalStatus: 'single',
    mobile: '9876543210',
    email: 'ravi@example.com',
    address: {
      line1: '12, MG Road',
      line2: 'Andheri East',
      line3: '',
      city: 'Mumbai',
      district: 'Mumbai',
      state: 'Maharashtra',
      pincode: '400069',
      country: 'IN',
    },
    aadhaarLast4: '1234',
    income: 'lt_1',
    occupation: 'private_sector',
    politicallyExposed: false,
    bank: {
      ifsc: 'HDFC0000001',
      micr: '400240002',
      accountNumber: '50100012345678',
      bankName: 'HDFC BANK',
      accountType: 'savings',
    },
    segments: ['equity_1'],
    nominees: [
      {
        name: 'ANU VERMA',
        relation: 'Daughter',
        share: 100,
        dob: '02/01/2019',
        minor: true,
        guardianName: 'SITA VERMA',
        address: {
          line1: '12, MG Road',
          line2: 'Andheri East',
          city: 'Mumbai',
          state: 'Maharashtra',
          pincode: '400069',
        },
      },
    ],
    kycMode: 'digilocker',
    ipvDate: '20/11/2026',
    applicationDate: '24/11/2026',
    depository: 'CDSL',
    boId: null,
    resubmission: false,
    bo: { bsda: true, ddpiSince: '22/11/2026', panAadhaarSeeding: 'Y', emailOfFamily: 'spouse', signature: SIGNATURE },
    kraRegistered: false,
    guardianName: '',
    upiOptIn: null,
    fatca: null,
    ...over,
  };
}
