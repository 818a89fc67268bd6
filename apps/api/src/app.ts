import fs from 'node:fs'
import path from 'node:path'
import fastifyCompress from '@fastify/compress'
import fastifyMultipart from '@fastify/multipart'
import fastifyRateLimit from '@fastify/rate-limit'
import fastifyStatic from '@fastify/static'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyInstance } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { DEFAULT_WEB_DIST } from './files.ts'
import { hashingLoad } from './modules/accounts/passwords.ts'
import { accountRoutes } from './modules/accounts/routes.ts'
import { accountStaffRoutes } from './modules/accounts/staff-routes.ts'
import { auditLogStaffRoutes } from './modules/audit-log/staff-routes.ts'
import { catalogueRoutes } from './modules/catalogue/routes.ts'
import { catalogueStaffRoutes } from './modules/catalogue/staff-routes.ts'
import { contentRoutes } from './modules/content/routes.ts'
import { contentStaffRoutes } from './modules/content/staff-routes.ts'
import { healthRoutes } from './modules/health/routes.ts'
import { imageRoutes } from './modules/images/routes.ts'
import { orderRoutes } from './modules/orders/routes.ts'
import { orderStaffRoutes } from './modules/orders/staff-routes.ts'
import { postcodeRoutes } from './modules/postcodes/routes.ts'
import { restaurantRoutes } from './modules/restaurant/routes.ts'
import { returnRoutes } from './modules/returns/routes.ts'
import { returnStaffRoutes } from './modules/returns/staff-routes.ts'
import { stockAlertRoutes } from './modules/stock-alerts/routes.ts'
import { saleRoutes } from './modules/sales/routes.ts'
import { saleStaffRoutes } from './modules/sales/staff-routes.ts'
import { shippingRoutes } from './modules/shipping/routes.ts'
import { shippingStaffRoutes } from './modules/shipping/staff-routes.ts'
import { statisticsStaffRoutes } from './modules/statistics/staff-routes.ts'
import { wholesaleRoutes } from './modules/wholesale/routes.ts'
import { authPlugin } from './platform/auth.ts'
import type { Config } from './platform/config.ts'
import type { Database } from './platform/db.ts'
import { installErrorHandler } from './platform/error-handler.ts'
import { installInputGuard } from './platform/input-guard.ts'
import { installLifecycle, type Lifecycle } from './platform/lifecycle.ts'
import { readableLines, replySerializer } from './platform/log-lines.ts'
import { installMetrics } from './platform/metrics.ts'
import { sharedOrLocalRateLimitStore } from './platform/rate-limit-store.ts'
import { openRedisLink } from './platform/redis.ts'
import { installSecurityHeaders } from './platform/security-headers.ts'
import { signingKeyOf } from './platform/signing-key.ts'
import { createTokenService } from './platform/tokens.ts'
import { loadServerRender, type RenderedPage } from './server-render/render.ts'
import { sitemapRoutes } from './server-render/sitemap-routes.ts'

export type AppDependencies = { config: Config; db: Database; now?: () => number; lifecycle?: Lifecycle }

declare module 'fastify' {
  interface FastifyInstance {
    db: Database
    config: Config
    /** The server clock (injectable so tests can move time: token age, lock-out windows, expiries). */
    now: () => number
    /** Redis as this process last saw it: 'off' without REDIS_URL (docs/decisions.md, 'Redis is optional at run time'). */
    redisStatus: () => 'up' | 'down' | 'off'
  }
}

export type App = FastifyInstance & { withTypeProvider: FastifyInstance['withTypeProvider'] }

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024

export async function buildApp({ config, db, now, lifecycle }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { res: replySerializer },
      ...(config.logFormat === 'pretty' ? { stream: readableLines() } : {}),
    },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    // docs/decisions.md, 'Operations': during a shutdown the lifecycle hook answers 503 in the API's error format.
    return503OnClosing: false,
    bodyLimit: 1024 * 1024,
    // Off unless TRUST_PROXY names the proxy in front: X-Forwarded-For is the client's to forge.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('db', db)
  app.decorate('config', config)
  app.decorate('now', now ?? (() => Date.now()))
  // Both before the auth plugin (the metrics scrape carries its own bearer token).
  installLifecycle(app, lifecycle)
  installMetrics(app, { hashingLoad })
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  installSecurityHeaders(app)
  installErrorHandler(app)
  installInputGuard(app)

  await app.register(fastifyCompress, { threshold: 1024 })
  // Limits are declared per route; with REDIS_URL they are shared by every API process, and counted
  // by each process itself while Redis is away (rate-limit-store.ts).
  const rateLimitRedis = config.redisUrl
    ? openRedisLink({
        url: config.redisUrl,
        log: app.log,
        use: 'rate limits',
        fallback: 'each process counts the limits itself',
      })
    : undefined
  if (rateLimitRedis) app.addHook('onClose', () => rateLimitRedis.close())
  app.decorate('redisStatus', () => (rateLimitRedis ? (rateLimitRedis.isUp() ? 'up' : 'down') : 'off'))
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis
      ? { store: sharedOrLocalRateLimitStore(rateLimitRedis, `${config.redisPrefix}rate-limit:`) }
      : {}),
  })
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Trgovina API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  })
  // Only with API_DOCS=on: the document lists every staff operation (docs/decisions.md, 'Operations').
  if (config.isApiDocsOn) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })
  // AUTH_SECRET, or the key the shop keeps in its database: the same in every API process.
  await app.register(authPlugin, { db, tokens: createTokenService(() => signingKeyOf(db, config), now) })

  // Feature modules, in one explicit list (STYLE §2).
  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(imageRoutes)
      await api.register(accountRoutes)
      await api.register(accountStaffRoutes)
      await api.register(catalogueRoutes)
      await api.register(catalogueStaffRoutes)
      await api.register(saleRoutes)
      await api.register(saleStaffRoutes)
      await api.register(shippingRoutes)
      await api.register(shippingStaffRoutes)
      await api.register(postcodeRoutes)
      await api.register(orderRoutes)
      await api.register(orderStaffRoutes)
      await api.register(returnRoutes)
      await api.register(returnStaffRoutes)
      await api.register(stockAlertRoutes)
      await api.register(contentRoutes)
      await api.register(contentStaffRoutes)
      await api.register(restaurantRoutes)
      await api.register(wholesaleRoutes)
      await api.register(statisticsStaffRoutes)
      await api.register(auditLogStaffRoutes)
    },
    { prefix: '/api' },
  )

  await serveWebApp(app, config)
  return app
}

/** Serves the built React app, with index.html for every client route outside /api. */
async function serveWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = config.webDist ?? DEFAULT_WEB_DIST
  const indexFile = path.join(root, 'index.html')
  if (!fs.existsSync(indexFile)) return
  // Vite names built assets by content hash, so they can be cached for good.
  await app.register(fastifyStatic, {
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '365d',
    decorateReply: false,
  })
  await app.register(fastifyStatic, { root, serve: false, maxAge: '1h' })
  const indexHtml = fs.readFileSync(indexFile, 'utf8')
  // The storefront pages come rendered, and the sitemap lists them (when the build has its server bundle).
  const serverRender = await loadServerRender(app, root, indexHtml)
  if (serverRender) await app.register(sitemapRoutes, { entry: serverRender.entry })
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/'
    if (url.startsWith('/api/') || url === '/api') return reply.callNotFound()
    const file = path.join(root, path.normalize(safeDecode(url)))
    // The server bundle and the build manifest (server-render/render.ts) are for the API, not for browsers.
    const isPublic = !url.startsWith('/server/') && !url.startsWith('/.')
    if (isPublic && file.startsWith(root) && url !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root, file))
    }
    // A file that is not there ('/favicon-32.png', '/wp-login.php', an old asset) is a 404, never the
    // app's HTML, which a browser or a crawler would take for the file (docs/decisions.md, 'Icons and install').
    if (STATIC_FILE.test(url) || url.startsWith('/assets/')) return reply.callNotFound()
    // Every client route gets index.html with its own title, description, canonical URL and,
    // for a product, Open Graph and schema.org data, so crawlers and link previews see the page.
    const page: RenderedPage = (await serverRender?.renderPage(request)) ?? { status: 200, html: indexHtml }
    reply
      .status(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .headers(page.cache ? { 'x-cache': page.cache } : {})
    if (!page.compressed) return reply.send(page.html)
    return reply
      .header('content-encoding', page.compressed.encoding)
      .header('vary', 'accept-encoding')
      .send(page.compressed.body)
  })
}

/**
 * Paths that name a static file by its extension. Not every dot: a product's own code may hold one
 * ('/product/KAB-3X2.5'), and such a page stays the app's.
 */
const STATIC_FILE =
  /\.(?:ico|png|jpe?g|gif|webp|avif|svg|bmp|js|mjs|cjs|map|css|json|webmanifest|txt|xml|html?|php|asp|aspx|jsp|cgi|env|ini|ya?ml|bak|sql|zip|gz|tar|woff2?|ttf|otf|eot|pdf|mp4|webm|mp3)$/i

/** A hop count: the nearest `hops` proxies are trusted (what Fastify does for a number, typed). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url)
  } catch {
    return url
  }
}
