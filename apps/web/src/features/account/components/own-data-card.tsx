import { useState, type FormEvent } from 'react'
import { account } from '@shop/shared/messages/bs/account.ts'
import { serverMessageOr } from '../../../lib/api-client.ts'
import { useBusy } from '../../../lib/use-busy.ts'
import { Alert } from '../../../ui/alert.tsx'
import { Button } from '../../../ui/button.tsx'
import { Field, PasswordInput } from '../../../ui/field.tsx'
import { useToast } from '../../../ui/toast.tsx'
import { downloadOwnData, requestAccountDeletion } from '../api/profile.ts'
import { AccountFormDialog } from './account-form-dialog.tsx'

/**
 * docs/decisions.md, 'Their own data': 'Preuzmi moje podatke' downloads everything kept about the account;
 * 'Obriši račun' asks for the password again and mails the link that deletes it.
 */
export function OwnDataCard() {
  const toast = useToast()
  const [isExporting, whileExporting] = useBusy()
  const [isDialogOpen, setIsDialogOpen] = useState(false)

  async function exportData() {
    try {
      await whileExporting(downloadOwnData)
    } catch (error) {
      toast.show(serverMessageOr(error, account.exportFailed), 'error')
    }
  }

  return (
    <aside className="account__card account__data ui-card" aria-labelledby="account-data-title">
      <h2 id="account-data-title">{account.dataHeading}</h2>
      <p>{account.dataText}</p>
      <div className="ui-actions">
        <Button variant="secondary" onClick={() => void exportData()} isLoading={isExporting}>
          {isExporting ? account.exportingData : account.exportData}
        </Button>
        <Button variant="ghost" className="account__delete" onClick={() => setIsDialogOpen(true)}>
          {account.deleteAccount}
        </Button>
      </div>
      <DeleteAccountDialog
        open={isDialogOpen}
        onClose={() => setIsDialogOpen(false)}
        onSent={(message) => {
          setIsDialogOpen(false)
          toast.show(message, 'success')
        }}
      />
    </aside>
  )
}

function DeleteAccountDialog({
  open,
  onClose,
  onSent,
}: {
  open: boolean
  onClose: () => void
  onSent: (message: string) => void
}) {
  const [password, setPassword] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [isSending, whileSending] = useBusy()

  function close() {
    setPassword('')
    setFieldError(null)
    setFailure(null)
    onClose()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setFailure(null)
    if (password === '') {
      setFieldError(account.passwordRequired)
      return
    }
    setFieldError(null)
    try {
      const { message } = await whileSending(() => requestAccountDeletion(password))
      setPassword('')
      onSent(message)
    } catch (error) {
      setFailure(serverMessageOr(error, account.deleteRequestFailed))
    }
  }

  return (
    <AccountFormDialog
      open={open}
      onClose={close}
      title={account.deleteTitle}
      formId="delete-account-form"
      onSubmit={(event) => void submit(event)}
      submitLabel={account.deleteSend}
      submitVariant="danger"
      isSubmitting={isSending}
    >
      <p>{account.deleteText}</p>
      {failure && (
        <Alert tone="danger">
          <p>{failure}</p>
        </Alert>
      )}
      <Field label={account.deletePassword} error={fieldError ?? undefined}>
        {(control) => (
          <PasswordInput
            {...control}
            purpose="current"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </Field>
    </AccountFormDialog>
  )
}
