import { useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { menuCategoryInput, type MenuCategory } from '@shop/shared/schemas/restaurant.ts'
import { useBusy } from '../../../../lib/use-busy.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Button } from '../../../../ui/button.tsx'
import { Dialog } from '../../../../ui/dialog.tsx'
import { SelectField, TextField } from '../../../../ui/field.tsx'
import { failureMessage } from '../../kit/failure.ts'
import { deleteMenuCategory, saveMenuCategory } from '../api/menu.ts'
import { categoryTree } from '../category-tree.ts'
import { TextAreaField } from '../../kit/text-area-field.tsx'
import { StaffForm } from '../../kit/staff-form.tsx'

const text = restaurant.admin.categories

type Mode =
  | { kind: 'list' }
  | { kind: 'form'; category: MenuCategory | null; parentId: string }
  | { kind: 'delete'; category: MenuCategory }

type CategoryDialogProps = {
  categories: readonly MenuCategory[]
  /** How many items each category holds, shown beside its name. */
  itemCounts: ReadonlyMap<string, number>
  onClose: () => void
  /** After a save or a delete: the page reloads categories (and items, which a delete leaves without one). */
  onChanged: (message: string) => void
}

/**
 * staff-and-content.md §2 Restaurant menu admin: the category management dialog for main
 * categories and subcategories, with a confirmation before a delete (§5: the name is required).
 */
export function CategoryDialog({ categories, itemCounts, onClose, onChanged }: CategoryDialogProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' })
  const [draft, setDraft] = useState({ name: '', description: '' })
  const [nameError, setNameError] = useState<string | undefined>()
  const [problem, setProblem] = useState<string | null>(null)
  const [isBusy, whileBusy] = useBusy()
  const tree = categoryTree(categories)

  function open(next: Mode) {
    setProblem(null)
    setNameError(undefined)
    if (next.kind === 'form')
      setDraft({ name: next.category?.name ?? '', description: next.category?.description ?? '' })
    setMode(next)
  }

  async function run(action: () => Promise<unknown>, message: string) {
    setProblem(null)
    try {
      await whileBusy(action)
      onChanged(message)
      setMode({ kind: 'list' })
    } catch (error) {
      setProblem(
        failureMessage(error, mode.kind === 'delete' ? restaurant.admin.deleteFailed : restaurant.admin.saveFailed),
      )
    }
  }

  function submit(category: MenuCategory | null, parentId: string) {
    const checked = menuCategoryInput.safeParse({ ...draft, parentId })
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message)
      return
    }
    setNameError(undefined)
    void run(() => saveMenuCategory(category?.id ?? null, checked.data), category ? text.updated : text.created)
  }

  const formId = 'menu-category-form'
  const back = (
    <Button variant="secondary" onClick={() => open({ kind: 'list' })}>
      {admin.staff.cancel}
    </Button>
  )
  let title: string = text.title
  let footer = (
    <Button variant="secondary" onClick={onClose}>
      {shell.dialogClose}
    </Button>
  )
  let body
  if (mode.kind === 'form') {
    const { category, parentId } = mode
    const hasChildren = category !== null && categories.some((entry) => entry.parentId === category.id)
    title = category ? text.editTitle : parentId ? text.addSub : text.addMain
    footer = (
      <>
        {back}
        <Button type="submit" form={formId} isLoading={isBusy}>
          {admin.staff.save}
        </Button>
      </>
    )
    body = (
      <StaffForm id={formId} className="staff-form" onSubmit={() => submit(category, parentId)}>
        <TextField
          label={text.name}
          value={draft.name}
          onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          error={nameError}
          required
        />
        <TextAreaField
          label={text.description}
          value={draft.description}
          onChange={(text) => setDraft({ ...draft, description: text })}
          rows={2}
        />
        <SelectField
          label={text.parent}
          value={parentId}
          disabled={hasChildren}
          onChange={(event) => setMode({ ...mode, parentId: event.target.value })}
        >
          <option value="">{text.noParent}</option>
          {tree
            .filter(({ category: main }) => main.id !== category?.id)
            .map(({ category: main }) => (
              <option key={main.id} value={main.id}>
                {main.name}
              </option>
            ))}
        </SelectField>
      </StaffForm>
    )
  } else if (mode.kind === 'delete') {
    title = text.deleteTitle
    footer = (
      <>
        {back}
        <Button
          variant="danger"
          isLoading={isBusy}
          onClick={() => void run(() => deleteMenuCategory(mode.category.id), text.deleted)}
        >
          {admin.staff.delete}
        </Button>
      </>
    )
    body = <p>{format(text.deleteConfirm, { name: mode.category.name })}</p>
  } else {
    footer = (
      <>
        <Button variant="secondary" onClick={onClose}>
          {shell.dialogClose}
        </Button>
        <Button onClick={() => open({ kind: 'form', category: null, parentId: '' })}>{text.addMain}</Button>
      </>
    )
    const row = (category: MenuCategory, isMain: boolean) => (
      <div className="menu-categories__row">
        <div className="menu-categories__name">
          <strong>{category.name}</strong>
          <span>{format(text.itemCount, { count: itemCounts.get(category.id) ?? 0 })}</span>
        </div>
        <div className="ui-actions ui-actions--tight">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => open({ kind: 'form', category, parentId: category.parentId ?? '' })}
            aria-label={format(admin.staff.editNamed, { name: category.name })}
          >
            {admin.staff.edit}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => open({ kind: 'delete', category })}
            aria-label={format(admin.staff.deleteNamed, { name: category.name })}
          >
            {admin.staff.delete}
          </Button>
          {isMain && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => open({ kind: 'form', category: null, parentId: category.id })}
              aria-label={format(text.addSubNamed, { name: category.name })}
            >
              {text.addSubShort}
            </Button>
          )}
        </div>
      </div>
    )
    body =
      tree.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <ul className="menu-categories">
          {tree.map(({ category, children }) => (
            <li key={category.id}>
              {row(category, true)}
              {children.length > 0 && (
                <ul className="menu-categories__children" aria-label={`${text.subcategories}: ${category.name}`}>
                  {children.map((child) => (
                    <li key={child.id}>{row(child, false)}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      closeLabel={shell.dialogClose}
      className="staff-dialog"
      footer={footer}
    >
      {problem && <Alert tone="danger">{problem}</Alert>}
      {body}
    </Dialog>
  )
}
