// Postcode and place of an address form (docs/decisions.md ('Reorder, quick order and postcodes'), 'Postcodes'): the checkout, the
// registration and the profile suggest one from the other, take the canton the place determines, and
// warn (never block) when the two disagree. The list is the repository's own, bundled with the forms.
import { useEffect, type ReactNode } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { reorder as text } from '@shop/shared/messages/bs/reorder.ts'
import { BIH_POST_OFFICES } from '@shop/shared/rules/bih-post-offices.ts'
import { checkAddressPlace, postcodeDigits } from '@shop/shared/rules/postcodes.ts'
import type { Canton } from '@shop/shared/schemas/profile.ts'

export const PLACE_LIST_ID = 'bih-places'
export const POSTCODE_LIST_ID = 'bih-postcodes'

/** The two suggestion lists the place and postcode inputs name in their `list` attribute. */
export function PostOfficeLists() {
  return (
    <>
      <datalist id={PLACE_LIST_ID}>
        {BIH_POST_OFFICES.map((office) => (
          <option key={office.code} value={office.place} label={office.code} />
        ))}
      </datalist>
      <datalist id={POSTCODE_LIST_ID}>
        {BIH_POST_OFFICES.map((office) => (
          <option key={office.code} value={office.code} label={office.place} />
        ))}
      </datalist>
    </>
  )
}

type PostcodeHintProps = {
  place: string
  postcode: string
  /** Fills the place or the postcode with the suggestion the buyer chose. */
  onUse: (field: 'city' | 'zip_code', value: string) => void
}

/**
 * The line under the postcode: the office of a code, the code of a place, or a warning when they
 * disagree; null when there is nothing to say (a field's hint then stays away).
 */
export function postcodeHint({ place, postcode, onUse }: PostcodeHintProps): ReactNode {
  const check = checkAddressPlace(place, postcode)
  const office = check.officeOfCode
  if (check.isMismatch && office) {
    return (
      <span className="ui-suggestion ui-suggestion--warning" role="status">
        {format(text.postcodeMismatch, { code: office.code, expected: office.place, place: place.trim() })}
      </span>
    )
  }
  const suggestion =
    office && place.trim() === ''
      ? { field: 'city' as const, value: office.place, label: format(text.usePlace, { place: office.place }) }
      : check.officesOfPlace.length === 1 && check.officesOfPlace[0] && postcodeDigits(postcode) === null
        ? {
            field: 'zip_code' as const,
            value: check.officesOfPlace[0].code,
            label: format(text.usePostcode, { code: check.officesOfPlace[0].code }),
          }
        : null
  const shown = office ?? check.officesOfPlace[0]
  if (!suggestion || !shown) return null
  return (
    <span className="ui-suggestion" role="status">
      {format(text.postcodeSuggestion, { code: shown.code, place: shown.place })}{' '}
      <button type="button" className="ui-suggestion__use" onClick={() => onUse(suggestion.field, suggestion.value)}>
        {suggestion.label}
      </button>
    </span>
  )
}

/** Sets an empty canton to the one the postcode or place determines; a chosen canton is never changed. */
export function useDerivedRegion(
  place: string,
  postcode: string,
  state: string,
  setState: (region: Canton) => void,
  isActive = true,
) {
  const { region } = checkAddressPlace(place, postcode)
  useEffect(() => {
    if (isActive && region && state === '') setState(region)
  }, [isActive, region, state, setState])
}
