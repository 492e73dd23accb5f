/** The enumerations of section 3 that the shared field rules and the user details record need. */
export const EDUCATION = [
  { code: 'high_school', label: 'High School' },
  { code: 'graduate', label: 'Graduate' },
  { code: 'post_graduate', label: 'Post Graduate' },
  { code: 'other', label: 'Other' },
] as const;

export const NOMINEE_RELATIONS = [
  'Spouse',
  'Son',
  'Daughter',
  'Father',
  'Mother',
  'Brother',
  'Sister',
  'Others',
] as const;

export const ADMIN_ACTIVITIES = ['Accept', 'Pending', 'Reject'] as const;
