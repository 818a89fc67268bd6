import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { common } from '@shop/shared/messages/bs/common.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { LoadingBlock } from '../../ui/spinner.tsx'
import { Footer } from './footer.tsx'
import { ScrollToTop } from './scroll-to-top.tsx'
import { TopBar } from './top-bar.tsx'
import './layout.css'

const MAIN_ID = 'main'

export function RootLayout() {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {shell.skipToContent}
      </a>
      <TopBar />
      <main id={MAIN_ID} className="site-main" tabIndex={-1}>
        <Suspense fallback={<LoadingBlock label={common.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollToTop mainId={MAIN_ID} />
    </>
  )
}
