import { admin } from '@shop/shared/messages/bs/admin.ts'
import { brandInput } from '@shop/shared/schemas/taxonomy.ts'
import { deleteBrand, fetchBrands, saveBrand } from '../../api/taxonomy.ts'
import { TaxonomyPage } from '../../taxonomy/taxonomy-page.tsx'

/** staff-and-content.md §2 Brands admin (worded in English, with an image URL field). */
export function AdminBrandsPage() {
  return (
    <TaxonomyPage
      texts={admin.brand}
      hasImageUrl
      schema={brandInput}
      load={fetchBrands}
      save={saveBrand}
      remove={deleteBrand}
    />
  )
}
