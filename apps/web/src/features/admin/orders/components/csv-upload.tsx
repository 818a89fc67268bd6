import { useState } from 'react'
import { courier as text } from '@shop/shared/messages/bs/courier.ts'
import { Button } from '../../../../ui/button.tsx'
import { TextField } from '../../../../ui/field.tsx'

type CsvUploadProps = {
  intro: string
  isBusy: boolean
  onUpload: (file: File) => void
}

/** A courier's CSV to upload (docs/decisions.md, 'Courier hand-off, tracking and payouts'). */
export function CsvUpload({ intro, isBusy, onUpload }: CsvUploadProps) {
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  return (
    <form
      className="ui-card staff-form courier-upload"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!file) return setError(text.fileRequired)
        setError(null)
        onUpload(file)
      }}
    >
      <p className="courier-upload__intro">{intro}</p>
      <div className="courier-upload__row">
        <TextField
          label={text.fileLabel}
          error={error}
          type="file"
          name="file"
          accept=".csv,text/csv,text/plain"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Button type="submit" isLoading={isBusy}>
          {text.importButton}
        </Button>
      </div>
    </form>
  )
}
