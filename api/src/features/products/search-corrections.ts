/**
 * Search that forgives typos: a word of five letters or more that no product uses is replaced by
 * the catalogue word one edit away (a letter dropped, inserted, replaced, or two neighbours
 * swapped: Damerau distance 1) that most products use, before the query reaches the full-text
 * and trigram search. 'Samsnug' becomes 'samsung', 'Philps' 'philips', 'Pricness' 'princess';
 * a query whose words all exist is left exactly as typed, so its ranking does not change.
 *
 * The catalogue's words (brands and name words, lower case, accents folded) with their product
 * counts live in memory per instance, rebuilt in the background when search_result_version moved
 * (an import or an edit), at most every 10 s; searches meanwhile use the previous words.
 * Candidates are generated from the typed word (about 60 per letter) and looked up in the word
 * map: exact and cheap, where trigram similarity scores a swap in a short word poorly
 * (similarity('samsnug', 'samsung') = 0.33).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { selectRows } from '../../db/sql';
import { searchResultVersion } from './search-cache';

export const MIN_TYPO_WORD_LENGTH = 5;
/** During an import the version moves often; the words are rebuilt at most this often. */
const MIN_RELOAD_INTERVAL_MS = 10_000;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const WORD = /[\p{L}\p{N}]+/gu;

interface Dictionary {
  version: string;
  loadedAt: number;
  /** word → number of products using it */
  words: Map<string, number>;
}

interface DictionaryState {
  current?: Dictionary;
  loading?: Promise<Dictionary>;
}

const states = new WeakMap<Database, DictionaryState>();

/** Lower case with accents folded, as words are kept: 'Crème' → 'creme'. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

async function loadDictionary(db: Database, version: string): Promise<Dictionary> {
  const rows = await selectRows<{ word: string; products: number }>(
    db,
    sql`select word, count(distinct id)::int as products
      from products p, regexp_split_to_table(lower(coalesce(p.brand, '') || ' ' || p.name), '[^[:alnum:]]+') as word
      where length(word) >= 3 group by word`,
  );
  const words = new Map<string, number>();
  for (const row of rows) {
    const folded = foldWord(row.word);
    words.set(folded, (words.get(folded) ?? 0) + row.products);
  }
  return { version, loadedAt: Date.now(), words };
}

async function dictionaryOf(db: Database): Promise<Dictionary> {
  let state = states.get(db);
  if (!state) states.set(db, (state = {}));
  const current = state.current;
  const version = await searchResultVersion(db);
  if (current && (current.version === version || Date.now() - current.loadedAt < MIN_RELOAD_INTERVAL_MS)) return current;
  if (!state.loading) {
    const loading = loadDictionary(db, version);
    state.loading = loading;
    loading.then(
      (loaded) => {
        state.current = loaded;
        state.loading = undefined;
      },
      () => (state.loading = undefined),
    );
  }
  // The first search waits for the words; later ones go on with the previous words meanwhile.
  return current ?? state.loading!;
}

/** Every string one edit (drop, swap of neighbours, replace, insert) away from `word`. */
export function oneEditAway(word: string): Set<string> {
  const edits = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const head = word.slice(0, i);
    const tail = word.slice(i);
    if (tail) edits.add(head + tail.slice(1));
    if (tail.length > 1) edits.add(head + tail[1] + tail[0] + tail.slice(2));
    for (const letter of ALPHABET) {
      if (tail) edits.add(head + letter + tail.slice(1));
      edits.add(head + letter + tail);
    }
  }
  edits.delete(word);
  return edits;
}

/** The catalogue word meant by `word`, or `word` itself when it exists, is short, or has no close match. */
export function correctWord(word: string, words: ReadonlyMap<string, number>): string {
  const folded = foldWord(word);
  if (folded.length < MIN_TYPO_WORD_LENGTH || words.has(folded)) return word;
  let best: string | undefined;
  let bestCount = 0;
  for (const candidate of oneEditAway(folded)) {
    const count = words.get(candidate) ?? 0;
    if (count > bestCount || (count === bestCount && count > 0 && candidate < best!)) {
      best = candidate;
      bestCount = count;
    }
  }
  return best ?? word;
}

/** The query with each unknown word corrected; everything else (operators, quotes, spacing) as typed. */
export function correctQuery(search: string, words: ReadonlyMap<string, number>): string {
  return search.replace(WORD, (word) => correctWord(word, words));
}

/** `search` as the catalogue spells it (see above); undefined stays undefined. */
export async function correctedSearch(db: Database, search: string | undefined): Promise<string | undefined> {
  if (!search) return search;
  const { words } = await dictionaryOf(db);
  return correctQuery(search, words);
}
