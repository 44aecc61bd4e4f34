import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { GENERATED_DIR, generateSdk } from './generate.js';

/**
 * `npm run sdk:generate`: rewrites packages/sdk/src/generated/ from the external API's route
 * declarations, removing any file there that is no longer generated.
 */
const files = await generateSdk();
const names = new Set(files.map((f) => f.name));
const existing = readdirSync(GENERATED_DIR, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => relative(GENERATED_DIR, join(entry.parentPath, entry.name)));
for (const stale of existing.filter((name) => !names.has(name))) rmSync(join(GENERATED_DIR, stale));
for (const file of files) {
  mkdirSync(dirname(join(GENERATED_DIR, file.name)), { recursive: true });
  writeFileSync(join(GENERATED_DIR, file.name), file.text);
}
console.log(`Wrote ${files.length} files to ${relative(process.cwd(), GENERATED_DIR)}`);
