import { useState } from 'react'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { shell } from '@shop/shared/messages/bs/shell.ts'
import { shippingSettingsInput } from '@shop/shared/schemas/shipping-settings.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Button } from '../../../../ui/button.tsx'
import { EmptyState } from '../../../../ui/empty-state.tsx'
import { SelectField, TextField } from '../../../../ui/field.tsx'
import { TruckIcon } from '../../../../ui/icons.tsx'
import { useToast } from '../../../../ui/toast.tsx'
import { useLoad } from '../../../../lib/use-load.ts'
import { useBusy } from '../../../../lib/use-busy.ts'
import { useRecordVersion } from '../../kit/use-record-version.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { fetchShippingSettings, saveShippingSettings, shippingFailureMessage } from '../api/shipping-settings.ts'
import { ShippingOptionCard } from '../components/shipping-option-card.tsx'
import { ShippingOptionDialog } from '../components/shipping-option-dialog.tsx'
import { ParcelPriceBandsEditor } from '../components/parcel-price-bands-editor.tsx'
import {
  newOptionId,
  removeOption,
  toSettingsInput,
  upsertOption,
  type OptionDraft,
  type SettingsDraft,
} from '../shipping-draft.ts'
import './shipping-page.css'
import { StaffForm } from '../../kit/staff-form.tsx'
import { wholeNumberInput } from '../../kit/whole-number-input.ts'

const text = admin.shipping

/** Which option the modal edits: a new one, or the option with this id. */
type Editing = { kind: 'new' } | { kind: 'edit'; option: OptionDraft }

const EMPTY_SETTINGS: SettingsDraft = {
  id: 'shipping',
  freeShippingThreshold: '',
  defaultOptionId: null,
  options: [],
  parcelPriceBands: [],
  version: 0,
}

/**
 * staff-and-content.md §2 Shipping settings: the free-shipping threshold and the options with an
 * add/edit modal. Adding, editing and deleting change the page only; 'Spremi promjene' sends the
 * whole object with one PATCH /api/settings/shipping.
 */
export function AdminShippingPage() {
  const toast = useToast()
  const saved = useLoad(fetchShippingSettings, 'shipping-settings')
  const [draft, setDraft] = useState<SettingsDraft | null>(null)
  const [isDirty, setIsDirty] = useState(false)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [thresholdError, setThresholdError] = useState<string | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [bandsError, setBandsError] = useState<string | null>(null)
  const [isSaving, whileSaving] = useBusy()
  const values = draft ?? saved.data
  // docs/decisions.md ('Edits that never overwrite each other'): the kit's piece, over this page's own draft state (null until changed).
  const [base, setBase] = useState<SettingsDraft | null>(null)
  const opened = base ?? saved.data
  const version = useRecordVersion<SettingsDraft>({
    draft: {
      value: values ?? EMPTY_SETTINGS,
      saved: opened ?? EMPTY_SETTINGS,
      isDirty,
      set: () => undefined,
      patch: () => undefined,
      reset: () => undefined,
      rebase: (latest, kept) => {
        setBase(latest)
        setDraft({ ...latest, ...kept, version: latest.version })
      },
    },
    version: opened?.version ?? 0,
    reload: async () => {
      const latest = await fetchShippingSettings()
      return { draft: latest, version: latest.version }
    },
    onReloaded: () => setSaveError(null),
  })

  function change(next: SettingsDraft) {
    setDraft(next)
    setIsDirty(true)
  }

  function saveOption(current: SettingsDraft, option: OptionDraft) {
    const isNew = editing?.kind === 'new'
    change(upsertOption(current, option))
    setEditing(null)
    toast.show(isNew ? text.optionAdded : text.optionUpdated, 'success')
  }

  async function submit(current: SettingsDraft) {
    const checked = shippingSettingsInput.safeParse(toSettingsInput(current))
    if (!checked.success) {
      const issue = checked.error.issues[0]
      setBandsError(null)
      if (issue?.path[0] === 'freeShippingThreshold') {
        setThresholdError(issue.message)
        setSaveError(null)
      } else if (issue?.path[0] === 'parcelPriceBands') {
        setThresholdError(null)
        setSaveError(null)
        setBandsError(issue.message)
      } else {
        setThresholdError(null)
        setSaveError(issue?.message ?? text.updateFailed)
      }
      return
    }
    setThresholdError(null)
    setSaveError(null)
    setBandsError(null)
    try {
      const stored = await whileSaving(() =>
        version.save((openedVersion) => saveShippingSettings(checked.data, openedVersion)),
      )
      setDraft(stored)
      setBase(stored)
      version.setVersion(stored.version)
      setIsDirty(false)
      toast.show(text.saved, 'success')
    } catch (error) {
      setSaveError(shippingFailureMessage(error, text.updateFailed))
    }
  }

  return (
    <StaffFrame
      title={shell.admin.pages.shipping.title}
      loads={[{ load: saved, failed: text.loadFailed }]}
      isDirty={isDirty}
    >
      {values && (
        <StaffForm className="shipping-settings staff-form" onSubmit={() => void submit(values)}>
          <section className="ui-card shipping-settings__general">
            <p className="shipping-settings__intro">{text.intro}</p>
            <div className="staff-form__row">
              <TextField
                label={text.threshold}
                hint={text.thresholdHint}
                error={thresholdError}
                name="freeShippingThreshold"
                {...wholeNumberInput(0)}
                value={values.freeShippingThreshold}
                onChange={(event) => change({ ...values, freeShippingThreshold: event.target.value })}
              />
              <SelectField
                label={text.defaultOption}
                value={values.defaultOptionId ?? ''}
                onChange={(event) => change({ ...values, defaultOptionId: event.target.value || null })}
                options={[
                  { value: '', label: text.noDefault },
                  ...values.options.map((option) => ({ value: option.id, label: option.name })),
                ]}
              />
            </div>
          </section>

          <section className="ui-stack shipping-settings__options" aria-labelledby="shipping-options-title">
            <div className="shipping-settings__options-head">
              <h2 id="shipping-options-title">{text.options}</h2>
              <Button size="sm" variant="secondary" onClick={() => setEditing({ kind: 'new' })}>
                {text.addOption}
              </Button>
            </div>
            {values.options.length === 0 ? (
              <EmptyState icon={<TruckIcon />} title={text.noOptions} headingLevel={3} />
            ) : (
              <ul className="staff-stack shipping-options">
                {values.options.map((option) => (
                  <ShippingOptionCard
                    key={option.id}
                    option={option}
                    isDefault={option.id === values.defaultOptionId}
                    onEdit={() => setEditing({ kind: 'edit', option })}
                    onDelete={() => {
                      change(removeOption(values, option.id))
                      // Nothing is stored until 'Spremi promjene' (docs/decisions.md, Walk-through fixes).
                      toast.show(text.optionRemovedFromDraft, 'info')
                    }}
                  />
                ))}
              </ul>
            )}
          </section>

          <ParcelPriceBandsEditor
            bands={values.parcelPriceBands}
            error={bandsError}
            onChange={(bands) => change({ ...values, parcelPriceBands: bands })}
          />

          <div className="ui-actions ui-actions--center shipping-settings__footer">
            {saveError && <Alert tone="danger">{saveError}</Alert>}
            {version.notice}
            {isDirty && <p className="shipping-settings__unsaved">{text.unsaved}</p>}
            <Button type="submit" isLoading={isSaving}>
              {text.saveChanges}
            </Button>
          </div>
        </StaffForm>
      )}
      {values && editing && (
        <ShippingOptionDialog
          option={editing.kind === 'edit' ? editing.option : undefined}
          newId={(name) => newOptionId(name, values.options)}
          onClose={() => setEditing(null)}
          onSave={(option) => saveOption(values, option)}
        />
      )}
    </StaffFrame>
  )
}
