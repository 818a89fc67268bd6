import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Button } from '../../../../ui/button.tsx'
import { Input } from '../../../../ui/field.tsx'
import type { BandDraft } from '../shipping-draft.ts'
import { HeaderRow } from '../../kit/header-row.tsx'

const text = admin.shipping

/** A band's two numbers, each a column of the table. */
const BAND_FIELDS = [
  { field: 'upToKg', label: text.bandUpTo },
  { field: 'price', label: text.bandPrice },
] as const

type Props = { bands: BandDraft[]; error: string | null; onChange: (bands: BandDraft[]) => void }

/**
 * docs/decisions.md, 'Product weights and shipping by weight': the parcel price table of
 * staff-and-content.md §9 as staff edit it, one row per band ('do so many kg' and its price).
 */
export function ParcelPriceBandsEditor({ bands, error, onChange }: Props) {
  const change = (index: number, changes: Partial<BandDraft>) =>
    onChange(bands.map((band, at) => (at === index ? { ...band, ...changes } : band)))
  return (
    <section className="ui-card shipping-settings__bands" aria-labelledby="parcel-bands-title">
      <h2 id="parcel-bands-title">{text.bands}</h2>
      <p className="shipping-settings__intro">{text.bandsHint}</p>
      <table className="parcel-bands">
        <HeaderRow columns={[...BAND_FIELDS.map(({ label }) => label), { label: text.addBand, isHidden: true }]} />
        <tbody>
          {bands.map((band, index) => (
            <tr key={index}>
              {BAND_FIELDS.map(({ field, label }) => (
                <td key={field}>
                  <Input
                    aria-label={`${label} ${index + 1}`}
                    inputMode="decimal"
                    value={band[field]}
                    onChange={(event) => change(index, { [field]: event.target.value })}
                  />
                </td>
              ))}
              <td>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onChange(bands.filter((_, at) => at !== index))}
                  aria-label={format(text.removeBand, { kg: band.upToKg })}
                >
                  ×
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error && <Alert tone="danger">{error}</Alert>}
      <div>
        <Button size="sm" variant="secondary" onClick={() => onChange([...bands, { upToKg: '', price: '' }])}>
          {text.addBand}
        </Button>
      </div>
    </section>
  )
}
