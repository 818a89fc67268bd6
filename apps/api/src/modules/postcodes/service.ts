import { searchPostOffices } from '@shop/shared/rules/postcodes.ts'
import type { PostcodesView } from '@shop/shared/schemas/postcodes.ts'

/** At most this many suggestions: an address field shows a short list. */
const MAX_SUGGESTIONS = 20

/** The post offices whose code or place starts with the query (the list is in the repository, not the database). */
export function suggestPostcodes(query: string | undefined): PostcodesView {
  return {
    data: searchPostOffices(query ?? '', MAX_SUGGESTIONS).map(({ code, place, region }) => ({ code, place, region })),
  }
}
