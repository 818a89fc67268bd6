import { useEffect, type ReactNode } from 'react'
import { BrowserRouter, useLocation } from 'react-router'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { forgetServerData } from '../lib/server-data.ts'
import { ToastProvider } from '../ui/toast.tsx'
import { ErrorBoundary } from './error-screen.tsx'
import { AppRoutes } from './router.tsx'
import { SessionProvider } from './session/session-provider.tsx'

/** Everything around the routes; the browser adds its router, the server render (entry-server.tsx) a static one. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <SessionProvider>
        <ToastProvider closeLabel={shell.toastClose}>{children}</ToastProvider>
      </SessionProvider>
    </ErrorBoundary>
  )
}

/** The data embedded by the server render belongs to the first address only (docs/decisions.md, server rendering). */
function ServerDataLifetime() {
  const { key } = useLocation()
  useEffect(() => {
    if (key !== 'default') forgetServerData()
  }, [key])
  return null
}

/**
 * Marks the document once the app has mounted (or hydrated a server-rendered page): from then on its
 * buttons and links answer. Browser tests wait for it; a monitoring probe can too.
 */
function AppReadyMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-app-ready', '')
  }, [])
  return null
}

/**
 * What is inside the router, the same in the browser and in the server render (entry-server.tsx):
 * useId's ids follow the tree's shape, so a sibling present on one side only would give every id
 * after it another value in the hydration (aria-describedby, label htmlFor).
 */
export function AppContent() {
  return (
    <>
      <AppReadyMark />
      <ServerDataLifetime />
      <AppRoutes />
    </>
  )
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </AppProviders>
  )
}
