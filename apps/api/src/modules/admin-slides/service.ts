import type { FastifyRequest } from 'fastify'
import { messages } from '@shop/shared/messages/bs.ts'
import type { SlideValues } from '@shop/shared/schemas/slide-form.ts'
import { recordAudit } from '../../platform/audit.ts'
import { bumpCatalogueVersion } from '../../platform/cache.ts'
import type { Database, Queryable } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import {
  deleteSlide as deleteSlideRow,
  insertSlide,
  listAllSlides,
  lockSlide,
  updateSlide as updateSlideRow,
  type Slide,
} from './repo.ts'

const text = messages.admin.slide
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function lockExisting(client: Queryable, id: string): Promise<Slide> {
  const slide = UUID.test(id) ? await lockSlide(client, id) : null
  if (!slide) throw notFound(text.notFound, 'SLIDE_NOT_FOUND')
  return slide
}

export async function findAllSlides(db: Database): Promise<Slide[]> {
  return listAllSlides(db)
}

/** The slide schema has already set the link of a slide with a category to the filtered store. */
export async function createSlide(db: Database, request: FastifyRequest, input: SlideValues): Promise<Slide> {
  return db.transaction(async (client) => {
    const after = await insertSlide(client, input)
    await recordAudit(client, request, { action: 'create', entity: 'slide', entityId: after.id, before: null, after })
    await bumpCatalogueVersion(client)
    return after
  })
}

export async function replaceSlide(
  db: Database,
  request: FastifyRequest,
  id: string,
  input: SlideValues,
): Promise<Slide> {
  return db.transaction(async (client) => {
    const before = await lockExisting(client, id)
    const after = await updateSlideRow(client, id, input)
    await recordAudit(client, request, { action: 'update', entity: 'slide', entityId: id, before, after })
    await bumpCatalogueVersion(client)
    return after
  })
}

export async function deleteSlide(
  db: Database,
  request: FastifyRequest,
  id: string,
): Promise<{ id: string; message: string }> {
  return db.transaction(async (client) => {
    const before = await lockExisting(client, id)
    await deleteSlideRow(client, id)
    await recordAudit(client, request, { action: 'delete', entity: 'slide', entityId: id, before, after: null })
    await bumpCatalogueVersion(client)
    return { id, message: text.deleted }
  })
}
