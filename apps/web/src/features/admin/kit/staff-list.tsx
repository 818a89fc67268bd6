import type { ReactNode } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { Badge } from '../../../ui/badge.tsx'
import { Button } from '../../../ui/button.tsx'
import { EmptyState } from '../../../ui/empty-state.tsx'
import { TextField } from '../../../ui/field.tsx'
import { classNames } from '../../../ui/class-names.ts'
import { Pager } from './pager.tsx'

type StaffToolbarProps = {
  /** The search box; leave out for a toolbar of filters only. */
  search?: { label: string; placeholder?: string; value: string; onChange: (text: string) => void }
  className?: string
  /** More filters (selects) after the search box. */
  children?: ReactNode
}

/** The row above a staff list: a search box and the page's filters (role="search"). */
export function StaffToolbar({ search, className, children }: StaffToolbarProps) {
  return (
    <div className={classNames('staff-toolbar', className)} role="search">
      {search && (
        <TextField
          label={search.label}
          type="search"
          placeholder={search.placeholder}
          value={search.value}
          onChange={(event) => search.onChange(event.target.value)}
        />
      )}
      {children}
    </div>
  )
}

/** The heading's count badge ('Ukupno: 12', or the page's own wording). */
export function CountBadge({ count, text = admin.staff.count }: { count: number | undefined; text?: string }) {
  if (count === undefined) return null
  return <Badge tone="primary">{format(text, { count })}</Badge>
}

type StaffListProps<T> = {
  items: readonly T[] | undefined
  keyOf: (item: T) => string
  render: (item: T) => ReactNode
  /** The empty state: `title` with no items at all, `noMatch` when a search or filter hides them. */
  empty: { icon: ReactNode; title: string; noMatch?: string }
  isFiltered?: boolean
  /** Server paging: the pager under the list. */
  paging?: { page: number; pages: number; onPage: (page: number) => void }
  isBusy?: boolean
  /** 'staff-grid' (cards) by default. */
  className?: string
}

/** A staff list: the cards (or rows), the empty or no-match state and the pager. */
export function StaffList<T>({
  items,
  keyOf,
  render,
  empty,
  isFiltered = false,
  paging,
  isBusy,
  className,
}: StaffListProps<T>) {
  if (!items) return null
  if (items.length === 0)
    return <EmptyState icon={empty.icon} title={isFiltered ? (empty.noMatch ?? admin.staff.noMatch) : empty.title} />
  return (
    <>
      <ul className={className ?? 'staff-grid'} aria-busy={isBusy || undefined}>
        {items.map((item) => (
          <li key={keyOf(item)}>{render(item)}</li>
        ))}
      </ul>
      {paging && <Pager page={paging.page} pages={paging.pages} onPage={paging.onPage} />}
    </>
  )
}

type CardActionsProps = {
  /** The item's name, for the buttons' accessible names ('Uredi: {name}'). */
  name: string
  onEdit?: () => void
  onDelete?: () => void
  disabled?: boolean
  /** The page's own wording (the brand page is in English). */
  texts?: { edit: string; editNamed: string; delete: string; deleteNamed: string }
  children?: ReactNode
}

const STAFF_TEXTS = {
  edit: admin.staff.edit,
  editNamed: admin.staff.editNamed,
  delete: admin.staff.delete,
  deleteNamed: admin.staff.deleteNamed,
}

/** Edit and delete under a staff card, named after the item for screen readers. */
export function CardActions({ name, onEdit, onDelete, disabled, texts = STAFF_TEXTS, children }: CardActionsProps) {
  return (
    <div className="staff-card__actions">
      {children}
      {onEdit && (
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled}
          onClick={onEdit}
          aria-label={format(texts.editNamed, { name })}
        >
          {texts.edit}
        </Button>
      )}
      {onDelete && (
        <Button variant="danger" size="sm" onClick={onDelete} aria-label={format(texts.deleteNamed, { name })}>
          {texts.delete}
        </Button>
      )}
    </div>
  )
}

type StaffMediaCardProps = {
  /** The card's own class (beside `ui-card staff-card`) and its picture's (beside `ui-media`). */
  className: string
  mediaClassName: string
  /** The picture, or an icon where there is none. */
  media: ReactNode
  /** Badges over the picture. */
  badges: ReactNode
  actions: CardActionsProps
  /** The card's body: its title and texts. */
  children: ReactNode
}

/** A staff card with a picture under its badges, a body, and edit and delete under it. */
export function StaffMediaCard({ className, mediaClassName, media, badges, actions, children }: StaffMediaCardProps) {
  return (
    <article className={`ui-card staff-card ${className}`}>
      <div className={`ui-media ${mediaClassName}`}>
        {media}
        <div className="ui-overlay-badges staff-card__badges">{badges}</div>
      </div>
      <div className="staff-card__body">{children}</div>
      <CardActions {...actions} />
    </article>
  )
}

/** The toolbar's search box for a `useStaffSearch` state, in one line: search={searchBox(search, label)}. */
export function searchBox(
  state: { search: string; setSearch: (text: string) => void },
  label: string,
  placeholder?: string,
): NonNullable<StaffToolbarProps['search']> {
  return { label, placeholder, value: state.search, onChange: state.setSearch }
}
