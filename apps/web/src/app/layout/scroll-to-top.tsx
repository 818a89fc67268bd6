import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * customer-side.md §2: the page scrolls to the top on every route change. Focus moves to the new
 * page's main content too, so that keyboard and screen reader users start reading there.
 */
export function ScrollToTop({ mainId }: { mainId: string }) {
  const { pathname } = useLocation()
  const isFirstRender = useRef(true)
  useEffect(() => {
    window.scrollTo(0, 0)
    if (isFirstRender.current) {
      isFirstRender.current = false
      return
    }
    document.getElementById(mainId)?.focus({ preventScroll: true })
  }, [pathname, mainId])
  return null
}
