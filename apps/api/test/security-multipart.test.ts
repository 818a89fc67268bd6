import { describe, expect, it } from 'vitest'
import { messages } from '@shop/shared/messages/bs.ts'
import { restaurant } from '@shop/shared/messages/bs/restaurant.ts'
import { json } from './helpers.ts'
import { useTestApp, useSignInAs } from './support/use-test-app.ts'

// Found by the multipart fuzzer (fuzz.test.ts): a body whose framing is broken (no boundary, a
// boundary that never comes, a body cut short) reached the error handler as a plain busboy Error and
// answered 500. Each upload form now answers 400 MALFORMED_UPLOAD in its own wording.
const test = useTestApp()
const admin = useSignInAs(test, 'admin')

const part =
  '--abc\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\r\n'
const forms = [
  { url: '/api/products/images', noImage: messages.admin.product.noImage },
  { url: '/api/slides/images', noImage: messages.admin.slide.noImage },
  { url: '/api/restaurant/menu/images', noImage: restaurant.api.noImage },
]

describe('broken multipart framing', () => {
  for (const { url, noImage } of forms) {
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=other',
      'multipart/form-data; boundary=abc',
    ]) {
      it(`${url} with '${contentType}' and a body cut short answers 400 MALFORMED_UPLOAD`, async () => {
        const response = await test.app.inject({
          method: 'POST',
          url,
          headers: { ...admin, 'content-type': contentType },
          payload: part,
        })
        expect(response.statusCode).toBe(400)
        expect(json(response)).toMatchObject({ code: 'MALFORMED_UPLOAD', message: noImage })
      })
    }
  }
})
