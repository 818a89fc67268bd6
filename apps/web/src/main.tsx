// The design tokens come first, so that every component's stylesheet can build on them.
import './ui/styles.css'
// Before the app: zod without its code-generation probe (CSP), set before any schema is built.
import './lib/zod-config.ts'
import { StrictMode } from 'react'
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

// Issue 11: a storefront page arrives rendered, with its data; the page's file is loaded first, so
// that the whole page hydrates in one pass. Other pages (cart, account, staff) render here.
if (container.firstElementChild && isServerRendered()) {
  void preloadServerRenderedPage(window.location.pathname)
    .catch(() => undefined)
    .then(() => hydrateRoot(container, app))
} else {
  createRoot(container).render(app)
}
