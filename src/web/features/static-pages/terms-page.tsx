import { useT } from '#web/i18n/locale-provider';
import { ComingSoon } from './components/coming-soon';

export default function TermsPage() {
  const t = useT();
  return <ComingSoon title={t('pages.terms.title')} description={t('pages.terms.description')} />;
}
