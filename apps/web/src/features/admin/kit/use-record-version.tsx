import { useState } from 'react'
import { recordVersions } from '@shop/shared/messages/bs/record-versions.ts'
import { changedFields } from '@shop/shared/rules/record-version.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import type { Draft } from './use-draft.ts'

type RecordVersionOptions<D> = {
  draft: Draft<D>
  /** The version the form was opened with (the record's GET answers it). */
  version: number
  /** Reads the record as saved now: the form's draft of it and its version. */
  reload: () => Promise<{ draft: D; version: number }>
  /** Called once the latest version is in (the page clears its save error). */
  onReloaded?: () => void
}

/** A save's answer that says the record changed since the form opened (409 STALE_VERSION). */
export function isStaleVersion(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'STALE_VERSION'
}

/**
 * docs/decisions.md ('Edits that never overwrite each other'), 'Edits that never overwrite each other': the staff form's side. `save`
 * hands the call the version the form was opened with and only the fields the editor changed; when the
 * server answers STALE_VERSION (its message, naming who changed the record and when, stays the form's
 * save error), `notice` offers 'Učitaj najnovije', which loads the record as saved now and keeps the
 * editor's changes in their fields, so they can check them and save again.
 */
export function useRecordVersion<D extends Record<string, unknown>>({
  draft,
  version: opened,
  reload,
  onReloaded,
}: RecordVersionOptions<D>) {
  const [version, setVersion] = useState(opened)
  // A page that mounts before its record has loaded (or takes a newer one) passes the new version in.
  const [seenOpened, setSeenOpened] = useState(opened)
  if (seenOpened !== opened) {
    setSeenOpened(opened)
    setVersion(opened)
  }
  const [isStale, setIsStale] = useState(false)
  const [keptCount, setKeptCount] = useState<number | null>(null)
  const [isReloading, setIsReloading] = useState(false)
  const [reloadFailed, setReloadFailed] = useState(false)

  async function save<R>(send: (version: number, changed: Partial<D>) => Promise<R>): Promise<R> {
    try {
      const saved = await send(version, changedFields(draft.saved, draft.value))
      setIsStale(false)
      setKeptCount(null)
      return saved
    } catch (error) {
      if (isStaleVersion(error)) setIsStale(true)
      throw error
    }
  }

  async function loadLatest() {
    setIsReloading(true)
    setReloadFailed(false)
    try {
      const latest = await reload()
      const kept = changedFields(draft.saved, draft.value)
      draft.rebase(latest.draft, kept)
      setVersion(latest.version)
      setIsStale(false)
      setKeptCount(Object.keys(kept).length)
      onReloaded?.()
    } catch {
      setReloadFailed(true)
    } finally {
      setIsReloading(false)
    }
  }

  const notice = isStale ? (
    <div className="staff-stale">
      {reloadFailed && <Alert tone="danger">{recordVersions.reloadFailed}</Alert>}
      <Button variant="secondary" size="sm" isLoading={isReloading} onClick={() => void loadLatest()}>
        {recordVersions.reload}
      </Button>
    </div>
  ) : keptCount !== null ? (
    <Alert tone="info">{recordVersions.reloaded}</Alert>
  ) : null

  return {
    /** The version the next save sends. */
    version,
    /** After a save whose answer carries the record's new version (a settings page that stays open). */
    setVersion,
    save,
    /** Put it right under the form's save error. */
    notice,
    isStale,
  }
}
