import { useState } from 'react'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { WORK_HOURS_SECTIONS, workHoursInput } from '@shop/shared/schemas/work-hours.ts'
import { announceWorkHoursSaved } from '../../../../lib/work-hours-events.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Button } from '../../../../ui/button.tsx'
import { Field } from '../../../../ui/field.tsx'
import { LoadingBlock } from '../../../../ui/spinner.tsx'
import { useToast } from '../../../../ui/toast.tsx'
import { fetchWorkHours, saveWorkHours, type WorkHoursDraft } from '../../api/work-hours.ts'
import { StaffLayout } from '../../components/staff-layout.tsx'
import { useLoad } from '../../../../lib/use-load.ts'
import './work-hours-page.css'

const text = admin.workHours
/** The example is the same for every section, so it is shown once and read with each box. */
const HINT_ID = 'work-hours-hint'

/**
 * staff-and-content.md §2 Work hours admin: one free-text entry each for store, restaurant and
 * wholesale, saved together with one POST /api/work-hours.
 */
export function AdminWorkHoursPage() {
  const toast = useToast()
  const saved = useLoad(fetchWorkHours, 'work-hours')
  const [draft, setDraft] = useState<WorkHoursDraft | null>(null)
  const [errors, setErrors] = useState<Record<number, string>>({})
  const [saveError, setSaveError] = useState<string | null>(null)
  const [isSaving, setIsSaving] = useState(false)
  const values = draft ?? saved.data

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
    setSaveError(null)
    setIsSaving(true)
    try {
      const answer = await saveWorkHours(checked.data)
      announceWorkHoursSaved(answer.hours ?? checked.data)
      toast.show(text.saved, 'success')
    } catch (error) {
      // §8: work hours errors are shown from the message.
      setSaveError(error instanceof Error ? error.message : String(error))
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <StaffLayout title={shell.admin.pages.workHours.title}>
      {saved.status === 'error' && (
        <Alert tone="danger">
          {text.loadFailed}{' '}
          <Button size="sm" variant="secondary" onClick={saved.reload}>
            {admin.staff.tryAgain}
          </Button>
        </Alert>
      )}
      {!values && saved.status === 'loading' && <LoadingBlock label={admin.staff.loading} />}
      {values && (
        <form
          className="ui-card staff-form work-hours-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void submit(values)
          }}
        >
          <p className="work-hours-form__intro">{text.intro}</p>
          <p className="work-hours-form__hint" id={HINT_ID}>
            {text.hint}
          </p>
          {saveError && <Alert tone="danger">{saveError}</Alert>}
          {WORK_HOURS_SECTIONS.map((section, index) => (
            <Field key={section} label={text.sections[section]} error={errors[index] ?? null}>
              {(control) => (
                <textarea
                  {...control}
                  aria-describedby={[HINT_ID, control['aria-describedby']].filter(Boolean).join(' ')}
                  className="ui-input"
                  rows={2}
                  value={values[section]}
                  onChange={(event) => setDraft({ ...values, [section]: event.target.value })}
                />
              )}
            </Field>
          ))}
          <Button type="submit" isLoading={isSaving} className="work-hours-form__save">
            {text.save}
          </Button>
        </form>
      )}
    </StaffLayout>
  )
}
