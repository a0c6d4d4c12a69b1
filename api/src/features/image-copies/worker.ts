/**
 * The worker that copies registered image URLs (copier.ts), woken after each feed run and when
 * the process starts its workers. One pass at a time per process; several processes share the
 * work through the claims in `image_copies` (FOR UPDATE SKIP LOCKED).
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { copyRegisteredImages, hasAbandonedClaims, registerImageUrl, registerShownImages } from './copier';
import { folderStorage, type ImageStorage } from './storage';

/** Where the copies are kept: a folder under DATA_DIR (storage.ts says how to swap it). */
export function imageStorageOf(app: FastifyInstance): ImageStorage {
  return folderStorage(path.join(app.config.dataDir, 'images'));
}

const passes = new WeakMap<FastifyInstance, { running: Promise<void>; again: boolean }>();

/** Starts a pass over the registered URLs, or asks the pass under way to look again when done. */
export function wakeImageCopier(app: FastifyInstance): Promise<void> {
  const current = passes.get(app);
  if (current) {
    current.again = true;
    return current.running;
  }
  const state = { running: Promise.resolve(), again: false };
  state.running = (async () => {
    try {
      do {
        state.again = false;
        const started = Date.now();
        const { stored, failed } = await copyRegisteredImages(app.db, {
          storage: imageStorageOf(app),
          allowedHosts: app.config.feedAllowedHosts,
          onError: (url, error) => app.log.error({ err: error, url }, 'image copy failed'),
        });
        if (stored + failed > 0) app.log.info({ stored, failed, milliseconds: Date.now() - started }, 'image copies made');
      } while (state.again);
    } catch (error) {
      app.log.error({ err: error }, 'image copier stopped');
    } finally {
      passes.delete(app);
    }
  })();
  passes.set(app, state);
  return state.running;
}

/**
 * Takes over the copies a worker claimed and never finished (it stopped half-way) once their claim
 * has expired; nothing else would wake the copier for them until the next feed run. The feed
 * queue's schedule tick asks; the pass runs in the background.
 */
export async function takeOverAbandonedCopies(app: FastifyInstance): Promise<void> {
  if (await hasAbandonedClaims(app.db)) void wakeImageCopier(app);
}

/**
 * An image address an admin saved (a store's logo, a category's image): registered and copied in
 * the background. Until the copy is made, pages show the placeholder, never the address itself.
 */
export async function copySavedImage(app: FastifyInstance, url: string | null | undefined): Promise<void> {
  await registerImageUrl(app.db, url);
  if (url && app.config.copyImages) void wakeImageCopier(app);
}

/** Every image a page shows registered (known ones are skipped) and copied in the background: after an import of many rows. */
export async function copyShownImages(app: FastifyInstance): Promise<void> {
  await registerShownImages(app.db);
  if (app.config.copyImages) void wakeImageCopier(app);
}
