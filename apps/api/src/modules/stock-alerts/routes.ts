import { messages } from '@shop/shared/messages/bs.ts'
import {
  stockAlertAnswer,
  stockAlertConfirmed,
  stockAlertInput,
  stockAlertTokenParams,
  stockAlertUnsubscribed,
} from '@shop/shared/schemas/stock-alerts.ts'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { actorOf } from '../../platform/actor.ts'
import { privateAnswer } from '../../platform/cache-control.ts'
import { BODY_ERRORS, routeErrors } from '../../platform/error-handler.ts'
import { tooManyRequests } from '../../platform/errors.ts'
import { confirmStockAlert, requestStockAlert, unsubscribeStockAlerts } from './service.ts'

// Back-in-stock alerts (docs/decisions.md ('Back-in-stock alerts')): public routes, no role.
const tags = ['stock-alerts']

/** docs/decisions.md ('Back-in-stock alerts'), 'Limits': requests per client address (in Redis with REDIS_URL, so every process shares them). */
export const ALERT_REQUESTS_PER_ADDRESS = 10
const ALERT_REQUEST_WINDOW = '10 minutes'

export async function stockAlertRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const links = { publicUrl: app.config.publicUrl }

  // A mail client's one-click unsubscribe (RFC 8058) posts 'List-Unsubscribe=One-Click' as a form; its
  // body says nothing the token does not, so it is read as text and not looked at. Only in this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  )

  routes.post(
    '/stock-alerts',
    {
      schema: {
        tags,
        body: stockAlertInput,
        response: { 200: stockAlertAnswer, 201: stockAlertAnswer, ...routeErrors(404, 409, 429, ...BODY_ERRORS) },
      },
      config: {
        // Counted after validation, so that a mistyped address costs nothing.
        rateLimit: {
          max: ALERT_REQUESTS_PER_ADDRESS,
          timeWindow: ALERT_REQUEST_WINDOW,
          hook: 'preHandler' as const,
          errorResponseBuilder: () => tooManyRequests(messages.stockAlerts.tooManyFromAddress, 'TOO_MANY_REQUESTS'),
        },
      },
      onSend: privateAnswer,
    },
    async (request, reply) => {
      const answer = await requestStockAlert(app.db, links, request.body, actorOf(request), app.now())
      return reply.status(answer.status === 'already_subscribed' ? 200 : 201).send(answer)
    },
  )

  // docs/decisions.md ('Back-in-stock alerts'), 'Links': the mails link to web pages that call these, so that a link
  // scanner fetching the mail's links changes nothing; both answer a second call the same.
  routes.get(
    '/stock-alerts/confirm/:token',
    {
      schema: { tags, params: stockAlertTokenParams, response: { 200: stockAlertConfirmed, ...routeErrors(404) } },
      onSend: privateAnswer,
    },
    async (request) => confirmStockAlert(app.db, request.params.token, app.now()),
  )

  const unsubscribeSchema = {
    tags,
    params: stockAlertTokenParams,
    response: { 200: stockAlertUnsubscribed, ...routeErrors(404, ...BODY_ERRORS) },
  }
  routes.get(
    '/stock-alerts/unsubscribe/:token',
    { schema: unsubscribeSchema, onSend: privateAnswer },
    async (request) => unsubscribeStockAlerts(app.db, request.params.token, app.now()),
  )
  // The List-Unsubscribe header's address: a mail client posts to it when the reader presses 'Unsubscribe'.
  routes.post(
    '/stock-alerts/unsubscribe/:token',
    { schema: unsubscribeSchema, onSend: privateAnswer },
    async (request) => unsubscribeStockAlerts(app.db, request.params.token, app.now()),
  )
}
