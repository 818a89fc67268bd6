import type { FastifyInstance } from 'fastify'
import type { ServerEntry } from '@shop/web/server/contract'
import { buildRobots, buildSitemap } from './sitemap.ts'

/** /sitemap.xml and /robots.txt, at the site's root (outside the /api prefix), from the web's route table. */
export async function sitemapRoutes(app: FastifyInstance, { entry }: { entry: ServerEntry }) {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await buildSitemap(app.db, entry, app.config.publicUrl)),
  )
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(buildRobots(entry, app.config.publicUrl)),
  )
}
