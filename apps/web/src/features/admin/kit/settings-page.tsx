import { useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../ui/alert.tsx'
import { Button, buttonClassName } from '../../../ui/button.tsx'
import { Field, Input } from '../../../ui/field.tsx'
import { useLoad } from '../../../lib/use-load.ts'
import { StaffForm } from './staff-form.tsx'
import { StaffFrame } from './staff-frame.tsx'
import { useLeaveGuard } from './use-leave-guard.tsx'
import { useStaffForm, type Schema } from './use-staff-form.ts'

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

/** A settings page's own texts: its heading and intro, §8's failure texts, the toast and the footer. */
export type SettingsTexts = {
  title: string
  intro: string
  loadFailed: string
  saveFailed: string
  saved: string
  unsaved: string
  save: string
}

/**
 * A settings document as the page reads and stores it. One with a `version` is saved with the version
 * its form was opened with (docs/decisions.md, 'Edits that never overwrite each other'); the others
 * ignore it.
 */
export type SettingsDocument<S, V> = {
  /** The load's key. */
  name: string
  fetch: (signal?: AbortSignal) => Promise<S>
  save: (values: V, version: number) => Promise<S>
}

/** The form's draft of the settings: `toDraft` turns them into text fields, `schema` (the server's) checks them. */
export type SettingsDraft<S, K extends string, V> = {
  toDraft: (settings: S) => Record<K, string>
  schema: Schema<V>
}

/** The version a settings document answers (absent where it has none). */
function versionOf(settings: object): number | undefined {
  return 'version' in settings && typeof settings.version === 'number' ? settings.version : undefined
}

/** What the controls after the sections get of the form. */
export type SettingsFormState<K extends string> = {
  value: Record<K, string>
  errors: Partial<Record<string, string>>
  change: (key: K, value: string) => void
}

type SettingsPageProps<S extends object, K extends string, V> = {
  texts: SettingsTexts
  /** The page it belongs to, as a button beside the title. */
  back: { to: string; label: string }
  document: SettingsDocument<S, V>
  draft: SettingsDraft<S, K, V>
  /** The sections of inputs, from the settings as last loaded or saved (a hint may depend on them). */
  sections: (settings: S) => SettingsSection<NoInfer<K>>[]
  /** Controls after the sections (a text area, say). */
  children?: (form: SettingsFormState<K>) => ReactNode
}

/**
 * A staff settings page (order limits, tax facts, courier settings): its frame with a way back, the
 * load states, and once the settings are here one form of labelled inputs saved whole, every error at
 * once, 'unsaved' beside the save button, and leaving with unsaved changes asks first.
 */
export function SettingsPage<S extends object, K extends string, V>({
  texts,
  back,
  document,
  draft,
  sections,
  children,
}: SettingsPageProps<S, K, V>) {
  const load = useLoad(document.fetch, document.name)
  return (
    <StaffFrame
      title={texts.title}
      actions={
        <Link to={back.to} className={buttonClassName({ variant: 'secondary' })}>
          {back.label}
        </Link>
      }
      loads={[{ load, failed: texts.loadFailed }]}
    >
      {load.data !== undefined && (
        <SettingsForm initial={load.data} texts={texts} document={document} draft={draft} sections={sections}>
          {children}
        </SettingsForm>
      )}
    </StaffFrame>
  )
}

/** The form, mounted with the loaded settings. */
function SettingsForm<S extends object, K extends string, V>({
  initial,
  texts,
  document,
  draft,
  sections,
  children,
}: Omit<SettingsPageProps<S, K, V>, 'back'> & { initial: S }) {
  const [latest, setLatest] = useState(initial)
  const { fetch, save } = document
  const { toDraft, schema } = draft
  const openedVersion = versionOf(initial)
  const form = useStaffForm({
    initial: toDraft(initial),
    schema,
    save: (values, edit) => save(values, edit.version),
    versioned:
      openedVersion === undefined
        ? undefined
        : {
            version: openedVersion,
            reload: async () => {
              const reloaded = await fetch()
              return { draft: toDraft(reloaded), version: versionOf(reloaded) ?? 0 }
            },
          },
    texts: { failed: texts.saveFailed, done: texts.saved },
    onSaved: (saved) => {
      form.reset(toDraft(saved))
      const savedVersion = versionOf(saved)
      if (savedVersion !== undefined) form.setVersion(savedVersion)
      setLatest(saved)
    },
  })
  const leaveGuard = useLeaveGuard(form.isDirty)
  const { saveError, isSaving, onSubmit, versionNotice } = form.dialog
  return (
    <StaffForm className="ui-card staff-form settings-form" onSubmit={onSubmit}>
      <p className="settings-form__intro">{texts.intro}</p>
      {saveError && <Alert tone="danger">{saveError}</Alert>}
      {versionNotice}
      {sections(latest).map((section) => (
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
      {children?.(form)}
      <div className="settings-form__footer">
        {form.isDirty && <p className="ui-note">{texts.unsaved}</p>}
        <Button type="submit" isLoading={isSaving}>
          {texts.save}
        </Button>
      </div>
      {leaveGuard}
    </StaffForm>
  )
}
