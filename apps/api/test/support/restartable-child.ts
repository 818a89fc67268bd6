import type { ChildProcess } from 'node:child_process'

// A server of the test's own that it may stop and start again on the same port and data (redis-server.ts,
// postgres-server.ts): what an outage of a part looks like to the shop. Part of the harness for real
// processes (api-process.ts).

export type RestartableChild = {
  readonly isRunning: boolean
  /** Spawns the server (unless it runs); resolves once it answers. */
  start(): Promise<void>
  /** Sends `stopSignal` and waits for the exit. */
  stop(): Promise<void>
}

type ChildOptions = {
  name: string
  spawnChild: () => ChildProcess
  isAnswering: () => Promise<boolean>
  startTimeoutMs: number
  stopSignal: NodeJS.Signals
}

export function restartableChild(options: ChildOptions): RestartableChild {
  let child: ChildProcess | undefined
  process.once('exit', () => child?.kill('SIGKILL'))
  return {
    get isRunning() {
      return child !== undefined
    },
    async start() {
      if (child) return
      child = options.spawnChild()
      const deadline = Date.now() + options.startTimeoutMs
      while (!(await options.isAnswering())) {
        if (Date.now() > deadline)
          throw new Error(`${options.name} did not answer within ${options.startTimeoutMs / 1000} s`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async stop() {
      const running = child
      if (!running) return
      child = undefined
      const exited = new Promise((resolve) => running.once('exit', resolve))
      running.kill(options.stopSignal)
      await exited
    },
  }
}

/** A server of the test's own as the test sees it: where it answers, and stop and start again on that port. */
export type TestServer = RestartableChild & {
  readonly url: string
  readonly port: number
}

/** Starts the server of `options` and answers it with its url and port; it answers once this resolves. */
export async function startTestServer(url: string, port: number, options: ChildOptions): Promise<TestServer> {
  const server = restartableChild(options)
  await server.start()
  return {
    url,
    port,
    get isRunning() {
      return server.isRunning
    },
    stop: () => server.stop(),
    start: () => server.start(),
  }
}
