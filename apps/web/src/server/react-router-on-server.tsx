// React Router as the server bundle sees it (vite.config.ts resolves 'react-router' to this file in the server build
// only; the browser keeps React Router itself): all of it, except Link and NavLink, which for a plain absolute path
// write their <a> at once instead of running their hooks (the route's matches, the navigate function, the prefetch
// and click handlers) on a server where nothing is clicked: they were a tenth of a store render
// (docs/decisions.md, 'A render that costs little'). The HTML is React Router's to the byte (href, data-discover,
// NavLink's class and aria-current), so the browser's hydration meets the very link it would render; any other link
// (a relative path, an object, a prefetch) is React Router's own.
import { forwardRef, type ForwardedRef } from 'react'
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  useLocation,
  type LinkProps,
  type NavLinkProps,
} from 'react-router'

export * from 'react-router'

/**
 * A path React Router would write as it is: absolute, no '.' or '..' segment, no doubled or back slash, no empty
 * query or fragment (its resolveTo and createPath would change those).
 */
function isPlainPath(to: LinkProps['to']): to is string {
  if (typeof to !== 'string' || !to.startsWith('/')) return false
  const end = to.search(/[?#]/)
  const pathname = end < 0 ? to : to.slice(0, end)
  if (/\/\/|\\|(^|\/)\.\.?(\/|$)/.test(pathname)) return false
  return !to.endsWith('?') && !to.endsWith('#') && !to.includes('?#')
}

function ServerLinkWithRef(props: LinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const {
    to,
    target,
    discover = 'render',
    prefetch = 'none',
    mask,
    // What only a click reads; none of it is written into the HTML.
    onClick: _onClick,
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...rest
  } = props as Omit<LinkProps, 'state'> & { state?: unknown }
  if (!isPlainPath(to) || discover !== 'render' || prefetch !== 'none' || mask !== undefined) {
    return <RouterLink ref={ref} {...props} />
  }
  // The link's text is its children, in `rest` (as React Router's own <a>).
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...rest} href={to} target={target} data-discover="true" />
}

export const Link = forwardRef(ServerLinkWithRef)

/** A path whose encoded form is itself (NavLink compares the encoded path with the location's). */
const UNENCODED_PATH = /^[\w\-/]*$/

function ServerNavLinkWithRef(props: NavLinkProps, ref: ForwardedRef<HTMLAnchorElement>) {
  const location = useLocation()
  const {
    'aria-current': ariaCurrentProp = 'page',
    caseSensitive = false,
    className: classNameProp = '',
    end = false,
    style: styleProp,
    to,
    viewTransition,
    children,
    ...rest
  } = props
  const toPath = typeof to === 'string' ? to.split(/[?#]/)[0]! : ''
  if (!isPlainPath(to) || !UNENCODED_PATH.test(toPath)) return <RouterNavLink ref={ref} {...props} />
  // React Router's NavLink without a data router: never pending nor in a view transition on the server.
  const locationPathname = caseSensitive ? location.pathname : location.pathname.toLowerCase()
  const toPathname = caseSensitive ? toPath : toPath.toLowerCase()
  const endSlashPosition = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/')
  const renderProps = { isActive, isPending: false, isTransitioning: false }
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null].filter(Boolean).join(' ')
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp
  return (
    <Link
      {...rest}
      aria-current={isActive ? ariaCurrentProp : undefined}
      className={className}
      ref={ref}
      style={style}
      to={to}
      viewTransition={viewTransition}
    >
      {typeof children === 'function' ? children(renderProps) : children}
    </Link>
  )
}

export const NavLink = forwardRef(ServerNavLinkWithRef)
