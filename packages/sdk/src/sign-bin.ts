import { runSign } from './sign-cli.js';

process.exitCode = runSign(process.argv.slice(2), process.env, (text) => process.stdout.write(text));
