import { describe, expect, it } from 'vitest'
import { json } from '../../../test/helpers.ts'
import { auditRows, catalogueVersion } from '../catalogue/test-fixtures.ts'
import { useTestApp, useSignInAs } from '../../../test/support/use-test-app.ts'
import { withCurrentVersion } from '../../../test/support/record-version.ts'
import { expectValidationFailed } from '../../../test/support/expect-answer.ts'

const test = useTestApp()
const staff = useSignInAs(test, 'store_manager')

// Each section carries its version as saved now, as a form opened now would (docs/decisions.md ('Edits that never overwrite each other')).
const save = async (payload: unknown) =>
  test.app.inject({
    method: 'POST',
    url: '/api/work-hours',
    payload: (await withSectionVersions(payload)) as object,
    headers: staff,
  })

async function withSectionVersions(payload: unknown): Promise<unknown> {
  const list: unknown = typeof payload === 'object' && payload !== null && 'hours' in payload ? payload.hours : payload
  if (!Array.isArray(list)) return payload
  return Promise.all(
    list.map((entry: unknown) =>
      typeof entry === 'object' && entry !== null && 'section' in entry
        ? withCurrentVersion(test.db, 'work_hours', String(entry.section), entry)
        : entry,
    ),
  )
}

const all = [
  { section: 'wholesale', hours: 'Pon-Pet 08:00-16:30, vikendom zatvoreno' },
  { section: 'store', hours: ' Pon-Pet 08:00-20:00, Sub 08:00-15:00, Ned zatvoreno ' },
  { section: 'restaurant', hours: 'Pon-Sub 08:00-22:00, Ned zatvoreno' },
]

describe('POST /api/work-hours', () => {
  it('saves all three sections and answers the message and the list', async () => {
    const version = await catalogueVersion(test.db)
    const response = await save(all)
    expect(response.statusCode).toBe(200)
    expect(json(response)).toEqual({
      message: 'Radno vrijeme je uspješno ažurirano',
      hours: [
        { section: 'store', hours: 'Pon-Pet 08:00-20:00, Sub 08:00-15:00, Ned zatvoreno', version: 1 },
        { section: 'restaurant', hours: 'Pon-Sub 08:00-22:00, Ned zatvoreno', version: 1 },
        { section: 'wholesale', hours: 'Pon-Pet 08:00-16:30, vikendom zatvoreno', version: 1 },
      ],
    })
    expect(await catalogueVersion(test.db)).toBe(version + 1)
    expect((await auditRows(test.db, 'work_hours')).map((row) => [row.action, row.entity_id])).toEqual([
      ['create', 'wholesale'],
      ['create', 'store'],
      ['create', 'restaurant'],
    ])
  })

  it('updates sections and audits before and after', async () => {
    const response = await save({ hours: [{ section: 'store', hours: 'Pon-Sub 07:00-21:00' }] })
    expect(response.statusCode).toBe(200)
    expect(json<{ hours: unknown[] }>(response).hours).toContainEqual({
      section: 'store',
      hours: 'Pon-Sub 07:00-21:00',
      version: expect.any(Number),
    })
    expect((await auditRows(test.db, 'work_hours', 'store')).at(-1)).toMatchObject({
      action: 'update',
      before: { section: 'store', hours: 'Pon-Pet 08:00-20:00, Sub 08:00-15:00, Ned zatvoreno' },
      after: { section: 'store', hours: 'Pon-Sub 07:00-21:00' },
    })
  })

  it.each([
    [[], 'Potrebno je radno vrijeme barem jednog odjela'],
    [{ store: 'x' }, 'Potrebno je radno vrijeme barem jednog odjela'],
    [[{ section: 'ured', hours: '08-16' }], 'Odjel mora biti store, restaurant ili wholesale'],
    [[{ section: 'store', hours: '  ' }], 'Radno vrijeme je obavezno'],
    [[{ section: 'store', hours: 'x'.repeat(1001) }], 'Radno vrijeme je predugo'],
    [[{ section: 'store', hours: '08\u0000-16' }], 'Unos sadrži nedozvoljene znakove.'],
    [[...all, { section: 'store', hours: 'x' }], 'Svaki odjel smije biti naveden samo jednom'],
  ])('refuses %j with 400 and the message, saving nothing', async (payload, message) => {
    const before = await test.db.query('select section, hours from work_hours order by section')
    const response = await save(payload)
    expectValidationFailed(response, message)
    expect((await test.db.query('select section, hours from work_hours order by section')).rows).toEqual(before.rows)
  })
})
