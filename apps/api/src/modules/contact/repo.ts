import type { Queryable } from '../../platform/db.ts'

export type NewContactMessage = {
  name: string
  email: string
  phone: string
  message: string
  productName: string
  ip: string
}

export async function insertContactMessage(client: Queryable, message: NewContactMessage): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into contact_messages (name, email, phone, message, product_name, ip)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [message.name, message.email, message.phone, message.message, message.productName, message.ip],
  )
  return rows[0]!.id
}
