import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { Button, buttonClassName } from '../../../../ui/button.tsx'
import { BoxesIcon } from '../../../../ui/icons.tsx'
import { useLoad } from '../../../../lib/use-load.ts'
import { deleteProduct, fetchAdminProducts, fetchProductsWithoutWeight, type AdminProduct } from '../../api/products.ts'
import { fetchBrands, fetchCategories } from '../../api/taxonomy.ts'
import { useConfirm } from '../../kit/confirm-dialog.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { CountBadge, searchBox, StaffList, StaffToolbar } from '../../kit/staff-list.tsx'
import { useEditing } from '../../kit/use-editing.ts'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { useStaffSearch } from '../../kit/use-staff-search.ts'
import { ProductCard } from '../components/product-card.tsx'
import { ProductFormDialog } from '../components/product-form-dialog.tsx'
import { ProductsWithoutWeightNotice } from '../components/products-without-weight.tsx'
import { StockLedgerDialog } from '../components/stock-ledger-dialog.tsx'
import { catalogueIo } from '@shop/shared/messages/bs/catalogue-io.ts'
import { downloadCatalogue } from '../api/catalogue-spreadsheet.ts'
import { ImportDialog } from '../components/import-dialog.tsx'
import { PriceChangeDialog } from '../components/price-change-dialog.tsx'
import './products-page.css'
import '../components/spreadsheet-dialogs.css'

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
  const withoutWeight = useLoad((signal) => fetchProductsWithoutWeight(signal), 'products-without-weight')
  const editor = useEditing<AdminProduct>(() => {
    list.reload()
    withoutWeight.reload()
  })
  const [stockOf, setStockOf] = useState<AdminProduct | null>(null)
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
    withoutWeight.reload()
  }

  const [spreadsheet, setSpreadsheet] = useState<'import' | 'price-change' | null>(null)
  const download = useStaffAction()
  const exportAs = (fileFormat: 'csv' | 'xlsx', event: { currentTarget: HTMLElement }) => {
    event.currentTarget.closest('details')?.removeAttribute('open')
    void download.run(() => downloadCatalogue(fileFormat), { failed: catalogueIo.exportFailed })
  }

  const data = list.data
  return (
    <StaffFrame
      title={shell.admin.pages.products.title}
      badge={<CountBadge count={data?.total} />}
      actions={
        <div className="ui-actions ui-actions--tight">
          <details className="products-export">
            <summary className={buttonClassName({ variant: 'secondary' })}>{catalogueIo.exportButton}</summary>
            <div className="products-export__menu">
              <Button variant="ghost" onClick={(event) => exportAs('csv', event)} disabled={download.isBusy}>
                {catalogueIo.exportCsv}
              </Button>
              <Button variant="ghost" onClick={(event) => exportAs('xlsx', event)} disabled={download.isBusy}>
                {catalogueIo.exportXlsx}
              </Button>
            </div>
          </details>
          <Button variant="secondary" onClick={() => setSpreadsheet('import')}>
            {catalogueIo.importButton}
          </Button>
          <Button variant="secondary" onClick={() => setSpreadsheet('price-change')} disabled={!taxonomy.data}>
            {catalogueIo.priceChangeButton}
          </Button>
          <Button onClick={() => editor.open(null)} disabled={!taxonomy.data}>
            {text.add}
          </Button>
        </div>
      }
      loads={[
        { load: list, failed: text.loadFailed },
        { load: taxonomy, failed: text.loadFailed },
      ]}
      errors={[deletion.error, download.error]}
    >
      <ProductsWithoutWeightNotice list={withoutWeight.data} onFind={search.setSearch} />
      <StaffToolbar search={searchBox(search, text.searchLabel, text.searchPlaceholder)} />
      <StaffList
        items={data?.products}
        keyOf={(product) => product.id}
        isFiltered={search.isFiltered}
        empty={{ icon: <BoxesIcon size={30} />, title: text.empty }}
        paging={data && { page: data.page, pages: data.pages, onPage: search.setPage }}
        isBusy={list.status === 'loading'}
        render={(product) => (
          <ProductCard
            product={product}
            onEdit={() => editor.open(product)}
            onDelete={() => void remove(product)}
            onStock={() => setStockOf(product)}
          />
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
      {stockOf && <StockLedgerDialog product={stockOf} onClose={() => setStockOf(null)} onChanged={list.reload} />}
      {spreadsheet === 'import' && <ImportDialog onClose={() => setSpreadsheet(null)} onApplied={list.reload} />}
      {spreadsheet === 'price-change' && taxonomy.data && (
        <PriceChangeDialog
          categories={taxonomy.data.categories}
          brands={taxonomy.data.brands}
          onClose={() => setSpreadsheet(null)}
          onApplied={list.reload}
        />
      )}
      {confirm.element}
    </StaffFrame>
  )
}
