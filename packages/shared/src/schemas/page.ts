import { z } from 'zod'
import { MAX_PAGE_SIZE } from '../rules/pagination.ts'

/** `page` and `limit` of a numbered staff list: pages from 1, up to MAX_PAGE_SIZE rows a page. */
export const pageQueryFields = (defaultLimit: number) => ({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(defaultLimit),
})

/** `page` of a list that reads a missing or wrong number as none, so that the service shows its first page. */
export const lenientPageField = z.coerce.number().int().min(1).optional().catch(undefined)

/** Where a page stands in its list: the rows in all, this page's number (from 1) and how many pages there are. */
export const pageCountFields = { total: z.number(), page: z.number(), pages: z.number() }

/** One numbered page of a staff list as the API answers it. */
export const numberedPage = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.array(row), ...pageCountFields, limit: z.number() })
