// Started by boot.ts (the entry), after the first paint of a server-rendered page.
// Before the app: zod without its code-generation probe (CSP), set before any schema is built.
import './lib/zod-config.ts'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/app.tsx'
import { preloadServerRenderedPage } from './app/router.tsx'
import { isServerRendered } from './lib/server-data.ts'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const app = (
  <StrictMode>
    <App />
  </StrictMode>
)

// A storefront page arrives rendered, with its data; the page's file is loaded first, so
// that the whole page hydrates in one pass. The hydration runs as a transition, which React splits
// into short tasks that yield to the browser (a click or a key during it is not held up behind the
// whole page's hydration; measured as total blocking time in bench/lighthouse.ts). Other pages (cart,
// account, staff) render here.
if (container.firstElementChild && isServerRendered()) {
  void preloadServerRenderedPage(window.location.pathname)
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(container, app)))
} else {
  createRoot(container).render(app)
}
