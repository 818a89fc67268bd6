import { useState } from 'react'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { WORK_HOURS_SECTIONS, workHoursInput } from '@shop/shared/schemas/work-hours.ts'
import { announceWorkHoursSaved } from '../../../../lib/work-hours-events.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Button } from '../../../../ui/button.tsx'
import { Field } from '../../../../ui/field.tsx'
import { useLoad } from '../../../../lib/use-load.ts'
import { fetchWorkHours, saveWorkHours, type WorkHoursDraft, type WorkHoursVersions } from '../../api/work-hours.ts'
import { useRecordVersion } from '../../kit/use-record-version.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { useDraft } from '../../kit/use-draft.ts'
import { useLeaveGuard } from '../../kit/use-leave-guard.tsx'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import './work-hours-page.css'
import { StaffForm } from '../../kit/staff-form.tsx'

const text = admin.workHours
/** The example is the same for every section, so it is shown once and read with each box. */
const HINT_ID = 'work-hours-hint'

/**
 * staff-and-content.md §2 Work hours admin: one free-text entry each for store, restaurant and
 * wholesale, saved together with one POST /api/work-hours.
 */
export function AdminWorkHoursPage() {
  const saved = useLoad(fetchWorkHours, 'work-hours')
  return (
    <StaffFrame title={shell.admin.pages.workHours.title} loads={[{ load: saved, failed: text.loadFailed }]}>
      {saved.data && <WorkHoursForm initial={saved.data.draft} opened={saved.data.versions} />}
    </StaffFrame>
  )
}

/** The form, mounted with the loaded hours; leaving it with unsaved changes asks first. */
function WorkHoursForm({ initial, opened }: { initial: WorkHoursDraft; opened: WorkHoursVersions }) {
  const draft = useDraft(initial)
  const saving = useStaffAction()
  // docs/decisions.md ('Edits that never overwrite each other'): each section has its own version; the kit's piece offers the reload.
  const [versions, setVersions] = useState(opened)
  const version = useRecordVersion({
    draft,
    version: 0,
    reload: async () => {
      const latest = await fetchWorkHours()
      setVersions(latest.versions)
      return { draft: latest.draft, version: 0 }
    },
    onReloaded: saving.clearError,
  })
  const [errors, setErrors] = useState<Record<number, string>>({})
  const leaveGuard = useLeaveGuard(draft.isDirty)

  async function submit(current: WorkHoursDraft) {
    const entries = WORK_HOURS_SECTIONS.map((section) => ({ section, hours: current[section] }))
    const checked = workHoursInput.safeParse(entries)
    if (!checked.success) {
      const found: Record<number, string> = {}
      for (const issue of checked.error.issues) {
        const index = typeof issue.path[0] === 'number' ? issue.path[0] : 0
        found[index] ??= issue.message
      }
      setErrors(found)
      return
    }
    setErrors({})
    const outcome = await saving.run(
      () =>
        version.save((_opened, changed) => {
          const edited = checked.data.filter((entry) => entry.section in changed)
          return saveWorkHours(
            (edited.length > 0 ? edited : checked.data).map((entry) => ({
              ...entry,
              version: versions[entry.section],
            })),
          )
        }),
      {
        done: text.saved,
        // §8: work hours errors are shown from the message.
        message: (error) => (error instanceof Error ? error.message : String(error)),
      },
    )
    if (!outcome.ok) return
    const answered = outcome.value.hours ?? []
    setVersions((current) => ({
      ...current,
      ...Object.fromEntries(answered.map((entry) => [entry.section, entry.version])),
    }))
    announceWorkHoursSaved(
      answered.length > 0 ? answered : checked.data.map((entry) => ({ ...entry, version: versions[entry.section] })),
    )
    draft.reset(current)
  }

  const values = draft.value
  return (
    <StaffForm className="ui-card staff-form work-hours-form" onSubmit={() => void submit(values)}>
      <p className="work-hours-form__intro">{text.intro}</p>
      <p className="work-hours-form__hint" id={HINT_ID}>
        {text.hint}
      </p>
      {saving.error && <Alert tone="danger">{saving.error}</Alert>}
      {version.notice}
      {WORK_HOURS_SECTIONS.map((section, index) => (
        <Field key={section} label={text.sections[section]} error={errors[index] ?? null}>
          {(control) => (
            <textarea
              {...control}
              aria-describedby={[HINT_ID, control['aria-describedby']].filter(Boolean).join(' ')}
              className="ui-input"
              rows={2}
              value={values[section]}
              onChange={(event) => draft.patch({ [section]: event.target.value })}
            />
          )}
        </Field>
      ))}
      <Button type="submit" isLoading={saving.isBusy} className="work-hours-form__save">
        {text.save}
      </Button>
      {leaveGuard}
    </StaffForm>
  )
}
