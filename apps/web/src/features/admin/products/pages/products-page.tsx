import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { Button } from '../../../../ui/button.tsx'
import { BoxesIcon } from '../../../../ui/icons.tsx'
import { useLoad } from '../../../../lib/use-load.ts'
import { deleteProduct, fetchAdminProducts, type AdminProduct } from '../../api/products.ts'
import { fetchBrands, fetchCategories } from '../../api/taxonomy.ts'
import { useConfirm } from '../../kit/confirm-dialog.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { CountBadge, searchBox, StaffList, StaffToolbar } from '../../kit/staff-list.tsx'
import { useEditing } from '../../kit/use-editing.ts'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { useStaffSearch } from '../../kit/use-staff-search.ts'
import { ProductCard } from '../components/product-card.tsx'
import { ProductFormDialog } from '../components/product-form-dialog.tsx'
import './products-page.css'

const text = admin.product

/** staff-and-content.md §2 Products admin. */
export function AdminProductsPage() {
  const search = useStaffSearch()
  const deletion = useStaffAction()
  const confirm = useConfirm()
  const list = useLoad(
    (signal) => fetchAdminProducts({ search: search.query, page: search.page }, signal),
    `${search.query}\n${search.page}`,
  )
  const editor = useEditing<AdminProduct>(list.reload)
  const taxonomy = useLoad(async (signal) => {
    const [categories, brands] = await Promise.all([fetchCategories(signal), fetchBrands(signal)])
    return { categories, brands }
  }, 'taxonomy')

  async function remove(product: AdminProduct) {
    // §8: deleting a product asks for a browser confirmation first; a failure has its own text.
    if (!(await confirm.ask({ browser: true, message: format(text.deleteConfirm, { name: product.name }) }))) return
    await deletion.run(() => deleteProduct(product.id), {
      failed: text.deleteFailed,
      done: text.deleted,
      message: () => text.deleteFailed,
    })
    list.reload()
  }

  const data = list.data
  return (
    <StaffFrame
      title={shell.admin.pages.products.title}
      badge={<CountBadge count={data?.total} />}
      actions={
        <Button onClick={() => editor.open(null)} disabled={!taxonomy.data}>
          {text.add}
        </Button>
      }
      loads={[
        { load: list, failed: text.loadFailed },
        { load: taxonomy, failed: text.loadFailed },
      ]}
      errors={[deletion.error]}
    >
      <StaffToolbar search={searchBox(search, text.searchLabel, text.searchPlaceholder)} />
      <StaffList
        items={data?.products}
        keyOf={(product) => product.id}
        isFiltered={search.isFiltered}
        empty={{ icon: <BoxesIcon size={30} />, title: text.empty }}
        paging={data && { page: data.page, pages: data.pages, onPage: search.setPage }}
        isBusy={list.status === 'loading'}
        render={(product) => (
          <ProductCard product={product} onEdit={() => editor.open(product)} onDelete={() => void remove(product)} />
        )}
      />
      {editor.editing && taxonomy.data && (
        <ProductFormDialog
          product={editor.editing.item}
          categories={taxonomy.data.categories}
          brands={taxonomy.data.brands}
          onClose={editor.close}
          onSaved={editor.saved}
        />
      )}
      {confirm.element}
    </StaffFrame>
  )
}
