import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { format } from '@shop/shared/messages/format.ts'
import { common } from '@shop/shared/messages/bs/common.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { isStaff } from '@shop/shared/rules/roles.ts'
import { classNames } from '../../ui/class-names.ts'
import { CartIcon, CloseIcon, LogOutIcon, MenuIcon, ShieldIcon, UserIcon } from '../../ui/icons.tsx'
import { useCartCount } from '../../lib/use-cart-count.ts'
import { useSession } from '../session/session-context.ts'
import { BrandMark } from './brand-mark.tsx'
import { clearStoreFilters } from './store-filters.ts'

const { nav } = shell

function navLinkClass({ isActive }: { isActive: boolean }): string {
  return classNames('site-nav__link', isActive && 'is-active')
}

/** An account-area entry's icon and its word, which narrow screens hide (the entry keeps its aria-label). */
function NavIconLabel({ icon: Icon, label }: { icon: typeof UserIcon; label: string }) {
  return (
    <>
      <Icon size={18} />
      <span className="site-nav__label">{label}</span>
    </>
  )
}

export function TopBar() {
  const { user, signOut } = useSession()
  const cartCount = useCartCount()
  const location = useLocation()
  const navigate = useNavigate()
  const menuButton = useRef<HTMLButtonElement>(null)
  const header = useRef<HTMLElement>(null)
  const panel = useRef<HTMLElement>(null)
  const countId = useId()
  // The menu belongs to the page it was opened on: any navigation (link, back button) closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null)
  const isMenuOpen = menuOpenAt === location.key

  useEffect(() => {
    if (!isMenuOpen) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpenAt(null)
        menuButton.current?.focus()
        return
      }
      // The panel's links come before the button in the page, so Tab would leave the open panel for
      // the page behind it: while it is open, Tab goes round the button and the panel's links.
      const button = menuButton.current
      if (event.key !== 'Tab' || !button || button.getClientRects().length === 0) return
      const links = [...(panel.current?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])]
      const first = links[0]
      const last = links.at(-1)
      if (!first || !last) return
      const active = document.activeElement
      let next: HTMLElement | null = null
      if (active === button) next = event.shiftKey ? last : first
      else if (active === (event.shiftKey ? first : last)) next = button
      if (next) {
        event.preventDefault()
        next.focus()
      }
    }
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) setMenuOpenAt(null)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [isMenuOpen])

  function handleSignOut() {
    signOut()
    void navigate('/')
  }

  const isStaffUser = isStaff(user?.roles)

  return (
    <header className={classNames('top-bar', user && 'is-signed-in', isStaffUser && 'is-staff')} ref={header}>
      <div className="container top-bar__inner">
        {/* The link's name is its visible name with ', početna stranica' (WCAG 2.5.3: the name contains
            the label); the tagline under it is decoration. */}
        <Link to="/" className="brand">
          <BrandMark />
          <span className="brand__text">
            <span className="brand__name">
              {common.shopName}
              <span className="visually-hidden">{shell.homeLinkHint}</span>
            </span>
            <span className="brand__tagline" aria-hidden="true">
              {shell.tagline}
            </span>
          </span>
        </Link>

        <nav
          id="site-nav"
          ref={panel}
          className={classNames('site-nav', isMenuOpen && 'is-open')}
          aria-label={nav.label}
        >
          <ul className="site-nav__links">
            <li>
              <NavLink to="/store" className={navLinkClass} onClick={clearStoreFilters}>
                {nav.store}
              </NavLink>
            </li>
            <li>
              <NavLink to="/restoran" className={navLinkClass}>
                {nav.restaurant}
              </NavLink>
            </li>
            <li>
              <NavLink to="/veleprodaja" className={navLinkClass}>
                {nav.wholesale}
              </NavLink>
            </li>
            <li>
              <NavLink to="/about" className={navLinkClass}>
                {nav.about}
              </NavLink>
            </li>
            <li>
              <NavLink to="/" end className={navLinkClass}>
                {nav.home}
              </NavLink>
            </li>
          </ul>
          <ul className="site-nav__account">
            {isStaffUser && (
              <li>
                <NavLink
                  to="/admin"
                  className={({ isActive }) => classNames(navLinkClass({ isActive }), 'site-nav__link--admin')}
                  title={nav.admin}
                  aria-label={nav.admin}
                >
                  <NavIconLabel icon={ShieldIcon} label={nav.admin} />
                </NavLink>
              </li>
            )}
            {user ? (
              <>
                <li>
                  <NavLink to="/account" className={navLinkClass} title={nav.account} aria-label={nav.account}>
                    <NavIconLabel icon={UserIcon} label={nav.account} />
                  </NavLink>
                </li>
                <li>
                  <button
                    type="button"
                    className="site-nav__link site-nav__button"
                    onClick={handleSignOut}
                    title={nav.logout}
                    aria-label={nav.logout}
                  >
                    <NavIconLabel icon={LogOutIcon} label={nav.logout} />
                  </button>
                </li>
              </>
            ) : (
              <li>
                <NavLink to="/login" className={navLinkClass} aria-label={nav.login}>
                  <NavIconLabel icon={UserIcon} label={nav.login} />
                </NavLink>
              </li>
            )}
          </ul>
        </nav>

        <NavLink
          to="/cart"
          className={({ isActive }) => classNames('cart-link', isActive && 'is-active')}
          aria-describedby={cartCount > 0 ? countId : undefined}
        >
          <CartIcon size={22} />
          {/* The name is the hidden copy: an aria-label would leave the badge's count out of it (WCAG 2.5.3). */}
          <span className="visually-hidden">{nav.cart}</span>
          <span className="cart-link__label" aria-hidden="true">
            {nav.cart}
          </span>
          {cartCount > 0 && (
            <span className="cart-link__badge" aria-hidden="true">
              {cartCount > 99 ? '99+' : cartCount}
            </span>
          )}
        </NavLink>
        <span id={countId} hidden>
          {format(nav.cartCount, { count: cartCount })}
        </span>

        <button
          ref={menuButton}
          type="button"
          className="menu-button"
          aria-expanded={isMenuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpenAt(isMenuOpen ? null : location.key)}
        >
          {isMenuOpen ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          <span className="visually-hidden">{nav.menu}</span>
        </button>
      </div>
    </header>
  )
}
