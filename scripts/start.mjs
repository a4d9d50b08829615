// `npm start`: installs what it needs from the lockfile, then starts Trepenta Online.
import { install, pnpm } from './pnpm.mjs';

install();
process.exit(pnpm(['simulate', '--', ...process.argv.slice(2)]));
