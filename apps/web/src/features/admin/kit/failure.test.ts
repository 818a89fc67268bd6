import { describe, expect, it } from 'vitest'
import { admin } from '@shop/shared/messages/bs/admin.ts'
import { images } from '@shop/shared/messages/bs/images.ts'
import { ApiError, errorFromResponse } from '../../../lib/api-client.ts'
import { failureMessage as saveFailureMessage, uploadFailureMessage } from './failure.ts'

describe('saveFailureMessage (staff-and-content.md §8 Save and delete failures)', () => {
  it("shows the server's message", () => {
    const error = new ApiError({ status: 409, message: 'Kategorija s tim nazivom već postoji.' })
    expect(saveFailureMessage(error, admin.category.saveFailed)).toBe('Kategorija s tim nazivom već postoji.')
  })

  it("shows the fallback, not 'HTTP error 500', for a 500 with an empty body (docs/decisions.md, Walk-through fixes)", () => {
    expect(saveFailureMessage(errorFromResponse(500, ''), admin.category.saveFailed)).toBe('Failed to save category')
    expect(saveFailureMessage(errorFromResponse(500, null), admin.brand.saveFailed)).toBe('Failed to save brand')
    expect(saveFailureMessage(errorFromResponse(409, { message: 'Postoji.' }), admin.brand.saveFailed)).toBe('Postoji.')
    expect(saveFailureMessage(errorFromResponse(400, { error: 'Bad Request' }), admin.brand.saveFailed)).toBe(
      'Bad Request',
    )
  })

  it("shows the 'error' text when the answer has no message", () => {
    const error = new ApiError({ status: 400, message: '', errorLabel: 'Bad Request' })
    expect(saveFailureMessage(error, admin.brand.saveFailed)).toBe('Bad Request')
  })

  it('falls back to the page text otherwise', () => {
    expect(saveFailureMessage(new ApiError({ status: 500, message: '' }), admin.category.saveFailed)).toBe(
      'Failed to save category',
    )
    expect(saveFailureMessage(new TypeError('boom'), admin.brand.saveFailed)).toBe('Failed to save brand')
  })
})

describe('uploadFailureMessage (staff-and-content.md §5 Images)', () => {
  it("passes on the server's refusal of the type or size", () => {
    const refused = new ApiError({ status: 400, message: images.product.tooLarge, code: 'IMAGE_TOO_LARGE' })
    expect(uploadFailureMessage(refused, images.product)).toBe('Images must be smaller than 10MB')
    const wrongType = new ApiError({ status: 400, message: images.content.unsupportedType, code: 'INVALID_IMAGE_TYPE' })
    expect(uploadFailureMessage(wrongType, images.content)).toBe('Dozvoljene su samo JPEG, PNG i WebP slike')
  })

  it('says the upload failed in the wording of the form for anything else', () => {
    const broken = new ApiError({ status: 500, message: 'HTTP error 500' })
    expect(uploadFailureMessage(broken, images.product)).toBe('Failed to upload images. Please try again.')
    expect(uploadFailureMessage(new TypeError('offline'), { uploadFailed: admin.slide.uploadFailed })).toBe(
      'Failed to upload image. Please try again.',
    )
  })
})
