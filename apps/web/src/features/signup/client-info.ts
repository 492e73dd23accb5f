import { MOBILE_VIEWPORT_MAX_PX, OTP_CONTACT_TRUNCATE } from '@ekyc/contracts/constants';

/** The client source reported with OTP calls: mobile at 1024 px or less (section 1). */
export function clientInfo() {
  return {
    user_agent: navigator.userAgent.slice(0, 512),
    source: (window.innerWidth <= MOBILE_VIEWPORT_MAX_PX ? 'mobile' : 'web') as 'mobile' | 'web',
  };
}

/** The OTP contact line: cut to 20 characters with an ellipsis (section 2). */
export const truncateContact = (contact: string, max = OTP_CONTACT_TRUNCATE) =>
  contact.length > max ? `${contact.slice(0, max)}…` : contact;
