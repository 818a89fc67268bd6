import { Link } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { catalogue } from '@shop/shared/messages/bs/catalogue.ts'
import { clearStoreFilters } from '../../../app/layout/store-filters.ts'
import type { Brand } from '@shop/shared/schemas/catalogue.ts'
import { imageSources } from '../images.ts'
import { DEFAULT_STORE_FILTERS, saveStoreFilters } from '../store-state.ts'

/** customer-side.md §2 Home page: a brand tile resets the filters, selects that brand and opens the store. */
function chooseBrand(brandId: string) {
  clearStoreFilters()
  try {
    saveStoreFilters(sessionStorage, { ...DEFAULT_STORE_FILTERS, brand: brandId }, Date.now())
  } catch {
    // Storage switched off: the store opens unfiltered.
  }
}

export function BrandGrid({ brands }: { brands: readonly Brand[] }) {
  return (
    <ul className="brand-grid">
      {brands.map((brand) => (
        <li key={brand.id}>
          <Link
            to="/store"
            className="brand-tile"
            onClick={() => chooseBrand(brand.id)}
            aria-label={format(catalogue.home.brandLabel, { name: brand.name })}
          >
            {brand.image_url ? (
              <img
                {...imageSources(brand.image_url, 320)}
                // The drawn width (the first-load budget of bench/first-load.ts): about 144 px in the phone's two columns, at most 200 px.
                sizes="(max-width: 767px) 144px, 200px"
                alt=""
                width={240}
                height={120}
                loading="lazy"
                decoding="async"
              />
            ) : (
              <span className="brand-tile__name">{brand.name}</span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  )
}
