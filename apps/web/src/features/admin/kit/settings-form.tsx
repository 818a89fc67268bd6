import type { InputHTMLAttributes, ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../ui/alert.tsx'
import { Button, buttonClassName } from '../../../ui/button.tsx'
import { Field, Input } from '../../../ui/field.tsx'
import type { Load } from '../../../lib/use-load.ts'
import { StaffForm } from './staff-form.tsx'
import { StaffFrame } from './staff-frame.tsx'
import { useLeaveGuard } from './use-leave-guard.tsx'

/** One input of a settings page: its label and hint, and the input's own attributes (type, inputMode, min). */
export type SettingsField<K extends string> = {
  key: K
  label: string
  hint?: string
  isRequired?: boolean
  /** Spans the whole row (a long value such as a company name). */
  isWide?: boolean
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'min' | 'step'>
}

export type SettingsSection<K extends string> = { title: string; fields: SettingsField<K>[] }

type SettingsPageProps<T> = {
  title: string
  /** The page it belongs to, as a button beside the title. */
  back: { to: string; label: string }
  load: Load<T>
  /** §8's failure text of the load. */
  failed: string
  /** The form, mounted once the settings have loaded. */
  children: (settings: T) => ReactNode
}

/** A settings page: its frame with a way back, the load states, and the form once the settings are here. */
export function SettingsPage<T>({ title, back, load, failed, children }: SettingsPageProps<T>) {
  return (
    <StaffFrame
      title={title}
      actions={
        <Link to={back.to} className={buttonClassName({ variant: 'secondary' })}>
          {back.label}
        </Link>
      }
      loads={[{ load, failed }]}
    >
      {load.data !== undefined && children(load.data)}
    </StaffFrame>
  )
}

/** What SettingsForm needs of useStaffForm's answer. */
type SettingsFormState<K extends string> = {
  value: Record<K, string>
  errors: Partial<Record<string, string>>
  change: (key: K, value: string) => void
  isDirty: boolean
  dialog: { saveError: string | null; isSaving: boolean; onSubmit: () => void; versionNotice?: ReactNode }
}

type SettingsFormProps<K extends string> = {
  intro: string
  sections: SettingsSection<K>[]
  /** The draft, its errors and its save (useStaffForm). */
  form: SettingsFormState<K>
  texts: { unsaved: string; save: string }
  /** Controls after the sections (a text area, say). */
  children?: ReactNode
  /** useRecordVersion's notice ('Učitaj najnovije' after a stale save), shown under the save error. */
  versionNotice?: ReactNode
}

/**
 * A settings page's form (order limits, tax facts): sections of labelled inputs saved whole, every
 * error at once, 'unsaved' beside the save button, and leaving with unsaved changes asks first.
 */
export function SettingsForm<K extends string>({
  intro,
  sections,
  form,
  texts,
  children,
  versionNotice,
}: SettingsFormProps<K>) {
  const leaveGuard = useLeaveGuard(form.isDirty)
  const { saveError, isSaving, onSubmit } = form.dialog
  return (
    <StaffForm className="ui-card staff-form settings-form" onSubmit={onSubmit}>
      <p className="settings-form__intro">{intro}</p>
      {saveError && <Alert tone="danger">{saveError}</Alert>}
      {versionNotice ?? form.dialog.versionNotice}
      {sections.map((section) => (
        <fieldset key={section.title} className="settings-form__section">
          <legend>{section.title}</legend>
          <div className="settings-form__fields">
            {section.fields.map(({ key, label, hint, isRequired, isWide, input }) => (
              <Field
                key={key}
                label={label}
                hint={hint}
                error={form.errors[key] ?? null}
                isRequired={isRequired}
                className={isWide ? 'settings-form__wide' : undefined}
              >
                {(control) => (
                  <Input
                    {...control}
                    {...input}
                    name={key}
                    aria-required={isRequired || undefined}
                    value={form.value[key]}
                    onChange={(event) => form.change(key, event.target.value)}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
      ))}
      {children}
      <div className="settings-form__footer">
        {form.isDirty && <p className="settings-form__unsaved">{texts.unsaved}</p>}
        <Button type="submit" isLoading={isSaving}>
          {texts.save}
        </Button>
      </div>
      {leaveGuard}
    </StaffForm>
  )
}
