/** A database of its own on the PostgreSQL server, for tests that run API processes the way production does. */
import { Client } from 'pg';

export const POSTGRES_SERVER = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432';

export async function onPostgres<T>(database: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${POSTGRES_SERVER}/${database}` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates (or re-creates) the database and answers its URL. */
export async function freshDatabase(name: string): Promise<string> {
  await dropDatabase(name);
  await onPostgres('postgres', (client) => client.query(`create database ${name}`));
  return `${POSTGRES_SERVER}/${name}`;
}

export async function dropDatabase(name: string): Promise<void> {
  await onPostgres('postgres', (client) => client.query(`drop database if exists ${name} with (force)`));
}
