import { admin } from '@shop/shared/messages/bs/admin.ts'
import { categoryInput } from '@shop/shared/schemas/taxonomy.ts'
import { deleteCategory, fetchCategories, saveCategory } from '../../api/taxonomy.ts'
import { TaxonomyPage } from '../../taxonomy/taxonomy-page.tsx'

/** staff-and-content.md §2 Categories admin (worded in Bosnian). */
export function AdminCategoriesPage() {
  return (
    <TaxonomyPage
      texts={admin.category}
      hasImageUrl={false}
      schema={categoryInput}
      load={fetchCategories}
      save={saveCategory}
      remove={deleteCategory}
    />
  )
}
