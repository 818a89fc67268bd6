import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { common } from '@shop/shared/messages/bs/common.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { LoadingBlock } from '../../ui/spinner.tsx'
import { ErrorBoundary } from '../error-screen.tsx'
import { SessionEndRedirect } from '../session/session-end-redirect.tsx'
import { Footer } from './footer.tsx'
import { ScrollToTop } from './scroll-to-top.tsx'
import { TopBar } from './top-bar.tsx'
import './layout.css'

const MAIN_ID = 'main'

export function RootLayout() {
  const { pathname } = useLocation()
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {shell.skipToContent}
      </a>
      <TopBar />
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        {/* A page that fails (a render error, a page file that could not load) shows the error screen in the frame. */}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<LoadingBlock label={common.loading} />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {/* The footer's facts are loaded by the server render (site-info.ts), which waits here for them. */}
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ScrollToTop mainId={MAIN_ID} />
      <SessionEndRedirect />
    </>
  )
}
