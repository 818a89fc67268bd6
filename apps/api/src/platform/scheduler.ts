import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { openRedisLink } from './redis.ts'

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
  /**
   * With REDIS_URL (docs/decisions.md, 'Several processes'): a wake is heard by the schedulers of every API process
   * at once, so each of them runs at a moved due time (the job's row lock lets one of them do the work), and a sale
   * still starts on time when the process that saved it has stopped.
   */
  redis?: { url: string; prefix: string } | undefined
}

type Waker = { wake(): void; publish(): void }

/** setTimeout's largest delay (about 24.8 days); a longer wait is taken in steps. */
const MAX_TIMER_MS = 2_147_483_647
const schedulersByKey = new WeakMap<object, Set<Waker>>()

export function startScheduler({ jobs, now, log, safetyIntervalMs = 60_000, key, redis }: SchedulerOptions): Scheduler {
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

  const channel = redis ? `${redis.prefix}timed-jobs` : ''
  const fallback = 'the other processes run a moved sale at their next check'
  const publisher = redis ? openRedisLink({ url: redis.url, log, use: 'timer wakes', fallback }) : undefined
  const subscriber = redis
    ? openRedisLink({ url: redis.url, log, use: 'timer wakes (listening)', fallback, isSubscriber: true })
    : undefined
  // Each scheduler names itself in its messages, so that it does not run twice for its own wake.
  const instance = randomUUID()
  subscriber?.redis.on('message', (_channel: string, message: string) => {
    if (message !== instance) waker.wake()
  })
  void subscriber?.redis
    .subscribe(channel)
    .catch((error: unknown) => log.warn({ err: error }, 'scheduler: subscribe failed'))

  const waker: Waker = {
    wake() {
      for (const runner of runners) runner.trigger()
    },
    publish() {
      // While Redis is away the wake is not sent (its outage is logged once by the link).
      if (publisher?.isUp()) publisher.redis.publish(channel, instance).catch(() => undefined)
    },
  }
  const scheduler: Scheduler = {
    wake: () => waker.wake(),
    async stop() {
      isStopped = true
      if (key) schedulersByKey.get(key)?.delete(waker)
      await Promise.all([publisher?.close(), subscriber?.close()])
      await Promise.all(runners.map((runner) => runner.stop()))
    },
  }
  if (key) {
    const set = schedulersByKey.get(key) ?? new Set<Waker>()
    set.add(waker)
    schedulersByKey.set(key, set)
  }
  waker.wake()
  return scheduler
}

/**
 * Wakes the schedulers started with this key (a staff change moved a due time): this process's
 * at once, and with REDIS_URL every other process's too; without Redis the others notice at
 * their next safety check.
 */
export function wakeScheduler(key: object): void {
  for (const waker of schedulersByKey.get(key) ?? []) {
    waker.wake()
    waker.publish()
  }
}
