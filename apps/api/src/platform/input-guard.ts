import type { FastifyInstance } from 'fastify'
import { messages } from '@shop/shared/messages/bs.ts'
import { containsUnstorableText } from '@shop/shared/rules/storable-text.ts'
import { badRequest } from './errors.ts'

function refuse() {
  return badRequest(messages.admin.invalidCharacters, 'VALIDATION_FAILED')
}

/**
 * docs/decisions.md, 'Security': text PostgreSQL cannot store (NUL, lone surrogates) is refused for every route in one
 * place, before any handler or query sees it. The path and query string are checked on onRequest
 * (before the token hook), the JSON body as soon as it is parsed (preValidation).
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (containsUnstorableText(request.params) || containsUnstorableText(request.query)) throw refuse()
  })
  app.addHook('preValidation', async (request) => {
    if (containsUnstorableText(request.body)) throw refuse()
  })
}
