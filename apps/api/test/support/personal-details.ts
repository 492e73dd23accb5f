/** A complete, valid personal-details-update body (client profiling and declarations). */
export const PERSONAL_DETAILS = {
  occupation: 'private_sector',
  trading_experience: '1_5',
  income: '10_25',
  gender: 'M',
  marital_status: 'married',
  education: 'graduate',
  mother_name: 'Sita Devi',
  father_name: 'Ramesh Sharma',
  plan_selected: 'discounted',
  preference_selected: 'Monthly',
  indian_citizen: true,
  resident_of_india: true,
  politically_exposed: true,
  settle: true,
  preference: true,
  bsda: false,
};
