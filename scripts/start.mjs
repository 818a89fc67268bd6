// `npm start`: builds the web app and the API when missing or older than their sources, then runs the
// built API, which serves the built app and the API on PORT (default 3000).
import { buildWhatIsStale, runBuiltApi } from './built.mjs'

// Readable lines on a terminal; JSON lines when the output goes to a file or a log collector (docs/production.md).
if (process.stdout.isTTY && !process.env.LOG_FORMAT) process.env.LOG_FORMAT = 'pretty'
buildWhatIsStale()
await runBuiltApi('main', [])
