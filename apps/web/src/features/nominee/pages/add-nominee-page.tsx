/** '/bank-and-segment/nominee/add-nominee': up to the rule set's number of nominees (3 by default), one at a time. */
import { useTranslation } from '../../../i18n/use-translation';
import { PageLoader } from '../../../components/spinner';
import { useUserDetails } from '../../../lib/user-details';
import { useNomineeConfig } from '../api/get-nominee-config';
import { NomineeStepsForm } from '../components/nominee-steps-form';

export default function AddNomineePage() {
  const { t } = useTranslation('nominee');
  const { details } = useUserDetails();
  const config = useNomineeConfig();
  if (!details || !config.data) return <PageLoader label={t('common:loading')} />;
  return <NomineeStepsForm config={config.data} details={details} />;
}
