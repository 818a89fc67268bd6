/**
 * The id of the `<script type="application/json">` that carries a server render's data.
 * A file of its own, so that the boot script (boot.ts) can look for it without loading React.
 */
export const SERVER_DATA_ID = 'shop-data'
