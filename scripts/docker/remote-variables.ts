/**
 * Prints `<remote name> <URL variable>` per remote, from the front-end manifest, for the shell
 * image's start script (write-remotes-json.sh), which has no Node to read the manifest itself.
 */
import { REMOTES } from '../../shared/build/front-ends';

for (const remote of REMOTES) console.log(`${remote.name} ${remote.urlVariable}`);
