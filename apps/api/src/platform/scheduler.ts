import type { FastifyBaseLogger } from 'fastify'

// Timed jobs (ARCHITECTURE: Growing past one machine): each job says when it is next due, and
// runs again at exactly that moment, or after the safety interval, whichever comes first. The
// job itself makes running it in several processes safe (the sale job locks its row); this file
// only decides when to run.

/** Runs once; answers the next instant (ms since the epoch) it must run at, or null if none is known. */
export type TimedJob = { name: string; run: () => Promise<number | null> }

export type Scheduler = {
  /** Runs every job now (after a change that may move its next due time). */
  wake(): void
  /** Cancels the timers and waits for running jobs to finish. */
  stop(): Promise<void>
}

export type SchedulerOptions = {
  jobs: TimedJob[]
  /** The clock the due times are read against (the app's `now`, injectable in tests). */
  now: () => number
  log: FastifyBaseLogger
  /** The periodic check that catches what a timer missed (a change made by another process, a sleep). */
  safetyIntervalMs?: number
  /** Whoever holds this key can wake the scheduler (wakeScheduler); the database, in the app. */
  key?: object
}

/** setTimeout's largest delay (about 24.8 days); a longer wait is taken in steps. */
const MAX_TIMER_MS = 2_147_483_647
const schedulersByKey = new WeakMap<object, Set<Scheduler>>()

export function startScheduler({ jobs, now, log, safetyIntervalMs = 60_000, key }: SchedulerOptions): Scheduler {
  let isStopped = false
  const runners = jobs.map((job) => {
    let timer: NodeJS.Timeout | undefined
    let running: Promise<void> | undefined
    let runsAgain = false

    const schedule = (delay: number) => {
      if (isStopped) return
      clearTimeout(timer)
      timer = setTimeout(trigger, Math.min(Math.max(delay, 0), safetyIntervalMs, MAX_TIMER_MS))
      timer.unref()
    }

    const runOnce = async () => {
      try {
        const nextAt = await job.run()
        schedule(nextAt === null ? safetyIntervalMs : nextAt - now())
      } catch (error) {
        log.error({ err: error, job: job.name }, 'scheduler: job failed, retrying at the next check')
        schedule(safetyIntervalMs)
      }
    }

    function trigger(): void {
      if (isStopped) return
      // A wake during a run runs the job once more afterwards, never twice at once.
      if (running) {
        runsAgain = true
        return
      }
      running = runOnce().finally(() => {
        running = undefined
        if (runsAgain && !isStopped) {
          runsAgain = false
          trigger()
        }
      })
    }

    return {
      trigger,
      async stop() {
        clearTimeout(timer)
        await running
      },
    }
  })

  const scheduler: Scheduler = {
    wake() {
      for (const runner of runners) runner.trigger()
    },
    async stop() {
      isStopped = true
      if (key) schedulersByKey.get(key)?.delete(scheduler)
      await Promise.all(runners.map((runner) => runner.stop()))
    },
  }
  if (key) {
    const set = schedulersByKey.get(key) ?? new Set<Scheduler>()
    set.add(scheduler)
    schedulersByKey.set(key, set)
  }
  scheduler.wake()
  return scheduler
}

/**
 * Wakes the schedulers started with this key in this process (a staff change moved a due time).
 * Other processes notice at their next safety check; this one runs at the exact moment.
 */
export function wakeScheduler(key: object): void {
  for (const scheduler of schedulersByKey.get(key) ?? []) scheduler.wake()
}
