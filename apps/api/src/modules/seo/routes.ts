import type { FastifyInstance } from 'fastify'
import { buildRobots, buildSitemap } from './service.ts'

/** /sitemap.xml and /robots.txt, at the site's root (registered outside the /api prefix). */
export async function seoRoutes(app: FastifyInstance) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await buildSitemap(app.db, app.config.publicUrl)),
  )
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(buildRobots(app.config.publicUrl)),
  )
}
