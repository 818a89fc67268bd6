import { describe, expect, it } from 'vitest'
import { json } from '../../../test/helpers.ts'
import { useTestApp } from '../../../test/support/use-test-app.ts'
import { expectValidationFailed } from '../../../test/support/expect-answer.ts'
import type { PostcodesView } from '@shop/shared/schemas/postcodes.ts'

// GET /api/postcodes (docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes'): the repository's list of BiH post offices.
const test = useTestApp()

const suggest = (query: string) => test.app.inject({ method: 'GET', url: `/api/postcodes${query}` })

describe('GET /api/postcodes', () => {
  it('suggests the place of a postcode and the postcode of a place, with the canton it determines', async () => {
    const byCode = await suggest('?q=8834')
    expect(byCode.statusCode).toBe(200)
    expect(byCode.headers['cache-control']).toBe('public, max-age=3600')
    expect(json<PostcodesView>(byCode).data).toEqual([
      { code: '88340', place: 'Grude', region: 'Zapadno-Hercegovački kanton' },
    ])
    expect(json<PostcodesView>(await suggest(`?q=${encodeURIComponent('široki')}`)).data).toEqual([
      { code: '88220', place: 'Široki Brijeg', region: 'Zapadno-Hercegovački kanton' },
    ])
    expect(json<PostcodesView>(await suggest(`?q=${encodeURIComponent('бања')}`)).data).toEqual([
      { code: '78000', place: 'Banja Luka', region: 'Banjalučka' },
    ])
    expect(json<PostcodesView>(await suggest('?q=Livno')).data).toEqual([
      { code: '80101', place: 'Livno', region: null },
    ])
    expect(json<PostcodesView>(await suggest('?q=zzz')).data).toEqual([])
    expect(json<PostcodesView>(await suggest('')).data).toHaveLength(20)
  })

  it('refuses a query over 60 characters with a Bosnian message', async () => {
    expectValidationFailed(await suggest(`?q=${'a'.repeat(61)}`), 'Upit je predug (najviše 60 znakova).')
  })
})
