import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from './config.js';

interface StoredSecrets {
  adminToken: string;
  secretsKey: string;
}

/**
 * Outside production, an unset ADMIN_TOKEN or SECRETS_KEY is generated once and kept in
 * `DATA_DIR/secrets.json` (mode 0600), so the embedded quick start needs no setup and keeps
 * working across restarts. Returns the config with both filled in, and whether the admin
 * token was generated or read from that file (so the caller can print it).
 */
export function withLocalSecrets(config: Config): { config: Config; adminTokenFromFile: boolean } {
  if (config.adminToken !== null && config.secretsKey !== null) return { config, adminTokenFromFile: false };
  // In production nothing is generated: SECRETS_KEY is required, ADMIN_TOKEN optional once a staff ADMIN exists.
  if (config.production) return { config, adminTokenFromFile: false };
  const dir = resolve(config.dataDir);
  const file = join(dir, 'secrets.json');
  let stored: StoredSecrets;
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  } else {
    mkdirSync(dir, { recursive: true });
    stored = { adminToken: randomBytes(24).toString('base64url'), secretsKey: randomBytes(32).toString('hex') };
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    config: {
      ...config,
      adminToken: config.adminToken ?? stored.adminToken,
      secretsKey: config.secretsKey ?? Buffer.from(stored.secretsKey, 'hex'),
    },
    adminTokenFromFile: config.adminToken === null,
  };
}
