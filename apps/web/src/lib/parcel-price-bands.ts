import { PARCEL_PRICE_BANDS, type ParcelPriceBand } from '@shop/shared/rules/shipping-weight.ts'
import { api } from './api-client.ts'

/**
 * docs/decisions.md, 'Product weights and shipping by weight': the parcel price table staff keep in the
 * shipping settings, as the terms page and the product page show it; the specification's table
 * (staff-and-content.md §9) when the answer has none.
 */
export async function fetchParcelPriceBands(signal?: AbortSignal): Promise<readonly ParcelPriceBand[]> {
  const settings = await api.get<{ parcelPriceBands?: unknown }>('/api/settings/shipping', { signal })
  const bands = Array.isArray(settings.parcelPriceBands)
    ? settings.parcelPriceBands.filter(
        (band): band is ParcelPriceBand =>
          typeof band === 'object' &&
          band !== null &&
          typeof (band as ParcelPriceBand).upToKg === 'number' &&
          typeof (band as ParcelPriceBand).price === 'number',
      )
    : []
  return bands.length > 0 ? bands : PARCEL_PRICE_BANDS
}
