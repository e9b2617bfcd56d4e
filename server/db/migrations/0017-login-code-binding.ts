import type { Kysely } from 'kysely';

/**
 * A social login's one-time code belongs to the browser that started the login: the SHA-256 of a
 * secret kept in that browser's cookie is stored beside the code. Codes made before this have
 * none (null) and are refused; they lived two minutes anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_codes').addColumn('binding_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_codes').dropColumn('binding_hash').execute();
}
