// The operator's commands on the built API: `npm run backup`, `npm run restore`, `npm run create-admin`
// (package.json). `node scripts/api-command.mjs <entry> [arguments]` builds the API first when its build is
// missing or out of date (in production `npm run build` has made it), then runs apps/api/dist/<entry>.js.
import { buildWhatIsStale, runBuiltApi } from './built.mjs'

const [entry, ...args] = process.argv.slice(2)
if (!entry || !['backup-cli', 'create-admin'].includes(entry)) {
  console.error('usage: node scripts/api-command.mjs backup-cli|create-admin [arguments]')
  process.exit(1)
}
buildWhatIsStale({ only: 'apps/api' })
await runBuiltApi(entry, args)
