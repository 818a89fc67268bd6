import { randomBytes } from 'node:crypto'
import os from 'node:os'
import argon2 from 'argon2'
import { messages } from '@shop/shared/messages/bs.ts'
import { AppError } from '../../platform/errors.ts'

/**
 * docs/decisions.md, 'Security': argon2 takes 64 MiB and most of a core for each hash. Unbounded, a burst of sign-ins
 * queues every hash on libuv's threads at once and nobody is answered in time; bounded, they take
 * turns and everything else (catalogue, checkout) keeps its share of the machine.
 */
export const MAX_CONCURRENT_HASHES = Math.max(2, Math.min(4, os.availableParallelism()))

/**
 * Who waits for a hash: 'trusted' is a sign-in from an address this account has signed in from
 * before (its owner, most likely), served before everything else, so that a flood of failures from
 * other addresses cannot starve the customer; 'normal' is everyone else, in arrival order.
 */
export type HashLane = 'trusted' | 'normal'

/** A hash that could not start in time: answered 503 with Retry-After at once rather than left hanging. */
export class HashingBusyError extends AppError {
  constructor() {
    super(503, 'SERVICE_UNAVAILABLE', messages.auth.passwordCheckBusy)
    this.name = 'HashingBusyError'
  }
}

/** How long a hash may wait for its turn, and how many may wait at all (docs/decisions.md, 'Security'). */
export const HASH_WAIT_MS = 5_000
export const MAX_WAITING_HASHES = 200

/**
 * One bounded queue for all password hashing of a process: at most `concurrency` hashes run at
 * once, the trusted lane goes first and has a slot of its own, and work that cannot start within `maxWaitMs` (or finds
 * `maxWaiting` already waiting) is refused with HashingBusyError instead of waiting without end.
 */
export function createHashQueue({
  concurrency,
  maxWaitMs = HASH_WAIT_MS,
  maxWaiting = MAX_WAITING_HASHES,
}: {
  concurrency: number
  maxWaitMs?: number
  maxWaiting?: number
}) {
  let running = 0
  let completed = 0
  let refused = 0
  const lanes: Record<HashLane, Array<() => void>> = { trusted: [], normal: [] }
  const waitingCount = () => lanes.trusted.length + lanes.normal.length
  // With two slots or more, one is kept for the trusted lane: its sign-in starts at once, however
  // many others wait.
  const slotsOf = (lane: HashLane) => (lane === 'trusted' ? concurrency : Math.max(1, concurrency - 1))

  /** Starts waiting work while slots are free, the trusted lane first. */
  function startWaiting(): void {
    for (;;) {
      const lane = lanes.trusted.length > 0 && running < slotsOf('trusted') ? 'trusted' : 'normal'
      if (lanes[lane].length === 0 || running >= slotsOf(lane)) return
      running += 1
      lanes[lane].shift()!()
    }
  }

  async function takeTurn(lane: HashLane): Promise<void> {
    if (lanes[lane].length === 0 && running < slotsOf(lane)) {
      running += 1
      return
    }
    if (waitingCount() >= maxWaiting) {
      refused += 1
      throw new HashingBusyError()
    }
    await new Promise<void>((resolve, reject) => {
      const start = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        const queue = lanes[lane]
        queue.splice(queue.indexOf(start), 1)
        refused += 1
        reject(new HashingBusyError())
      }, maxWaitMs)
      lanes[lane].push(start)
    })
  }

  return {
    async run<T>(task: () => Promise<T>, lane: HashLane = 'normal'): Promise<T> {
      await takeTurn(lane)
      try {
        return await task()
      } finally {
        completed += 1
        running -= 1
        startWaiting()
      }
    },
    get running() {
      return running
    },
    get waiting() {
      return waitingCount()
    },
    /** Hashes finished since start. */
    get completed() {
      return completed
    },
    /** Hashes refused because they could not start in time. */
    get refused() {
      return refused
    },
  }
}

const hashing = createHashQueue({ concurrency: MAX_CONCURRENT_HASHES })

/** How many argon2 computations run and wait right now, and have run so far (tests, diagnostics). */
export function hashingLoad(): { running: number; waiting: number; completed: number; refused: number } {
  return { running: hashing.running, waiting: hashing.waiting, completed: hashing.completed, refused: hashing.refused }
}

/** ARCHITECTURE: Auth — argon2id with the library's defaults (64 MiB, 3 passes). */
export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => argon2.hash(password, { type: argon2.argon2id }))
}

export async function verifyPassword(hash: string, password: string, lane: HashLane = 'normal'): Promise<boolean> {
  return hashing.run(async () => {
    try {
      return await argon2.verify(hash, password)
    } catch {
      // A malformed stored hash is a wrong password, not a server error.
      return false
    }
  }, lane)
}

let dummyHash: Promise<string> | undefined

/**
 * DECISIONS: sign-in never tells whether an e-mail exists. An unknown e-mail is checked
 * against this hash of a random password, so both answers take the time of one argon2 verify.
 */
export function passwordHashForUnknownUser(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  return dummyHash
}
