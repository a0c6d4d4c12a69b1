/**
 * Demo feeds: one per importer, each reading a bundled sample file from the feed storage
 * folder, run once so demo offers flow through the real import pipeline. (Filled in by
 * the feed import engine; the server calls it after seeding an empty database.)
 */
import type { FastifyInstance } from 'fastify';

export async function createAndRunDemoFeeds(_app: FastifyInstance): Promise<void> {}
