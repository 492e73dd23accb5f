/** '/bank-and-segment/nominee/add-nominee': up to the configured number of nominees (3 by default). */
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/spinner';
import { useUserDetails } from '../../../lib/user-details';
import { useNomineeConfig } from '../api/get-nominee-config';
import { NomineeAccordionForm } from '../components/nominee-accordion-form';

export default function AddNomineePage() {
  const { t } = useTranslation('nominee');
  const { details } = useUserDetails();
  const config = useNomineeConfig();
  if (!details || !config.data) return <PageLoader label={t('common:loading')} />;
  return <NomineeAccordionForm max={config.data.max_nominees} details={details} />;
}
