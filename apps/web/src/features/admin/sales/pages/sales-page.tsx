import { useEffect, useMemo, useState } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { adminSales as text } from '@shop/shared/messages/bs/admin-sales.ts'
import { saleStatus, type SaleStatus } from '@shop/shared/rules/sale.ts'
import { saleConfigInput } from '@shop/shared/schemas/admin-sales.ts'
import type { SaleConfig, SaleProduct } from '@shop/shared/schemas/catalogue.ts'
import { Alert } from '../../../../ui/alert.tsx'
import { Badge, type BadgeTone } from '../../../../ui/badge.tsx'
import { Button } from '../../../../ui/button.tsx'
import { EmptyState } from '../../../../ui/empty-state.tsx'
import { Checkbox, TextField } from '../../../../ui/field.tsx'
import { TagIcon } from '../../../../ui/icons.tsx'
import { useToast } from '../../../../ui/toast.tsx'
import { useLoad, type Load } from '../../../../lib/use-load.ts'
import { useConfirm } from '../../kit/confirm-dialog.tsx'
import { StaffFrame } from '../../kit/staff-frame.tsx'
import { draftBinding } from '../../kit/draft-binding.ts'
import { TextAreaField } from '../../kit/text-area-field.tsx'
import { useDraft } from '../../kit/use-draft.ts'
import { useEditing } from '../../kit/use-editing.ts'
import { useStaffAction } from '../../kit/use-staff-action.ts'
import { useRecordVersion } from '../../kit/use-record-version.tsx'
import {
  applyDiscounts,
  checkSaleStatus,
  fetchSaleConfig,
  fetchSaleProducts,
  removeSaleProduct,
  restorePrices,
  saveSaleConfig,
} from '../api/sales.ts'
import { AddSaleProductDialog } from '../components/add-sale-product-dialog.tsx'
import { SaleProductRow } from '../components/sale-product-row.tsx'
import { formatSaleDateTime, fromLocalInput, toLocalInput } from '../sale-dates.ts'
import { withReason } from '../sale-failure.ts'
import './sales-page.css'
import { StaffForm } from '../../kit/staff-form.tsx'

type ConfigDraft = { isActive: boolean; startDate: string; endDate: string; title: string; description: string }

const toDraft = (config: SaleConfig): ConfigDraft => ({
  isActive: config.isActive,
  startDate: toLocalInput(config.startDate),
  endDate: toLocalInput(config.endDate),
  title: config.title,
  description: config.description,
})

const STATUS: Record<SaleStatus, { label: string; tone: BadgeTone }> = {
  active: { label: text.active, tone: 'success' },
  scheduled: { label: text.scheduled, tone: 'warning' },
  ended: { label: text.ended, tone: 'neutral' },
  inactive: { label: text.inactive, tone: 'neutral' },
}

/** The clock of the status line, ticking each second so 'Akcija je zakazana' turns active on time. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

/**
 * staff-and-content.md §2 Sales admin: the sale's configuration, its products with the add
 * dialog, and the apply and restore buttons. The sale also starts and ends on its own on the
 * server at its dates (DECISIONS); this page shows when, and reloads the list when it happens.
 */
export function AdminSalesPage() {
  const config = useLoad(fetchSaleConfig, 'sale-config')
  const products = useLoad(fetchSaleProducts, 'sale-products')
  return (
    <StaffFrame
      title={text.title}
      loads={[
        { load: config, failed: text.loadFailed },
        { load: products, failed: text.loadFailed },
      ]}
    >
      {config.data && <SalesBody saved={config.data} products={products} onConfigSaved={config.reload} />}
    </StaffFrame>
  )
}

function SalesBody({
  saved,
  products,
  onConfigSaved,
}: {
  saved: SaleConfig
  products: Load<SaleProduct[]>
  onConfigSaved: () => void
}) {
  const draft = useDraft(toDraft(saved))
  const save = useStaffAction()
  const version = useRecordVersion({
    draft,
    version: saved.version,
    reload: async () => {
      const latest = await fetchSaleConfig()
      setSavedConfig(latest)
      return { draft: toDraft(latest), version: latest.version }
    },
    onReloaded: save.clearError,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const adding = useEditing<never>(products.reload)
  const [savedConfig, setSavedConfig] = useState(saved)
  const prices = useStaffAction()
  const toast = useToast()
  const remove = useStaffAction()
  const confirm = useConfirm()
  const now = useNow()
  const status = saleStatus(savedConfig, now)
  const list = useMemo(() => products.data ?? [], [products.data])
  const onSaleIds = useMemo(() => new Set(list.map((product) => product.id)), [list])

  // The server applies or restores at the window's edges; the list shows the new prices then.
  const [seenStatus, setSeenStatus] = useState(status)
  if (seenStatus !== status) {
    setSeenStatus(status)
    products.reload()
  }

  async function submit() {
    const input = {
      ...draft.value,
      startDate: fromLocalInput(draft.value.startDate),
      endDate: fromLocalInput(draft.value.endDate),
      discountedProducts: list.map((product) => ({ id: product.id, discountPercentage: product.discountPercentage })),
    }
    const checked = saleConfigInput.safeParse(input)
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])))
      return
    }
    setErrors({})
    const outcome = await save.run(() => version.save((opened) => saveSaleConfig({ ...input, version: opened })), {
      done: text.configSaved,
      message: (error) => withReason(text.configSaveFailed, error),
    })
    if (!outcome.ok) return
    const stored = { ...savedConfig, ...outcome.value }
    setSavedConfig(stored)
    version.setVersion(outcome.value.version)
    draft.reset(toDraft(stored))
    // §4 Sale: after the configuration is saved, a status check call is made.
    await checkSaleStatus().catch(() => undefined)
    onConfigSaved()
    products.reload()
  }

  async function apply() {
    const outcome = await prices.run(applyDiscounts, {
      message: (error) => withReason(text.discountsApplyFailed, error),
    })
    if (!outcome.ok) return
    // The server's text also names products held at their price floor (docs/decisions.md, 'Money rules').
    toast.show(outcome.value.message ?? text.discountsApplied, 'success')
    products.reload()
  }

  async function restore() {
    const outcome = await prices.run(restorePrices, {
      done: text.pricesRestored,
      message: (error) => withReason(text.pricesRestoreFailed, error),
    })
    if (outcome.ok) products.reload()
  }

  async function onRemove(product: SaleProduct) {
    const question = {
      message: format(text.confirmRemove, { name: product.name }),
      confirmLabel: text.confirmRemoveLabel,
      tone: 'danger' as const,
    }
    if (!(await confirm.ask(question))) return
    await remove.run(() => removeSaleProduct(product.saleProductId), {
      done: text.productRemoved,
      message: (error) => withReason(text.productRemoveFailed, error),
    })
    products.reload()
  }

  const bind = draftBinding(
    draft.value,
    (key, value) => draft.patch({ [key]: value }),
    (key) => errors[key],
  )
  const when =
    status === 'scheduled'
      ? format(text.nextStart, { date: formatSaleDateTime(savedConfig.startDate) })
      : status === 'active'
        ? format(text.nextEnd, { date: formatSaleDateTime(savedConfig.endDate) })
        : null

  return (
    <div className="ui-stack ui-stack--loose sales-page">
      <section className="ui-card ui-card--stack" aria-labelledby="sale-config-heading">
        <div className="ui-split sales-config__head">
          <h2 id="sale-config-heading">{text.configHeading}</h2>
          <div className="sales-status" role="status">
            <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
            {when && <span className="sales-status__when">{when}</span>}
          </div>
        </div>
        <p className="sales-config__hint">{text.subtitle}</p>
        {save.error && <Alert tone="danger">{save.error}</Alert>}
        {version.notice}
        <StaffForm id="sale-config-form" className="ui-stack sales-config__form" onSubmit={() => void submit()}>
          <Checkbox label={text.isActiveLabel} {...bind.check('isActive')} />
          <div className="sales-config__dates">
            <TextField label={text.startDateLabel} type="datetime-local" step={1} {...bind.text('startDate')} />
            <TextField label={text.endDateLabel} type="datetime-local" step={1} {...bind.text('endDate')} />
          </div>
          <TextField label={text.titleLabel} maxLength={200} {...bind.text('title')} />
          <TextAreaField
            label={text.descriptionLabel}
            className="sales-config__description"
            maxLength={2000}
            {...bind.value('description')}
          />
        </StaffForm>
        {prices.error && <Alert tone="danger">{prices.error}</Alert>}
        <div className="ui-actions">
          <Button type="submit" form="sale-config-form" isLoading={save.isBusy}>
            {text.save}
          </Button>
          <Button variant="accent" disabled={status !== 'active' || prices.isBusy} onClick={() => void apply()}>
            {text.apply}
          </Button>
          <Button variant="secondary" disabled={prices.isBusy} onClick={() => void restore()}>
            {text.restore}
          </Button>
        </div>
      </section>

      <section className="ui-stack sales-products" aria-labelledby="sale-products-heading">
        <div className="ui-split sales-products__head">
          <h2 id="sale-products-heading">{format(text.productsHeading, { count: list.length })}</h2>
          <Button onClick={() => adding.open(null)}>{text.addProduct}</Button>
        </div>
        {remove.error && <Alert tone="danger">{remove.error}</Alert>}
        {list.length === 0 ? (
          <EmptyState icon={<TagIcon size={30} />} title={text.noProducts} headingLevel={3} />
        ) : (
          <ul className="staff-stack sales-products__list">
            {list.map((product) => (
              <SaleProductRow
                key={product.saleProductId}
                product={product}
                isBusy={remove.isBusy}
                onRemove={() => void onRemove(product)}
              />
            ))}
          </ul>
        )}
      </section>
      {adding.editing && <AddSaleProductDialog onSaleIds={onSaleIds} onClose={adding.close} onAdded={adding.saved} />}
      {confirm.element}
    </div>
  )
}
