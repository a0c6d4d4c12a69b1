/**
 * `npm run dev`: the API and every front end's dev server with reload, together. The shell's
 * dev server (http://localhost:3000) answers /remotes.json with the remotes' dev servers and
 * proxies /api to the API on 8080.
 */
import concurrently from 'concurrently';
import { FRONT_ENDS } from '../shared/build/front-ends';

const { result } = concurrently(
  [
    { name: 'api', command: 'npm run dev -w @koopjesland/api', prefixColor: 'blue' },
    ...FRONT_ENDS.map((frontEnd) => ({
      name: frontEnd.name,
      command: `npx tsx scripts/webpack/serve.ts ${frontEnd.workspace}`,
      prefixColor: frontEnd.kind === 'host' ? 'magenta' : 'green',
    })),
  ],
  { killOthersOn: ['failure'], prefix: 'name', cwd: `${__dirname}/..` },
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
