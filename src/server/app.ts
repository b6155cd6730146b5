import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config';
import type { Database } from './db/database';
import {
  ANSWER_ENCODINGS,
  BROTLI_OPTIONS,
  COMPRESSION_THRESHOLD,
  GZIP_OPTIONS,
  SYNC_COMPRESSION_LIMIT,
} from './lib/compression';
import { withLinkTokensHidden } from './lib/log-redaction';
import { accountRoutes } from './modules/account/routes';
import { adminDashboardRoutes } from './modules/admin-dashboard/routes';
import { adminListingsRoutes } from './modules/admin-listings/routes';
import { auditPlugin } from './modules/audit/plugin';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { sessionsPlugin } from './modules/auth/sessions';
import { backupRoutes } from './modules/backup/routes';
import { blogAdminRoutes } from './modules/blog/admin-routes';
import { markdownPlugin } from './modules/blog/markdown';
import { blogPageRoutes } from './modules/blog/page-routes';
import { blogPublicationSweepPlugin } from './modules/blog/publication-sweep';
import { blogRoutes } from './modules/blog/routes';
import { exchangeRatesRoutes } from './modules/exchange-rates/routes';
import { probeServerPlugin } from './modules/health/probe-server';
import { readinessPlugin } from './modules/health/readiness';
import { healthRoutes } from './modules/health/routes';
import { inquiryRoutes } from './modules/inquiries/routes';
import { leadRoutes } from './modules/leads/routes';
import { leadsPlugin } from './modules/leads/service';
import { listingExpiryPlugin } from './modules/listing-trust/expiry-sweep';
import { listingTrustRoutes } from './modules/listing-trust/routes';
import { listingPageRoutes } from './modules/listings/page-routes';
import { listingsRoutes } from './modules/listings/routes';
import { listingsServicePlugin } from './modules/listings/service';
import { mediaRoutes } from './modules/media/routes';
import { newsletterRoutes } from './modules/newsletter/routes';
import { reportRoutes } from './modules/reports/routes';
import { siteSettingsRoutes } from './modules/site-settings/routes';
import { siteSettingsPlugin } from './modules/site-settings/service';
import { sitemapRoutes } from './modules/sitemap/routes';
import { setPasswordHashCost } from './modules/staff/password';
import { staffRoutes } from './modules/staff/routes';
import { twoFactorPlugin } from './modules/two-factor/service';
import { orphanSweepPlugin } from './modules/uploads/orphan-sweep';
import { pageActionRoutes } from './page-actions';
import { createPageReads } from './page-reads';
import { appContextPlugin } from './plugins/app-context';
import { currencyPlugin } from './plugins/currency';
import { errorHandlerPlugin } from './plugins/error-handler';
import { inputGuardPlugin } from './plugins/input-guard';
import { localePlugin } from './plugins/locale';
import { metricsPlugin } from './plugins/metrics';
import { overloadPlugin } from './plugins/overload';
import { pageCachePlugin } from './plugins/page-cache';
import { publicContentPlugin } from './plugins/public-content';
import { rateLimitPlugin } from './plugins/rate-limit';
import { requestIdGenerator, requestIdPlugin } from './plugins/request-id';
import { securityHeadersPlugin } from './plugins/security-headers';
import { uploadsPlugin } from './plugins/uploads';
import { pageRoutes, webAppPlugin } from './plugins/web-app';
import type { ObjectStorage } from './storage/object-storage';

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
  await app.register(markdownPlugin);
  await app.register(siteSettingsPlugin);

  await app.register(
    async (api) => {
      // One line per module; each module owns its routes under /api.
      await api.register(healthRoutes);
      await api.register(listingsRoutes);
      await api.register(blogRoutes);
      await api.register(inquiryRoutes);
      await api.register(newsletterRoutes);
      await api.register(authRoutes);
      await api.register(adminListingsRoutes);
      await api.register(listingTrustRoutes);
      await api.register(adminDashboardRoutes);
      await api.register(backupRoutes, { localToken: backupToken });
      await api.register(staffRoutes);
      await api.register(accountRoutes);
      await api.register(auditRoutes);
      await api.register(blogAdminRoutes);
      await api.register(siteSettingsRoutes);
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
  await app.register(sitemapRoutes);
  await app.register(mediaRoutes);
  // Last: every other page of the web's route table.
  await app.register(pageRoutes);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
