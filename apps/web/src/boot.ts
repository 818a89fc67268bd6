// The page's entry (index.html): small, and without React. A page the server rendered is
// painted from its HTML and styles first; the app (main.tsx, React and the page's code) is asked for
// once that first frame is on the screen, so that on a phone's slow link the styles and the largest
// image have the link to themselves and the hydration's work does not hold up the first paint
// (measured with bench/lighthouse.ts; docs/decisions.md). A page rendered in the browser (cart,
// account, staff) shows nothing without the app, so it starts at once; index.html preloads the app's
// files for it (vite.config.ts), which the server leaves out of the rendered pages.
//
// The design tokens come first, so that every component's stylesheet can build on them.
import './ui/styles.css'
import { SERVER_DATA_ID } from './lib/server-data-id.ts'

const startApp = () => import('./main.tsx')

if (document.getElementById(SERVER_DATA_ID)) {
  // A callback of the next animation frame runs before that frame is painted; a timer set there runs after it.
  requestAnimationFrame(() => setTimeout(() => void startApp(), 0))
} else {
  void startApp()
}
