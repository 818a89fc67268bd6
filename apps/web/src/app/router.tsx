import { createContext, use } from 'react'
import { matchPath, useRoutes, type RouteObject } from 'react-router'
import { STAFF_ROLES } from '@shop/shared/rules/roles.ts'
import { RequireRole, RequireUser } from './guards.tsx'
import { RootLayout } from './layout/root-layout.tsx'
import { ROUTES, type PageRoute, type RouteGuard } from './routes.tsx'

// The browser's router, made from the route table (routes.tsx). Declarative routes (no data router):
// the shop loads its data in the pages, and the data router's code would cost about 10 KB of gzip on
// every first load. A page that fails shows the error screen inside the frame (RootLayout).

function toRouteObject({ path, element, caseSensitive }: PageRoute): RouteObject {
  return path === '/' ? { index: true, element } : { path: path.replace(/^\//, ''), element, caseSensitive }
}

function guarded(guard: RouteGuard | undefined): RouteObject[] {
  return ROUTES.filter((route) => route.guard === guard).map(toRouteObject)
}

const ROUTE_OBJECTS: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...guarded(undefined),
      { element: <RequireUser />, children: guarded('user') },
      {
        element: <RequireRole allowed={STAFF_ROLES} />,
        children: [...guarded('staff'), { element: <RequireRole allowed={['admin']} />, children: guarded('admin') }],
      },
    ],
  },
]

/**
 * The server render's route: the page the address matched (matchRoute), already chosen, so that React Router matches
 * the address against the frame and that one route instead of the whole table (docs/decisions.md, 'A render that
 * costs little'). The elements it renders are the same as the whole table's: the frame's route, then the page's.
 */
export const ServerRouteContext = createContext<PageRoute | undefined>(undefined)

const oneRouteTables = new WeakMap<PageRoute, RouteObject[]>()

/** The frame and one unguarded route (every server-rendered page is a guest's); a guarded one keeps the whole table. */
function routeObjectsFor(route: PageRoute | undefined): RouteObject[] {
  if (!route || route.guard !== undefined) return ROUTE_OBJECTS
  let table = oneRouteTables.get(route)
  if (!table) {
    table = [{ element: <RootLayout />, children: [toRouteObject(route)] }]
    oneRouteTables.set(route, table)
  }
  return table
}

export function AppRoutes() {
  return useRoutes(routeObjectsFor(use(ServerRouteContext)))
}

/** The route table's entry for a path: the page it shows, whether the server renders it, its head. */
export function matchRoute(pathname: string): { route: PageRoute; params: Record<string, string | undefined> } {
  for (const route of ROUTES) {
    if (route.path === '*') continue
    const match = matchPath({ path: route.path, caseSensitive: route.caseSensitive ?? false }, pathname)
    if (match) return { route, params: match.params }
  }
  const notFound = ROUTES.find((route) => route.path === '*')
  if (!notFound) throw new Error("the route table has no '*' route")
  return { route: notFound, params: {} }
}

/** A storefront page the server renders, or undefined: rendered in the browser only. */
export function serverRenderedRoute(pathname: string): PageRoute | undefined {
  const { route } = matchRoute(pathname)
  return route.isServerRendered ? route : undefined
}

/** Loads the page file of a server-rendered address before the render or the hydration. */
export async function preloadServerRenderedPage(pathname: string): Promise<void> {
  await serverRenderedRoute(pathname)?.page.preload()
}
