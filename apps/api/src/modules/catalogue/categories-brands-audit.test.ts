import { describe, expect, it } from 'vitest'
import { json } from '../../../test/helpers.ts'
import { auditRows } from './test-fixtures.ts'
import { useTestApp, useSignInAs } from '../../../test/support/use-test-app.ts'

// ARCHITECTURE: every staff write appends to audit_log who, what, which entity, before and after.
// The update and delete rows are asserted beside each module's routes; these are the creates,
// made by a store manager, so the row names that actor rather than any admin.

const test = useTestApp()
const manager = useSignInAs(test, 'store_manager')

const post = (url: string, payload: object) => test.app.inject({ method: 'POST', url, headers: manager, payload })

describe('audit of staff creates', () => {
  it('records a new category, brand, slide and work hours with the actor and the values after', async () => {
    const category = json<{ id: string; name: string }>(await post('/api/categories', { name: 'Revizija kategorija' }))
    const brand = json<{ id: string }>(await post('/api/brands', { name: 'Audit brand', image_url: '/img/a.png' }))
    const slide = json<{ id: string }>(
      await post('/api/slides', {
        title: ' Revizija ',
        image_url: '/api/images/slides/a.webp',
        categoryId: category.id,
      }),
    )
    await post('/api/work-hours', [{ section: 'wholesale', hours: 'Pon-Pet 07:00-15:00', version: 0 }])

    const actor = expect.stringMatching(/@/)
    expect(await auditRows(test.db, 'category', category.id)).toEqual([
      {
        action: 'create',
        entity: 'category',
        entity_id: category.id,
        actor_email: actor,
        before: null,
        after: expect.objectContaining({ name: 'Revizija kategorija', description: null }),
      },
    ])
    expect(await auditRows(test.db, 'brand', brand.id)).toEqual([
      {
        action: 'create',
        entity: 'brand',
        entity_id: brand.id,
        actor_email: actor,
        before: null,
        after: expect.objectContaining({ name: 'Audit brand', image_url: '/img/a.png' }),
      },
    ])
    expect(await auditRows(test.db, 'slide', slide.id)).toEqual([
      {
        action: 'create',
        entity: 'slide',
        entity_id: slide.id,
        actor_email: actor,
        before: null,
        after: expect.objectContaining({
          title: 'Revizija',
          link: `/store?category=${category.id}`,
          categoryId: category.id,
        }),
      },
    ])
    const hours = await auditRows(test.db, 'work_hours', 'wholesale')
    expect(hours.at(-1)).toEqual({
      action: 'create',
      entity: 'work_hours',
      entity_id: 'wholesale',
      actor_email: actor,
      before: null,
      after: { section: 'wholesale', hours: 'Pon-Pet 07:00-15:00' },
    })
    const { rows } = await test.db.query<{ email: string }>(
      `select email from users where id = (select actor_id from audit_log where entity_id = $1)`,
      [category.id],
    )
    expect(hours.at(-1)?.actor_email).toBe(rows[0]?.email)
  })
})
