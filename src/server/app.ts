import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '#server/db/database';
import {
  ANSWER_ENCODINGS,
  BROTLI_OPTIONS,
  COMPRESSION_THRESHOLD,
  GZIP_OPTIONS,
  SYNC_COMPRESSION_LIMIT,
} from '#server/lib/compression';
import { withLinkTokensHidden } from '#server/lib/log-redaction';
import { accountRoutes } from '#server/modules/account/routes';
import { adminDashboardRoutes } from '#server/modules/admin-dashboard/routes';
import { adminListingsRoutes } from '#server/modules/admin-listings/routes';
import { dailyAlertsPlugin } from '#server/modules/alerts/daily-run';
import { alertMatchingPlugin } from '#server/modules/alerts/matching-run';
import { alertPageRoutes, alertRoutes } from '#server/modules/alerts/routes';
import { auditPlugin } from '#server/modules/audit/plugin';
import { auditRoutes } from '#server/modules/audit/routes';
import { authRoutes } from '#server/modules/auth/routes';
import { sessionsPlugin } from '#server/modules/auth/sessions';
import { backupRoutes } from '#server/modules/backup/routes';
import { blogAdminRoutes } from '#server/modules/blog/admin-routes';
import { markdownPlugin } from '#server/modules/blog/markdown';
import { blogPageRoutes } from '#server/modules/blog/page-routes';
import { blogPublicationSweepPlugin } from '#server/modules/blog/publication-sweep';
import { blogRoutes } from '#server/modules/blog/routes';
import { exchangeRatesRoutes } from '#server/modules/exchange-rates/routes';
import { exchangeRatesPlugin } from '#server/modules/exchange-rates/service';
import { probeServerPlugin } from '#server/modules/health/probe-server';
import { readinessPlugin } from '#server/modules/health/readiness';
import { healthRoutes } from '#server/modules/health/routes';
import { inquiryRoutes } from '#server/modules/inquiries/routes';
import { leadRoutes } from '#server/modules/leads/routes';
import { leadsPlugin } from '#server/modules/leads/service';
import { listingExpiryPlugin } from '#server/modules/listing-trust/expiry-sweep';
import { listingTrustRoutes } from '#server/modules/listing-trust/routes';
import { listingPageRoutes } from '#server/modules/listings/page-routes';
import { listingsRoutes } from '#server/modules/listings/routes';
import { listingsServicePlugin } from '#server/modules/listings/service';
import { mailDeliveryPlugin } from '#server/modules/mail/delivery';
import { outboxRoutes } from '#server/modules/mail/routes';
import { mediaRoutes } from '#server/modules/media/routes';
import { newsletterDigestPlugin } from '#server/modules/newsletter/digest-run';
import { newsletterIssuesPlugin } from '#server/modules/newsletter/issue-run';
import { newsletterReconfirmPlugin } from '#server/modules/newsletter/reconfirm-run';
import { newsletterPageRoutes, newsletterRoutes } from '#server/modules/newsletter/routes';
import { retentionSweepPlugin } from '#server/modules/privacy/retention-sweep';
import { privacyRoutes } from '#server/modules/privacy/routes';
import { reportRoutes } from '#server/modules/reports/routes';
import { siteSettingsRoutes } from '#server/modules/site-settings/routes';
import { siteSettingsPlugin } from '#server/modules/site-settings/service';
import { sitemapRoutes } from '#server/modules/sitemap/routes';
import { setPasswordHashCost } from '#server/modules/staff/password';
import { staffRoutes } from '#server/modules/staff/routes';
import { staffNoticeRoutes } from '#server/modules/staff-notices/routes';
import { adminSubmissionRoutes } from '#server/modules/submissions/admin-routes';
import { submissionPageRoutes, submissionRoutes } from '#server/modules/submissions/routes';
import { unconfirmedSubmissionSweepPlugin } from '#server/modules/submissions/unconfirmed-sweep';
import { twoFactorPlugin } from '#server/modules/two-factor/service';
import { orphanSweepPlugin } from '#server/modules/uploads/orphan-sweep';
import { appContextPlugin } from '#server/plugins/app-context';
import { currencyPlugin } from '#server/plugins/currency';
import { errorHandlerPlugin } from '#server/plugins/error-handler';
import { inputGuardPlugin } from '#server/plugins/input-guard';
import { localePlugin } from '#server/plugins/locale';
import { metricsPlugin } from '#server/plugins/metrics';
import { overloadPlugin } from '#server/plugins/overload';
import { pageCachePlugin } from '#server/plugins/page-cache';
import { publicContentPlugin } from '#server/plugins/public-content';
import { rateLimitPlugin } from '#server/plugins/rate-limit';
import { requestIdGenerator, requestIdPlugin } from '#server/plugins/request-id';
import { securityHeadersPlugin } from '#server/plugins/security-headers';
import { uploadsPlugin } from '#server/plugins/uploads';
import { pageRoutes, webAppPlugin } from '#server/plugins/web-app';
import type { ObjectStorage } from '#server/storage/object-storage';
import type { Config, TrustProxy } from './config';
import { pageActionRoutes } from './page-actions';
import { createPageReads } from './page-reads';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  storage: ObjectStorage;
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is added (the fuzz command reads the route table from it). */
  onRoute?: (route: RouteOptions) => void;
  /** Lets `npm run backup` on this machine ask for a backup (embedded database only; see server.ts). */
  backupToken?: string;
}

/**
 * Fastify refuses a bare hop count (a client that reaches the server directly could then
 * name its own address), so the count becomes the equivalent function: the nearest `hops`
 * addresses are proxies. Only right when clients cannot bypass the proxies (see docs/operations.md).
 */
function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Default JSON body limit; routes that take less (public forms) declare their own. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

/** Builds the whole app: server.ts listens with it; tests send it requests in memory (Fastify light-my-request). */
export async function buildApp({ config, db, storage, logger = false, onRoute, backupToken }: BuildAppOptions) {
  const app = Fastify({
    logger: withLinkTokensHidden(logger),
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: requestIdGenerator(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    forceCloseConnections: 'idle',
    // Fastify's 10 s default failed starts on a saturated machine (importing the page renderer,
    // listing the build's files); a plugin that hangs still fails the start, later.
    pluginTimeout: 120_000,
    // A client gets this long for its headers, and for the whole request (body included), then a 408.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.headersTimeoutMs,
      // How often Node checks those timeouts (its default, 30 s, would let them run late).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.headersTimeoutMs / 4))),
    },
  }).withTypeProvider<ZodTypeProvider>();

  setPasswordHashCost(config.passwordHashCost);
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(appContextPlugin, { config, db, storage });
  await app.register(requestIdPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin);
  await app.register(readinessPlugin);
  await app.register(probeServerPlugin);
  await app.register(publicContentPlugin);
  await app.register(securityHeadersPlugin);
  // Dynamic answers (JSON, the HTML shell) compressed cheaply; static files are precompressed at build.
  await app.register(compress, {
    encodings: [...ANSWER_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD,
    syncThreshold: SYNC_COMPRESSION_LIMIT,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
  await app.register(cookie);
  await app.register(localePlugin);
  await app.register(rateLimitPlugin);
  // Early, so an overloaded server refuses before reading sessions or the database.
  await app.register(overloadPlugin);
  await app.register(inputGuardPlugin);
  await app.register(currencyPlugin);
  await app.register(sessionsPlugin);
  // Before the page cache, whose kept pages skip the routes: a listing page's view counts either way.
  await app.register(leadsPlugin);
  await app.register(pageCachePlugin);
  await app.register(auditPlugin);
  await app.register(twoFactorPlugin);
  await app.register(listingsServicePlugin);
  await app.register(orphanSweepPlugin);
  await app.register(listingExpiryPlugin);
  await app.register(blogPublicationSweepPlugin);
  await app.register(alertMatchingPlugin);
  await app.register(dailyAlertsPlugin);
  await app.register(mailDeliveryPlugin);
  await app.register(newsletterReconfirmPlugin);
  await app.register(markdownPlugin);
  await app.register(siteSettingsPlugin);
  await app.register(exchangeRatesPlugin);
  await app.register(newsletterDigestPlugin);
  await app.register(newsletterIssuesPlugin);
  await app.register(retentionSweepPlugin);
  await app.register(unconfirmedSubmissionSweepPlugin);

  await app.register(
    async (api) => {
      // One line per module; each module owns its routes under /api.
      await api.register(healthRoutes);
      await api.register(listingsRoutes);
      await api.register(blogRoutes);
      await api.register(inquiryRoutes);
      await api.register(newsletterRoutes);
      await api.register(submissionRoutes);
      await api.register(alertRoutes);
      await api.register(authRoutes);
      await api.register(adminListingsRoutes);
      await api.register(listingTrustRoutes);
      await api.register(adminSubmissionRoutes);
      await api.register(adminDashboardRoutes);
      await api.register(backupRoutes, { localToken: backupToken });
      await api.register(staffRoutes);
      await api.register(accountRoutes);
      await api.register(staffNoticeRoutes);
      await api.register(auditRoutes);
      await api.register(outboxRoutes);
      await api.register(blogAdminRoutes);
      await api.register(siteSettingsRoutes);
      await api.register(privacyRoutes);
      await api.register(reportRoutes);
      await api.register(leadRoutes);
      await api.register(exchangeRatesRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(uploadsPlugin);
  await app.register(webAppPlugin, { reads: createPageReads(app) });
  // Pages and files outside /api.
  await app.register(listingPageRoutes);
  await app.register(blogPageRoutes);
  // The public forms posted without script, in their own scope: no other route reads such bodies.
  await app.register(pageActionRoutes);
  // An alert's link pages and one-click unsubscribe, with their own small form parser.
  await app.register(alertPageRoutes);
  // The newsletter's link pages and one-click unsubscribe, likewise.
  await app.register(newsletterPageRoutes);
  // A seller's confirmation link page, likewise.
  await app.register(submissionPageRoutes);
  await app.register(sitemapRoutes);
  await app.register(mediaRoutes);
  // Last: every other page of the web's route table.
  await app.register(pageRoutes);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
