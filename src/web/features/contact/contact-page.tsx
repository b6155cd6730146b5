import type { SiteSettings } from '#shared/site-settings';
import { telLink } from '#shared/whatsapp';
import { PageMeta } from '#web/components/page-meta';
import { HydrateLater } from '#web/components/ui/hydrate-later';
import { ChatIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '#web/components/ui/icons';
import { useLocale, useT } from '#web/i18n/locale-provider';
import { supportWhatsAppLink, useSiteSettings } from '#web/lib/site-settings';
import { ContactForm } from './components/contact-form';

const cardLink = 'font-semibold text-brand-800 underline-offset-2 hover:underline';

export default function ContactPage() {
  const t = useT();
  const settings = useSiteSettings();
  return (
    <>
      <PageMeta title={t('contact.meta.title')} description={t('contact.meta.description')} />
      <section className="bg-brand-800 py-14 text-white">
        <div className="mx-auto max-w-4xl px-4 text-center">
          <h1 className="text-4xl font-extrabold">{t('contact.hero.title')}</h1>
          <p className="mt-3 text-lg text-brand-50">{t('contact.hero.subtitle')}</p>
        </div>
      </section>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-3">
        <div className="flex flex-col gap-8">{settings && <ContactDetails settings={settings} />}</div>
        <div className="rounded-2xl p-6 ring-1 ring-gray-200 lg:col-span-2">
          {/* Below the details on a phone: it comes alive as it nears the screen or is used, in
              a task of its own (its form library renders it twice as it starts). */}
          <HydrateLater name="contact-form">
            <ContactForm />
          </HydrateLater>
        </div>
      </div>
    </>
  );
}

/** Phone, e-mail, WhatsApp, address and hours from the site settings, and the quick links. */
function ContactDetails({ settings }: { settings: SiteSettings }) {
  const { t, locale } = useLocale();
  const inquiryMail = `mailto:${settings.email}?subject=${encodeURIComponent(t('contact.quick.inquirySubject'))}`;
  const hours = settings.openingHours[locale];
  return (
    <>
      <section aria-labelledby="contact-info">
        <h2 id="contact-info" className="text-2xl font-bold text-gray-900">
          {t('contact.info.title')}
        </h2>
        <ul className="mt-4 flex flex-col gap-4">
          <li className="flex gap-3">
            <PhoneIcon className="mt-1 shrink-0 text-brand-700" />
            <div>
              <p className="font-medium text-gray-900">{t('contact.info.phone')}</p>
              <a href={telLink(settings.phone)} className={cardLink}>
                {settings.phone}
              </a>
            </div>
          </li>
          <li className="flex gap-3">
            <MailIcon className="mt-1 shrink-0 text-brand-700" />
            <div>
              <p className="font-medium text-gray-900">{t('contact.info.email')}</p>
              <a href={`mailto:${settings.email}`} className={`${cardLink} break-all`}>
                {settings.email}
              </a>
            </div>
          </li>
          <li className="flex gap-3">
            <ChatIcon className="mt-1 shrink-0 text-brand-700" />
            <div>
              <p className="font-medium text-gray-900">{t('contact.info.whatsapp')}</p>
              <a
                href={supportWhatsAppLink(settings, locale)}
                target="_blank"
                rel="noopener noreferrer"
                className={cardLink}
              >
                {t('contact.info.whatsappAction')}
              </a>
            </div>
          </li>
          <li className="flex gap-3">
            <MapPinIcon className="mt-1 shrink-0 text-brand-700" />
            <div>
              <p className="font-medium text-gray-900">{t('contact.info.location')}</p>
              <p className="text-gray-700">{settings.address}</p>
            </div>
          </li>
          {hours && (
            <li className="flex gap-3">
              <ClockIcon className="mt-1 shrink-0 text-brand-700" />
              <div>
                <p className="font-medium text-gray-900">{t('contact.info.hours')}</p>
                <p className="text-gray-700">{hours}</p>
              </div>
            </li>
          )}
        </ul>
      </section>
      <section aria-labelledby="contact-quick">
        <h2 id="contact-quick" className="text-2xl font-bold text-gray-900">
          {t('contact.quick.title')}
        </h2>
        <div className="mt-4 flex flex-col gap-3">
          <a
            href={supportWhatsAppLink(settings, locale, t('contact.quick.urgentGreeting'))}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded-xl bg-green-50 p-4 ring-1 ring-green-200 hover:bg-green-100"
          >
            <span className="block font-semibold text-green-900">{t('contact.quick.urgent')}</span>
            <span className="block text-sm text-green-900">{t('contact.quick.urgentText')}</span>
          </a>
          <a href={inquiryMail} className="rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100 hover:bg-brand-100">
            <span className="block font-semibold text-brand-900">{t('contact.quick.inquiry')}</span>
            <span className="block text-sm text-brand-900">{t('contact.quick.inquiryText')}</span>
          </a>
        </div>
      </section>
    </>
  );
}
