import { describe, expect, it } from 'vitest'
import { describeStartFailure } from './start-failure.ts'

const errno = (code: string, message: string, file?: string) =>
  Object.assign(new Error(message), { code, ...(file ? { path: file } : {}) })

describe('describeStartFailure', () => {
  it('names the full disk of DATA_DIR and what to do, for Node and for the embedded database', () => {
    for (const error of [
      errno('ENOSPC', "ENOSPC: no space left on device, write '/srv/shop/db/x'"),
      new Error('could not extend file "base/5/16384": No space left on device'),
    ]) {
      const message = describeStartFailure(error, '/srv/shop')
      expect(message).toMatch(/^The shop cannot start: no space is left on the disk of DATA_DIR \(\/srv\/shop\)\./)
      expect(message).toContain('Free some space')
      expect(message).not.toContain('    at ')
    }
  })

  it('names the file it may not write', () => {
    const message = describeStartFailure(errno('EACCES', 'EACCES: permission denied', '/srv/shop/auth'), '/srv/shop')
    expect(message).toMatch(/^The shop cannot start: it may not write \/srv\/shop\/auth in DATA_DIR \(\/srv\/shop\)\./)
  })

  it('names DATABASE_URL without its password when the database cannot be reached or refuses the login', () => {
    const url = 'postgres://shop:tajna-lozinka@db.internal:5432/shop'
    for (const error of [
      errno('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.5:5432'),
      errno('ENOTFOUND', 'getaddrinfo ENOTFOUND db.internal'),
      errno('28P01', 'password authentication failed for user "shop"'),
      errno('3D000', 'database "shop" does not exist'),
    ]) {
      const message = describeStartFailure(error, '/srv/shop', url)
      expect(message).toMatch(
        /^The shop cannot start: it cannot use the database at DATABASE_URL \(postgres:\/\/shop:\*\*\*@db\.internal:5432\/shop\)\./,
      )
      expect(message).not.toContain('tajna-lozinka')
      expect(message).toContain(error.message)
    }
  })

  it('says a read-only DATA_DIR is read-only', () => {
    const message = describeStartFailure(
      errno('EROFS', "EROFS: read-only file system, mkdir '/srv/shop/db'"),
      '/srv/shop',
    )
    expect(message).toMatch(/^The shop cannot start: DATA_DIR \(\/srv\/shop\) is on a read-only file system\./)
  })

  it('passes a configuration error on as it is, and anything else with its stack', () => {
    expect(describeStartFailure(new Error('Invalid configuration:\n  PORT: too big'), undefined)).toBe(
      'The shop cannot start. Invalid configuration:\n  PORT: too big',
    )
    expect(describeStartFailure(new Error("S3 storage: S3_BUCKET 'x' does not exist"), undefined)).toBe(
      "The shop cannot start. S3 storage: S3_BUCKET 'x' does not exist",
    )
    expect(describeStartFailure(new Error('boom'), '/srv/shop')).toMatch(/^The shop cannot start: Error: boom\n\s+at /)
  })
})
