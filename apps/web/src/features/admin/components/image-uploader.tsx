import { useId, useState, type ChangeEvent } from 'react'
import { format } from '@shop/shared/messages/format.ts'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { imageVariantUrl } from '@shop/shared/rules/image-variants.ts'
import type { ProductImage } from '@shop/shared/schemas/catalogue.ts'
import { useBusy } from '../../../lib/use-busy.ts'
import { Badge } from '../../../ui/badge.tsx'
import { Button } from '../../../ui/button.tsx'
import { Spinner } from '../../../ui/spinner.tsx'
import { uploadImage } from '../api/upload-image.ts'
import { uploadFailureMessage } from '../kit/failure.ts'
import { IMAGE_ACCEPT, checkImageFile } from '../image-file.ts'
import '../kit/staff-layout.css'
import './image-uploader.css'

type ImageUploaderProps = {
  label: string
  images: readonly ProductImage[]
  onChange: (images: ProductImage[]) => void
  path: '/api/products/images' | '/api/slides/images' | '/api/restaurant/menu/images'
  /** The form's wording of the image rules (§5: English in the product form, Bosnian in the slide form). */
  texts: { unsupportedType: string; tooLarge: string; uploadFailed: string }
  /** Several images with one primary (products), or one image that an upload replaces (slides). */
  multiple?: boolean
  isMobile?: boolean
  error?: string | null
}

/**
 * staff-and-content.md §5 Images: JPEG, PNG and WebP up to 10 MB, checked here before the upload
 * and again by the server. For products the first image is primary, another can be marked
 * primary and any can be removed; thumbnails show what was uploaded.
 */
export function ImageUploader({
  label,
  images,
  onChange,
  path,
  texts,
  multiple = false,
  isMobile,
  error,
}: ImageUploaderProps) {
  const inputId = useId()
  const [isUploading, whileUploading] = useBusy()
  const [problem, setProblem] = useState<string | null>(null)

  async function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])]
    event.target.value = ''
    if (files.length === 0) return
    const refused = files.map((file) => checkImageFile(file, texts)).find((message) => message !== null)
    if (refused) {
      setProblem(refused)
      return
    }
    setProblem(null)
    let next = [...images]
    try {
      await whileUploading(async () => {
        for (const file of multiple ? files : files.slice(0, 1)) {
          const url = await uploadImage(path, file, isMobile)
          next = multiple ? [...next, { url, is_primary: next.length === 0 }] : [{ url, is_primary: true }]
          onChange(next)
        }
      })
    } catch (failure) {
      setProblem(uploadFailureMessage(failure, texts))
    }
  }

  function makePrimary(url: string) {
    onChange(images.map((image) => ({ ...image, is_primary: image.url === url })))
  }

  function remove(url: string) {
    const rest = images.filter((image) => image.url !== url)
    const hasPrimary = rest.some((image) => image.is_primary)
    onChange(rest.map((image, index) => ({ ...image, is_primary: hasPrimary ? image.is_primary : index === 0 })))
  }

  const message = problem ?? error
  return (
    <div className="image-uploader">
      <div className="ui-split image-uploader__head">
        <span className="ui-field__label" id={`${inputId}-label`}>
          {label}
        </span>
        <label htmlFor={inputId} className="ui-button ui-button--secondary ui-button--sm image-uploader__pick">
          {isUploading ? <Spinner size="1rem" decorative /> : null}
          {isUploading ? admin.images.uploading : multiple ? admin.images.upload : admin.images.uploadOne}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={IMAGE_ACCEPT}
          multiple={multiple}
          disabled={isUploading}
          aria-labelledby={`${inputId}-label`}
          aria-describedby={`${inputId}-hint${message ? ` ${inputId}-error` : ''}`}
          onChange={(event) => void handleFiles(event)}
        />
      </div>
      <p className="ui-field__hint" id={`${inputId}-hint`}>
        {admin.images.hint}
      </p>
      {message && (
        <p className="ui-field__error" id={`${inputId}-error`} role="alert">
          {message}
        </p>
      )}
      {images.length > 0 && (
        <ul className="staff-grid image-uploader__list">
          {images.map((image, index) => (
            <li key={image.url} className="staff-box image-uploader__item">
              <img
                src={imageVariantUrl(image.url, 320)}
                alt={format(admin.images.preview, { number: index + 1 })}
                loading="lazy"
              />
              {multiple && image.is_primary && (
                <Badge tone="success" className="image-uploader__primary">
                  {admin.images.primary}
                </Badge>
              )}
              <div className="image-uploader__actions">
                {multiple && !image.is_primary && (
                  <Button size="sm" variant="secondary" onClick={() => makePrimary(image.url)}>
                    {admin.images.makePrimary}
                  </Button>
                )}
                <Button size="sm" variant="ghost" onClick={() => remove(image.url)}>
                  {admin.images.remove}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

type SingleImageUploaderProps = Omit<ImageUploaderProps, 'images' | 'onChange' | 'multiple' | 'value'> & {
  value: string
  onChange: (url: string) => void
}

/** One image kept as its URL in the draft ('' for none): menu items, slides. */
export function SingleImageUploader({ value, onChange, ...rest }: SingleImageUploaderProps) {
  return (
    <ImageUploader
      {...rest}
      images={value ? [{ url: value, is_primary: true }] : []}
      onChange={(uploaded) => onChange(uploaded[0]?.url ?? '')}
    />
  )
}
