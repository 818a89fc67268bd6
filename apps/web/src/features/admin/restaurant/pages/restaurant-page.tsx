import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import type { MenuCategory, MenuItem } from '@shop/shared/schemas/restaurant.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { Dialog } from '../../../../ui/dialog.tsx'
import { EmptyState } from '../../../../ui/empty-state.tsx'
import { TextField } from '../../../../ui/field.tsx'
import { UtensilsIcon } from '../../../../ui/icons.tsx'
import { Price } from '../../../../ui/price.tsx'
import { LoadingBlock } from '../../../../ui/spinner.tsx'
import { useToast } from '../../../../ui/toast.tsx'
import { StaffLayout } from '../../components/staff-layout.tsx'
import { useLoad } from '../../../../lib/use-load.ts'
import { saveFailureMessage } from '../../error-messages.ts'
import { deleteMenuItem, fetchMenuCategories, fetchMenuItems } from '../api/menu.ts'
import { CategoryDialog } from '../components/category-dialog.tsx'
import { MenuItemDialog } from '../components/menu-item-dialog.tsx'
import { matchesMenuSearch } from '../menu-search.ts'
import './restaurant-page.css'

const text = restaurant.admin

function categoryName(item: MenuItem, categories: readonly MenuCategory[]): string {
  const category = categories.find((entry) => entry.id === item.categoryId)
  if (!category) return restaurant.uncategorized
  const parent = category.parentId ? categories.find((entry) => entry.id === category.parentId) : undefined
  return parent ? `${parent.name} › ${category.name}` : category.name
}

/**
 * staff-and-content.md §2 Restaurant menu admin: a search box, the category management dialog,
 * item cards with 'featured' and 'unavailable' badges, the add/edit dialog and confirmed deletes.
 */
export function AdminRestaurantPage() {
  const toast = useToast()
  const items = useLoad(fetchMenuItems, 'menu')
  const categories = useLoad(fetchMenuCategories, 'categories')
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<{ item: MenuItem | null } | null>(null)
  const [isManagingCategories, setIsManagingCategories] = useState(false)
  const [deleting, setDeleting] = useState<MenuItem | null>(null)
  const [isDeleting, setIsDeleting] = useState(false)
  const [pageError, setPageError] = useState<string | null>(null)

  async function confirmDelete(item: MenuItem) {
    setIsDeleting(true)
    setPageError(null)
    try {
      await deleteMenuItem(item.id)
      toast.show(text.deleted, 'success')
    } catch (error) {
      setPageError(saveFailureMessage(error, text.deleteFailed))
    } finally {
      setIsDeleting(false)
      setDeleting(null)
      items.reload()
    }
  }

  const categoryList = categories.data ?? []
  const all = items.data ?? []
  const shown = all.filter((item) => matchesMenuSearch(item, categoryName(item, categoryList), search))
  const itemCounts = new Map<string, number>()
  for (const item of all)
    if (item.categoryId) itemCounts.set(item.categoryId, (itemCounts.get(item.categoryId) ?? 0) + 1)

  return (
    <StaffLayout
      title={shell.admin.pages.restaurant.title}
      badge={items.data && <Badge tone="primary">{format(admin.staff.count, { count: all.length })}</Badge>}
      actions={
        <>
          <Button variant="secondary" onClick={() => setIsManagingCategories(true)} disabled={!categories.data}>
            {text.manageCategories}
          </Button>
          <Button onClick={() => setEditing({ item: null })} disabled={!categories.data}>
            {text.add}
          </Button>
        </>
      }
    >
      <div className="staff-toolbar" role="search">
        <TextField
          label={text.search}
          type="search"
          placeholder={text.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {pageError && <Alert tone="danger">{pageError}</Alert>}
      {items.status === 'error' && (
        <Alert tone="danger">
          {restaurant.loadItemsFailed}{' '}
          <Button size="sm" variant="secondary" onClick={items.reload}>
            {admin.staff.tryAgain}
          </Button>
        </Alert>
      )}
      {categories.status === 'error' && (
        <Alert tone="danger">
          {restaurant.loadCategoriesFailed}{' '}
          <Button size="sm" variant="secondary" onClick={categories.reload}>
            {admin.staff.tryAgain}
          </Button>
        </Alert>
      )}
      {!items.data && items.status === 'loading' && <LoadingBlock label={admin.staff.loading} />}
      {items.data && shown.length === 0 && (
        <EmptyState icon={<UtensilsIcon size={30} />} title={all.length === 0 ? text.empty : text.noMatch} />
      )}
      {shown.length > 0 && (
        <ul className="staff-grid menu-admin-grid">
          {shown.map((item) => (
            <li key={item.id}>
              <article
                className={`ui-card staff-card menu-admin-card${item.isAvailable ? '' : ' menu-admin-card--off'}`}
              >
                <div className="menu-admin-card__image">
                  {item.image ? (
                    <img src={imageVariantUrl(item.image, 320)} alt="" width={320} height={240} loading="lazy" />
                  ) : (
                    <UtensilsIcon size={30} />
                  )}
                  <div className="menu-admin-card__badges">
                    {item.featured && <Badge tone="accent">{text.featured}</Badge>}
                    {!item.isAvailable && <Badge tone="danger">{text.unavailable}</Badge>}
                  </div>
                </div>
                <div className="staff-card__body">
                  <p className="menu-admin-card__category">{categoryName(item, categoryList)}</p>
                  <h2 className="staff-card__title">{item.name}</h2>
                  <Price value={item.price} />
                  {item.description && <p className="staff-card__text">{item.description}</p>}
                </div>
                <div className="staff-card__actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={!categories.data}
                    onClick={() => setEditing({ item })}
                    aria-label={format(admin.staff.editNamed, { name: item.name })}
                  >
                    {admin.staff.edit}
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => setDeleting(item)}
                    aria-label={format(admin.staff.deleteNamed, { name: item.name })}
                  >
                    {admin.staff.delete}
                  </Button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {editing && categories.data && (
        <MenuItemDialog
          item={editing.item}
          categories={categories.data}
          onClose={() => setEditing(null)}
          onSaved={(isNew) => {
            setEditing(null)
            toast.show(isNew ? text.created : text.updated, 'success')
            items.reload()
          }}
        />
      )}
      {isManagingCategories && categories.data && (
        <CategoryDialog
          categories={categories.data}
          itemCounts={itemCounts}
          onClose={() => setIsManagingCategories(false)}
          onChanged={(message) => {
            toast.show(message, 'success')
            categories.reload()
            items.reload()
          }}
        />
      )}
      {deleting && (
        <Dialog
          open
          onClose={() => setDeleting(null)}
          title={text.deleteTitle}
          closeLabel={shell.dialogClose}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                {admin.staff.cancel}
              </Button>
              <Button variant="danger" isLoading={isDeleting} onClick={() => void confirmDelete(deleting)}>
                {admin.staff.delete}
              </Button>
            </>
          }
        >
          <p>{format(text.deleteConfirm, { name: deleting.name })}</p>
        </Dialog>
      )}
    </StaffLayout>
  )
}
