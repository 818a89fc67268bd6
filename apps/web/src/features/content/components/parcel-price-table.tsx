import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { parcelPrices as text } from '@shop/shared/messages/bs/legal.ts'
import { BUYER_UNLOADS_ABOVE_KG, PARCEL_PRICE_BANDS, maxPublishedParcelKg } from '@shop/shared/rules/shipping-weight.ts'
import { fetchParcelPriceBands } from '../../../lib/parcel-price-bands.ts'
import { keyedLoad, useLoad } from '../../../lib/use-load.ts'
import { formatPrice } from '../../../ui/format-price.ts'

/** The element id the product page's delivery box links to (/termsOfService#cijene-dostave). */
export const PARCEL_PRICES_ID = 'cijene-dostave'

/**
 * staff-and-content.md §9: the published price per parcel weight, with its two conditions; the table is
 * the one staff keep in the shipping settings (docs/decisions.md, 'Product weights and shipping by weight').
 */
/** The table's one load; the terms page plans it (docs/decisions.md, 'Loads planned before the render'). */
export const PARCEL_BANDS_LOAD = keyedLoad('parcel-price-bands', (signal) => fetchParcelPriceBands(signal))

export function ParcelPriceTable() {
  const { hash } = useLocation()
  const bands = useLoad(PARCEL_BANDS_LOAD.load, PARCEL_BANDS_LOAD.key).data ?? PARCEL_PRICE_BANDS
  // Opened through the product page's link: the route change scrolls to the top first, then here.
  useEffect(() => {
    if (hash !== `#${PARCEL_PRICES_ID}`) return
    const timer = setTimeout(() => document.getElementById(PARCEL_PRICES_ID)?.scrollIntoView({ block: 'start' }), 0)
    return () => clearTimeout(timer)
  }, [hash])
  return (
    <section id={PARCEL_PRICES_ID} className="parcel-prices" aria-labelledby={`${PARCEL_PRICES_ID}-heading`}>
      <h3 id={`${PARCEL_PRICES_ID}-heading`}>{text.heading}</h3>
      <p>{text.intro}</p>
      <table className="parcel-prices__table">
        <thead>
          <tr>
            <th scope="col">{text.weightColumn}</th>
            <th scope="col">{text.priceColumn}</th>
          </tr>
        </thead>
        <tbody>
          {bands.map((band) => (
            <tr key={band.upToKg}>
              <th scope="row">{format(text.upTo, { kg: String(band.upToKg).replace('.', ',') })}</th>
              <td>{formatPrice(band.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul>
        <li>{format(text.above, { kg: maxPublishedParcelKg(bands) })}</li>
        <li>{format(text.unloading, { kg: BUYER_UNLOADS_ABOVE_KG })}</li>
      </ul>
    </section>
  )
}
