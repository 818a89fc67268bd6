import { randomBytes } from 'node:crypto'
import os from 'node:os'
import argon2 from 'argon2'

/**
 * docs/decisions.md, 'Security': argon2 takes 64 MiB and most of a core for each hash. Unbounded, a burst of sign-ins
 * queues every hash on libuv's threads at once and nobody is answered in time; bounded, they take
 * turns and everything else (catalogue, checkout) keeps its share of the machine.
 */
export const MAX_CONCURRENT_HASHES = Math.max(2, Math.min(4, os.availableParallelism()))

/** A small counting semaphore: at most `limit` tasks run at once, the rest wait in arrival order. */
export function createSemaphore(limit: number) {
  let running = 0
  let completed = 0
  const waiting: Array<() => void> = []
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
      else running += 1
      try {
        return await task()
      } finally {
        completed += 1
        const next = waiting.shift()
        // The slot passes straight to the next in line, so `running` never exceeds the limit.
        if (next) next()
        else running -= 1
      }
    },
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
    /** Tasks finished since start. */
    get completed() {
      return completed
    },
  }
}

const hashing = createSemaphore(MAX_CONCURRENT_HASHES)

/** How many argon2 computations run and wait right now, and have run so far (tests, diagnostics). */
export function hashingLoad(): { running: number; waiting: number; completed: number } {
  return { running: hashing.running, waiting: hashing.waiting, completed: hashing.completed }
}

/** ARCHITECTURE: Auth — argon2id with the library's defaults (64 MiB, 3 passes). */
export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => argon2.hash(password, { type: argon2.argon2id }))
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashing.run(() => argon2.verify(hash, password))
  } catch {
    // A malformed stored hash is a wrong password, not a server error.
    return false
  }
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
