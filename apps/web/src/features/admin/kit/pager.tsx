import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { Button } from '../../../ui/button.tsx'

/** Previous and next with an 'x of y' indicator (staff-and-content.md §2 Products admin). */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null
  return (
    <nav className="staff-pager" aria-label={admin.staff.pagination}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {admin.staff.previous}
      </Button>
      <span className="staff-pager__status" aria-live="polite">
        {format(admin.staff.pageOf, { page, pages })}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {admin.staff.next}
      </Button>
    </nav>
  )
}
