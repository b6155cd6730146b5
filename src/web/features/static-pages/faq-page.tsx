import { useT } from '#web/i18n/locale-provider';
import { ComingSoon } from './components/coming-soon';

export default function FaqPage() {
  const t = useT();
  return <ComingSoon title={t('pages.faq.title')} description={t('pages.faq.description')} />;
}
