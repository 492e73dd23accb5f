/**
 * The identity sections the e-sign tests seed an applicant with (PAN, the Aadhaar from DigiLocker,
 * personal details): the names and address the signed form prints and the ESP's eKYC is compared with.
 */
export const ESIGN_IDENTITY = {
  pan_obj: {
    full_name: 'RAVI KUMAR SHARMA',
    name_on_card: 'RAVI KUMAR SHARMA',
    pan_number: 'ABCPS1234K',
    dob: '15/08/1990',
    is_kra: false,
  },
  digilocker_obj: {
    cdl_documents: [
      {
        document_type: 'AADHAARCARD',
        name: 'Ravi Kumar Sharma',
        care_of: 'S/O Ramesh Sharma',
        house: '12',
        street: 'MG Road',
        district_city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560038',
        country: 'India',
        uid: 'xxxxxxxx1234',
      },
    ],
  },
  personal_obj: {
    occupation__name: 'Private Sector',
    annual_income__name: '5-10 lakhs',
    gender: 'M',
    marital_status: 'married',
    father_name: 'Ramesh Sharma',
    mother_name: 'Sita Sharma',
    indian_citizen: true,
    resident_of_india: true,
    politically_exposed: true,
    plan_selected: 'premium',
  },
};
