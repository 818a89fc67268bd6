import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CATALOGS } from '@shop/shared/messages/bs/wholesale.ts'
import { canSeeWholesalePrices } from '@shop/shared/rules/roles.ts'
import { responseCacheFor } from '../../platform/response-cache.ts'
import { routeErrors } from '../../platform/error-handler.ts'
import { buildCatalogPdf, catalogOf } from './service.ts'

const tags = ['catalogs']
const params = z.object({
  file: z.string().describe(`One of: ${CATALOGS.map((catalog) => catalog.file).join(', ')}`),
})

type Generated = { key: string; bytes: Buffer }

/**
 * The wholesale catalogues (staff-and-content.md §7 Catalogues): GET /api/catalogs/{file} answers
 * a PDF made from the current products of the catalogue's categories. Wholesale prices appear only
 * for wholesale customers and staff, as everywhere else (DECISIONS: wholesale prices); the others
 * get the retail prices and a line saying where the wholesale ones are. A PDF is kept per catalogue
 * and audience until the catalogue generation (bumped by every staff write) or the day changes.
 */
export async function wholesaleRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const cache = responseCacheFor(app)
  const generated = new Map<string, Generated>()

  api.get(
    '/catalogs/:file',
    {
      schema: {
        tags,
        params,
        response: {
          200: z.any().describe('The catalogue (application/pdf)'),
          ...routeErrors(404),
        },
      },
    },
    async (request, reply) => {
      const { file } = catalogOf(request.params.file)
      const withWholesale = canSeeWholesalePrices(request.user?.roles)
      const now = new Date(app.now())
      const key = `${await cache.currentVersion()}:${now.toISOString().slice(0, 10)}`
      const slot = `${file}:${withWholesale ? 'wholesale' : 'retail'}`
      let entry = generated.get(slot)
      if (entry?.key !== key) {
        entry = { key, bytes: await buildCatalogPdf(app.db, file, now, { withWholesale }) }
        generated.set(slot, entry)
      }
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${file}"`)
          // The PDF carries wholesale prices for some callers; no shared cache may keep it
          // (docs/decisions.md, Security).
          .header('cache-control', 'private, no-cache')
          .header('vary', 'Authorization')
          .send(entry.bytes)
      )
    },
  )
}
