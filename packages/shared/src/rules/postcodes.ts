// Postcode and place of an address (docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes'): suggestions both ways, the
// canton the place determines, and a warning (never a refusal) when the two disagree.
import type { Canton } from '../schemas/profile.ts'
import { BIH_POST_OFFICES, type PostOffice } from './bih-post-offices.ts'
import { foldForSearch } from './search.ts'

const namesOf = (office: PostOffice) => [office.place, ...(office.aliases ?? [])].map(foldForSearch)
const foldPlace = (value: string) => foldForSearch(value).replace(/\s+/g, ' ').trim()

/** The five digits of '88340' or '88340-1234'; null for anything else. */
export function postcodeDigits(value: string): string | null {
  return /^(\d{5})(-\d{4})?$/.exec(value.trim())?.[1] ?? null
}

export function postOfficeByCode(value: string, offices: readonly PostOffice[] = BIH_POST_OFFICES): PostOffice | null {
  const code = postcodeDigits(value)
  return code ? (offices.find((office) => office.code === code) ?? null) : null
}

/** The offices of a place written in any case, with or without diacritics, in Cyrillic or by an older name. */
export function postOfficesByPlace(place: string, offices: readonly PostOffice[] = BIH_POST_OFFICES): PostOffice[] {
  const folded = foldPlace(place)
  return folded === '' ? [] : offices.filter((office) => namesOf(office).includes(folded))
}

/** GET /api/postcodes?q=: digits match codes from the start, anything else names from the start. */
export function searchPostOffices(query: string, limit = 10, offices: readonly PostOffice[] = BIH_POST_OFFICES) {
  const trimmed = query.trim()
  if (trimmed === '') return offices.slice(0, limit)
  if (/^\d+$/.test(trimmed)) return offices.filter((office) => office.code.startsWith(trimmed)).slice(0, limit)
  const folded = foldPlace(trimmed)
  return offices.filter((office) => namesOf(office).some((name) => name.startsWith(folded))).slice(0, limit)
}

export type AddressPlaceCheck = {
  /** The office of the typed postcode, when the list has it. */
  officeOfCode: PostOffice | null
  /** The offices of the typed place, when the list has it. */
  officesOfPlace: PostOffice[]
  /** Both are known and do not belong together: warn, do not block. */
  isMismatch: boolean
  /** The canton or region the postcode or else the place determines; null when neither does. */
  region: Canton | null
}

/** A place the list does not know (a village) never disagrees: only two known, different offices do. */
export function checkAddressPlace(place: string, postcode: string, offices = BIH_POST_OFFICES): AddressPlaceCheck {
  const officeOfCode = postOfficeByCode(postcode, offices)
  const officesOfPlace = postOfficesByPlace(place, offices)
  const isMismatch = officeOfCode !== null && officesOfPlace.length > 0 && !officesOfPlace.includes(officeOfCode)
  const placeRegions = [...new Set(officesOfPlace.map((office) => office.region))]
  const region = officeOfCode ? officeOfCode.region : placeRegions.length === 1 ? (placeRegions[0] ?? null) : null
  return { officeOfCode, officesOfPlace, isMismatch, region: isMismatch ? null : region }
}
