// `npm start`: builds the web app when it is missing or older than its sources, then runs
// the API, which serves the built app and the API on PORT (default 3000).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const web = path.join(root, 'apps', 'web')
const builtIndex = path.join(web, 'dist', 'index.html')

function newestChange(directory) {
  let newest = 0
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

const sources = [path.join(web, 'src'), path.join(web, 'public'), path.join(root, 'packages', 'shared', 'src')].filter(
  fs.existsSync,
)
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0
if (builtAt < Math.max(...sources.map(newestChange), fs.statSync(path.join(web, 'index.html')).mtimeMs)) {
  console.log('Building the web app...')
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const api = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'api', 'src', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal))
api.on('exit', (code) => process.exit(code ?? 0))
