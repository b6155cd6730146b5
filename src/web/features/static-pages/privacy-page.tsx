import { useT } from '#web/i18n/locale-provider';
import { ComingSoon } from './components/coming-soon';

export default function PrivacyPage() {
  const t = useT();
  return <ComingSoon title={t('pages.privacy.title')} description={t('pages.privacy.description')} />;
}
