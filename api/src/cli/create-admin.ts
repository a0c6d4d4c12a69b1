/**
 * npm run create-admin -- --email <address>
 * Creates the first admin of a production database (which is never seeded with demo accounts).
 * The password is asked for without echo on a terminal, or read from standard input
 * (`printf '%s' "$PASSWORD" | npm run create-admin -- --email …`), never from the command line.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { databaseOptions, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { hashPassword, passwordProblem } from '../features/auth/passwords';
import { insertUser } from '../features/auth/account-scope';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = readline.createInterface({ input: process.stdin, output, terminal: true });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      prompt.question(question, (answer) => {
        muted = false;
        process.stdout.write('\n');
        resolve(answer);
      });
      muted = true;
    });
  process.stdout.write('Password: ');
  const first = await ask('');
  process.stdout.write('Repeat the password: ');
  const second = await ask('');
  prompt.close();
  if (first !== second) throw new Error('The passwords differ.');
  return first;
}

async function main() {
  const email = argument('email')?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error('Usage: npm run create-admin -- --email <address>');
  const password = await readPassword();
  const problem = passwordProblem(password, email);
  if (problem) throw new Error(problem);
  const database = await openDatabase(databaseOptions(loadConfig()));
  try {
    const user = await insertUser(database.db, { email, passwordHash: await hashPassword(password), role: 'admin' });
    if (!user) throw new Error(`${email} already has an account; change its role in the admin instead.`);
    console.log(`Admin ${user.email} created (id ${user.id}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
