import { apiPost, noData } from '../../../lib/api-client';

/** POST send-nominee-opt-out-otp: one code to the mobile, another to the e-mail (the reply's status says). */
export const sendOptOutOtp = () => apiPost('send-nominee-opt-out-otp', noData, {});
