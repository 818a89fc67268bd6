import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { Link, NavLink } from 'react-router'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { useSession } from '../../../app/session/session-context.ts'
import { usePageTitle } from '../../../lib/use-page-title.ts'
import { ArrowRightIcon, ChevronLeftIcon, ChevronRightIcon, ShieldIcon } from '../../../ui/icons.tsx'
import { staffPagesFor } from '../staff-pages.ts'
import './staff-layout.css'

const SCROLL_BUTTONS = [
  { side: 'left', direction: -1, label: admin.staff.navPrevious, Icon: ChevronLeftIcon },
  { side: 'right', direction: 1, label: admin.staff.navMore, Icon: ChevronRightIcon },
] as const

type StaffLayoutProps = {
  title: string
  /** Beside the heading, e.g. the count badge. */
  badge?: ReactNode
  /** The page's main actions (e.g. 'add'), right of the heading on a desktop, below it on a phone. */
  actions?: ReactNode
  children: ReactNode
}

/**
 * The frame of every staff page: the staff menu (a scrolling row on a phone, a side column on a
 * desktop), a back link to the dashboard, the page heading and its actions.
 */
export function StaffLayout({ title, badge, actions, children }: StaffLayoutProps) {
  const { user } = useSession()
  usePageTitle(title)
  const listRef = useRef<HTMLUListElement>(null)
  const scroller = useSideScroll(listRef)
  return (
    <div className="container page staff">
      <nav
        className={`staff__nav${scroller.more.left ? ' staff__nav--more-left' : ''}${scroller.more.right ? ' staff__nav--more-right' : ''}`}
        aria-label={admin.staff.navLabel}
      >
        {/* Pointer helpers only: keyboard and screen-reader users reach every link in the list itself. */}
        {SCROLL_BUTTONS.map(({ side, direction, label, Icon }) => (
          <button
            key={side}
            type="button"
            className={`staff__nav-scroll staff__nav-scroll--${side}`}
            tabIndex={-1}
            aria-hidden="true"
            title={label}
            onClick={() => scroller.scrollBy(direction)}
          >
            <Icon size={18} />
          </button>
        ))}
        <ul ref={listRef} onScroll={scroller.onScroll}>
          <li>
            <NavLink to="/admin" end className="staff__nav-link">
              <ShieldIcon size={18} />
              <span>{admin.staff.navLabel}</span>
            </NavLink>
          </li>
          {staffPagesFor(user?.roles).map(({ to, page, icon: Icon }) => (
            <li key={to}>
              <NavLink to={to} className="staff__nav-link">
                <Icon size={18} />
                <span>{shell.admin.pages[page].title}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="staff__main">
        <header className="staff__header">
          <Link to="/admin" className="staff__back">
            <ArrowRightIcon size={16} className="staff__back-icon" />
            {shell.admin.backToDashboard}
          </Link>
          <div className="ui-split staff__heading-row">
            <div className="staff__heading">
              <h1>{title}</h1>
              {badge}
            </div>
            {actions && <div className="ui-actions ui-actions--tight">{actions}</div>}
          </div>
        </header>
        {children}
      </div>
    </div>
  )
}

/**
 * The staff menu scrolls sideways on a phone (docs/decisions.md, Walk-through fixes): which edges hide more chips (shown
 * as a fade and an arrow), the current section scrolled into view, and a step per arrow tap.
 */
function useSideScroll(ref: RefObject<HTMLUListElement | null>) {
  const [more, setMore] = useState({ left: false, right: false })
  const update = () => {
    const list = ref.current
    if (!list) return
    const left = list.scrollLeft > 4
    const right = list.scrollLeft + list.clientWidth < list.scrollWidth - 4
    setMore((current) => (current.left === left && current.right === right ? current : { left, right }))
  }
  useEffect(() => {
    const list = ref.current
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]')
    if (list && active && list.scrollWidth > list.clientWidth) {
      list.scrollLeft = Math.max(0, active.offsetLeft - list.clientWidth / 2 + active.offsetWidth / 2)
    }
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
    // `update` reads only the ref; the list mounts once with the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const scrollBy = (direction: 1 | -1) => {
    const list = ref.current
    list?.scrollBy({ left: direction * list.clientWidth * 0.7, behavior: 'smooth' })
  }
  return { more, onScroll: update, scrollBy }
}
