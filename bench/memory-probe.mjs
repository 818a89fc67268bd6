// Loaded into the API process by bench/memory.ts (NODE_OPTIONS=--import): on SIGUSR2 (on SIGWINCH: after a full
// garbage collection of the main thread, when Node runs with --expose-gc) the process writes one
// line `memory-probe {json}` to stderr with its process.memoryUsage() and that of each worker thread (PGlite's:
// its WebAssembly memory counts as its array buffers) and, when MEMORY_PROBE_SNAPSHOTS names a folder, a heap
// snapshot of the main thread. Plain JavaScript: it loads in the built API, which runs without a TypeScript
// loader. Nothing of the shop's code knows of it.
import path from 'node:path'
import v8 from 'node:v8'
import { BroadcastChannel, isMainThread, threadId } from 'node:worker_threads'

const channel = new BroadcastChannel('memory-probe')
channel.unref()

if (isMainThread) {
  let count = 0
  const measure = () => {
    count += 1
    const workers = []
    const answers = new BroadcastChannel('memory-probe')
    answers.onmessage = (event) => {
      if (event.data.type === 'usage') workers.push(event.data.usage)
    }
    channel.postMessage({ type: 'measure' })
    setTimeout(() => {
      answers.close()
      const folder = process.env.MEMORY_PROBE_SNAPSHOTS
      const snapshot = folder
        ? v8.writeHeapSnapshot(path.join(folder, `heap-${process.pid}-${count}.heapsnapshot`))
        : undefined
      // Each V8 heap space's size (what the heap total is made of: the young generation grows to its maximum under
      // load and stays there), in bytes.
      const spaces = Object.fromEntries(
        v8.getHeapSpaceStatistics().map((space) => [space.space_name, space.space_size]),
      )
      const line = { ...process.memoryUsage(), workers, spaces, snapshot }
      process.stderr.write(`memory-probe ${JSON.stringify(line)}\n`)
    }, 1000)
  }
  process.on('SIGUSR2', measure)
  process.on('SIGWINCH', () => {
    globalThis.gc?.()
    measure()
  })
} else {
  channel.onmessage = (event) => {
    if (event.data.type !== 'measure') return
    const reply = new BroadcastChannel('memory-probe')
    reply.postMessage({ type: 'usage', usage: { threadId, ...process.memoryUsage() } })
    reply.close()
  }
}
