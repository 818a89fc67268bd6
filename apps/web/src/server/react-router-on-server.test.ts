import { createElement, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import * as ReactRouter from 'react-router'
import { describe, expect, it } from 'vitest'
import * as OnServer from './react-router-on-server.tsx'

// The server build's Link and NavLink (react-router-on-server.tsx) must write React Router's own HTML, which the
// browser's hydration renders: the same href, data-discover, class and aria-current, for every kind of link.

function render(location: string, component: ComponentType<never>, props: Record<string, unknown>): string {
  return renderToString(
    createElement(ReactRouter.StaticRouter, { location }, createElement(component, props as never, 'Tekst')),
  )
}

const LINKS: Record<string, unknown>[] = [
  { to: '/' },
  { to: '/store' },
  { to: '/store/' },
  { to: '/product/5f0c2a52-8f3e-4a55-9d1e-0a6f1c6b1f01', className: 'product-card__link', onClick: () => undefined },
  { to: '/store?category=c1&page=2' },
  { to: '/store?' },
  { to: '/about#kontakt' },
  { to: '/a//b' },
  { to: '/a/./b/../c' },
  { to: 'relative/path' },
  { to: { pathname: '/store', search: '?brand=b' } },
  { to: '/restoran', target: '_blank', rel: 'noopener', 'aria-label': 'Restoran', replace: true, state: { from: 1 } },
  { to: 'https://www.olx.ba/' },
  { to: '/store', reloadDocument: true, preventScrollReset: true },
  { to: '/store', discover: 'none' },
]

describe("the server's links write React Router's HTML", () => {
  it.each(LINKS)('Link %j', (props) => {
    expect(render('/store', OnServer.Link as ComponentType<never>, props)).toBe(
      render('/store', ReactRouter.Link as ComponentType<never>, props),
    )
  })

  const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'nav is-active' : 'nav')
  const NAV_LINKS: [string, Record<string, unknown>][] = [
    ['/store', { to: '/store', className: navClass }],
    ['/store/extra', { to: '/store', className: navClass }],
    ['/storefront', { to: '/store' }],
    ['/', { to: '/', end: true, className: navClass }],
    ['/about', { to: '/', end: true, className: navClass }],
    ['/about', { to: '/', className: 'plain' }],
    ['/About', { to: '/about' }],
    ['/About', { to: '/about', caseSensitive: true }],
    ['/veleprodaja/brza-narudzba', { to: '/veleprodaja', end: true }],
    ['/veleprodaja/brza-narudzba', { to: '/veleprodaja/', 'aria-current': 'location' }],
    [
      '/store',
      { to: '/store', style: ({ isActive }: { isActive: boolean }) => ({ fontWeight: isActive ? 700 : 400 }) },
    ],
    ['/store', { to: '/store?x=1' }],
    ['/čaj', { to: '/čaj' }],
  ]
  it.each(NAV_LINKS)('NavLink at %s: %j', (location, props) => {
    expect(render(location, OnServer.NavLink as ComponentType<never>, props)).toBe(
      render(location, ReactRouter.NavLink as ComponentType<never>, props),
    )
  })
})
