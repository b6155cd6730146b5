import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { SOCIAL_NETWORK_NAMES, SOCIAL_NETWORKS } from '#shared/site-settings';
import { telLink } from '#shared/whatsapp';
import { ChatIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '#web/components/ui/icons';
import { useLocale } from '#web/i18n/locale-provider';
import { supportWhatsAppLink, useSiteSettings } from '#web/lib/site-settings';
import { BrandLogo } from './brand-logo';
import { MAIN_LINKS, SERVICE_LINKS } from './service-links';
import { ADMIN_TRIGGER, useAdminTrigger } from './use-admin-trigger';

const footerLink = 'inline-flex min-h-11 items-center text-gray-300 hover:text-white focus-visible:outline-white';

/**
 * docs/product.md#footer; the contact details and social links are the site settings. The
 * newsletter form comes from the app layer (it talks to the API).
 */
export function Footer({ newsletter }: { newsletter?: ReactNode }) {
  const { t, locale } = useLocale();
  const settings = useSiteSettings();
  const social = settings ? SOCIAL_NETWORKS.filter((network) => settings.social[network]) : [];
  const navigate = useNavigate();
  const admin = useAdminTrigger(() => navigate('/admin'));
  const brand = t('common.brand.name');

  return (
    <footer className="bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          {/* Hidden admin entrance: five quick clicks on the logo (docs/product.md#hidden-admin-entrance). */}
          <button
            type="button"
            onClick={admin.click}
            aria-label={brand}
            className="rounded-md focus-visible:outline-white"
            data-testid="footer-logo"
          >
            <BrandLogo inverted />
          </button>
          {admin.count > 0 && (
            <div
              role="progressbar"
              aria-label={t('layout.footer.adminProgress', { n: admin.count })}
              aria-valuemin={0}
              aria-valuemax={ADMIN_TRIGGER.clicks}
              aria-valuenow={admin.count}
              className="mt-2 h-1 w-36 overflow-hidden rounded bg-gray-700"
            >
              <div
                className="h-full bg-brand-500 transition-[width]"
                style={{ width: `${(admin.count / ADMIN_TRIGGER.clicks) * 100}%` }}
              />
            </div>
          )}
          <p className="mt-4 text-sm leading-relaxed">{t('layout.footer.about')}</p>
        </div>

        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="mb-3 font-semibold text-white">
            {t('layout.footer.servicesTitle')}
          </h2>
          <ul>
            {SERVICE_LINKS.map((link) => (
              <li key={link.id}>
                <Link to={link.to} className={footerLink}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-labelledby="footer-quick">
          <h2 id="footer-quick" className="mb-3 font-semibold text-white">
            {t('layout.footer.quickLinksTitle')}
          </h2>
          <ul>
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLink}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/faq" className={footerLink}>
                {t('layout.footer.faq')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={footerLink}>
                {t('layout.footer.terms')}
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLink}>
                {t('layout.footer.privacy')}
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="mb-3 font-semibold text-white">{t('layout.footer.contactTitle')}</h2>
          {settings && (
            <ul className="text-sm">
              <li>
                <a href={telLink(settings.phone)} className={`${footerLink} gap-2`}>
                  <PhoneIcon /> {settings.phone}
                </a>
              </li>
              <li>
                <a href={`mailto:${settings.email}`} className={`${footerLink} gap-2 break-all`}>
                  <MailIcon /> {settings.email}
                </a>
              </li>
              <li>
                <a
                  href={supportWhatsAppLink(settings, locale)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${footerLink} gap-2`}
                >
                  <ChatIcon /> {t('contact.info.whatsapp')}
                </a>
              </li>
              <li className="flex min-h-11 items-center gap-2">
                <MapPinIcon className="shrink-0" /> {settings.address}
              </li>
              {settings.openingHours[locale] && (
                <li className="flex min-h-11 items-center gap-2">
                  <ClockIcon className="shrink-0" /> {settings.openingHours[locale]}
                </li>
              )}
            </ul>
          )}
          {social.length > 0 && (
            <>
              <h2 className="mt-6 mb-2 font-semibold text-white">{t('layout.footer.followUs')}</h2>
              <ul className="flex flex-wrap gap-x-4 text-sm">
                {social.map((network) => (
                  <li key={network}>
                    <a
                      href={settings?.social[network]}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={t('layout.footer.socialLink', { network: SOCIAL_NETWORK_NAMES[network] })}
                      className={footerLink}
                    >
                      {SOCIAL_NETWORK_NAMES[network]}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          <h2 className="mt-6 mb-2 font-semibold text-white">{t('layout.footer.newsletterTitle')}</h2>
          <p className="mb-3 text-sm">{t('layout.footer.newsletterText')}</p>
          {newsletter}
        </div>
      </div>
      <div className="border-t border-gray-800 px-4 py-6 text-center text-sm text-gray-400">
        {t('layout.footer.copyright', { year: new Date().getFullYear(), brand })}
      </div>
    </footer>
  );
}
