import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { EmptyState } from '../../../../ui/empty-state.tsx'
import { TextField } from '../../../../ui/field.tsx'
import { BoxesIcon } from '../../../../ui/icons.tsx'
import { LoadingBlock } from '../../../../ui/spinner.tsx'
import { useToast } from '../../../../ui/toast.tsx'
import { deleteProduct, fetchAdminProducts, type AdminProduct } from '../../api/products.ts'
import { fetchBrands, fetchCategories } from '../../api/taxonomy.ts'
import { Pager } from '../../components/pager.tsx'
import { StaffLayout } from '../../components/staff-layout.tsx'
import { useDebouncedValue } from '../../components/use-debounced-value.ts'
import { useLoad } from '../../../../lib/use-load.ts'
import { ProductCard } from '../components/product-card.tsx'
import { ProductFormDialog } from '../components/product-form-dialog.tsx'
import './products-page.css'

const text = admin.product
/** staff-and-content.md §9: the product search waits 300 ms after the last key. */
const SEARCH_DELAY_MS = 300

type Editing = { product: AdminProduct | null } | null

/** staff-and-content.md §2 Products admin. */
export function AdminProductsPage() {
  const toast = useToast()
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<Editing>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const query = useDebouncedValue(search, SEARCH_DELAY_MS)
  const list = useLoad((signal) => fetchAdminProducts({ search: query, page }, signal), `${query}\n${page}`)
  const taxonomy = useLoad(async (signal) => {
    const [categories, brands] = await Promise.all([fetchCategories(signal), fetchBrands(signal)])
    return { categories, brands }
  }, 'taxonomy')

  async function remove(product: AdminProduct) {
    // §8: deleting a product asks for a browser confirmation first.
    if (!window.confirm(format(text.deleteConfirm, { name: product.name }))) return
    setDeleteError(null)
    try {
      await deleteProduct(product.id)
      toast.show(text.deleted, 'success')
    } catch {
      setDeleteError(text.deleteFailed)
    }
    list.reload()
  }

  const data = list.data
  return (
    <StaffLayout
      title={shell.admin.pages.products.title}
      badge={data && <Badge tone="primary">{format(admin.staff.count, { count: data.total })}</Badge>}
      actions={
        <Button onClick={() => setEditing({ product: null })} disabled={!taxonomy.data}>
          {text.add}
        </Button>
      }
    >
      <div className="staff-toolbar" role="search">
        <TextField
          label={text.searchLabel}
          type="search"
          placeholder={text.searchPlaceholder}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(1)
          }}
        />
      </div>
      {deleteError && <Alert tone="danger">{deleteError}</Alert>}
      {(list.status === 'error' || taxonomy.status === 'error') && (
        <Alert tone="danger">
          {text.loadFailed}{' '}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              list.reload()
              taxonomy.reload()
            }}
          >
            {admin.staff.tryAgain}
          </Button>
        </Alert>
      )}
      {!data && list.status === 'loading' && <LoadingBlock label={admin.staff.loading} />}
      {data && data.products.length === 0 && (
        <EmptyState icon={<BoxesIcon size={30} />} title={query.trim() ? admin.staff.noMatch : text.empty} />
      )}
      {data && data.products.length > 0 && (
        <>
          <ul className="staff-grid" aria-busy={list.status === 'loading' || undefined}>
            {data.products.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  onEdit={() => setEditing({ product })}
                  onDelete={() => void remove(product)}
                />
              </li>
            ))}
          </ul>
          <Pager page={data.page} pages={data.pages} onPage={setPage} />
        </>
      )}
      {editing && taxonomy.data && (
        <ProductFormDialog
          product={editing.product}
          categories={taxonomy.data.categories}
          brands={taxonomy.data.brands}
          onClose={() => setEditing(null)}
          onSaved={(_saved, isNew) => {
            setEditing(null)
            toast.show(isNew ? text.created : text.updated, 'success')
            list.reload()
          }}
        />
      )}
    </StaffLayout>
  )
}
