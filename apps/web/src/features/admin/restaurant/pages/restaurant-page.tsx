import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import type { MenuCategory, MenuItem } from '@shop/shared/schemas/restaurant.ts'
import { Badge } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { classNames } from '../../../../ui/class-names.ts'
import { UtensilsIcon } from '../../../../ui/icons.tsx'
import { Price } from '../../../../ui/price.tsx'
import { useToast } from '../../../../ui/toast.tsx'
import { useLoad } from '../../../../lib/use-load.ts'
import { useConfirm } from '../../kit/confirm-dialog.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { CountBadge, searchBox, StaffList, StaffMediaCard, StaffToolbar } from '../../kit/staff-list.tsx'
import { useEditing } from '../../kit/use-editing.ts'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { useStaffSearch } from '../../kit/use-staff-search.ts'
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
  const search = useStaffSearch(0)
  const editor = useEditing<MenuItem>(items.reload)
  const [isManagingCategories, setIsManagingCategories] = useState(false)
  const deletion = useStaffAction()
  const confirm = useConfirm()

  async function remove(item: MenuItem) {
    const message = format(text.deleteConfirm, { name: item.name })
    if (!(await confirm.ask({ title: text.deleteTitle, message }))) return
    await deletion.run(() => deleteMenuItem(item.id), { failed: text.deleteFailed, done: text.deleted })
    items.reload()
  }

  const categoryList = categories.data ?? []
  const all = items.data ?? []
  const itemCounts = new Map<string, number>()
  for (const item of all)
    if (item.categoryId) itemCounts.set(item.categoryId, (itemCounts.get(item.categoryId) ?? 0) + 1)

  return (
    <StaffFrame
      title={shell.admin.pages.restaurant.title}
      badge={<CountBadge count={items.data?.length} />}
      actions={
        <>
          <Button variant="secondary" onClick={() => setIsManagingCategories(true)} disabled={!categories.data}>
            {text.manageCategories}
          </Button>
          <Button onClick={() => editor.open(null)} disabled={!categories.data}>
            {text.add}
          </Button>
        </>
      }
      loads={[
        { load: items, failed: restaurant.loadItemsFailed },
        { load: categories, failed: restaurant.loadCategoriesFailed },
      ]}
      errors={[deletion.error]}
    >
      <StaffToolbar search={searchBox(search, text.search, text.searchPlaceholder)} />
      <StaffList
        items={items.data?.filter((item) => matchesMenuSearch(item, categoryName(item, categoryList), search.search))}
        keyOf={(item) => item.id}
        className="staff-grid menu-admin-grid"
        isFiltered={all.length > 0}
        empty={{ icon: <UtensilsIcon size={30} />, title: text.empty, noMatch: text.noMatch }}
        render={(item) => (
          <StaffMediaCard
            className={classNames('menu-admin-card', !item.isAvailable && 'menu-admin-card--off')}
            mediaClassName="menu-admin-card__image"
            media={
              item.image ? (
                <img src={imageVariantUrl(item.image, 320)} alt="" width={320} height={240} loading="lazy" />
              ) : (
                <UtensilsIcon size={30} />
              )
            }
            badges={
              <>
                {item.featured && <Badge tone="accent">{text.featured}</Badge>}
                {!item.isAvailable && <Badge tone="danger">{text.unavailable}</Badge>}
              </>
            }
            actions={{
              name: item.name,
              disabled: !categories.data,
              onEdit: () => editor.open(item),
              onDelete: () => void remove(item),
            }}
          >
            <p className="ui-kicker">{categoryName(item, categoryList)}</p>
            <h2 className="staff-card__title">{item.name}</h2>
            <Price value={item.price} />
            {item.description && <p className="staff-card__text">{item.description}</p>}
          </StaffMediaCard>
        )}
      />
      {editor.editing && categories.data && (
        <MenuItemDialog
          item={editor.editing.item}
          categories={categories.data}
          onClose={editor.close}
          onSaved={editor.saved}
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
      {confirm.element}
    </StaffFrame>
  )
}
