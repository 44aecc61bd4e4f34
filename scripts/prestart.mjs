/**
 * The build step of `npm start`, `npm run start:api` and `npm run start:worker`: builds when the
 * sources changed since the last build, one process at a time. Starts on one checkout at once
 * (start:api beside start:worker) would otherwise each run the build into the same dist/, one
 * rewriting what the other is loading. The first start takes the lock (a file created only if
 * absent, holding its pid) and builds; the others wait for it, then find the build up to date
 * and build nothing. A lock left by a process that died is taken over.
 *
 * Plain JavaScript with no dependency: it runs before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LOCK = join(ROOT, 'dist', '.build-lock');
/** The compiled check of ./src/infrastructure/build/up-to-date.ts (absent before the first build). */
const CHECK = join(ROOT, 'dist', 'src', 'infrastructure', 'build', 'up-to-date.js');
const POLL_MS = 200;
/** A lock file still empty this long after it was made: its maker died before writing its pid. */
const EMPTY_LOCK_STALE_MS = 10_000;
/** The longest a start waits for another's build. */
const WAIT_LIMIT_MS = 15 * 60_000;

function upToDate() {
  return spawnSync(process.execPath, [CHECK], { cwd: ROOT, stdio: 'ignore' }).status === 0;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** The lock's holder: its pid, or 0 while it is being written; null when there is no lock. */
function holder() {
  try {
    const text = readFileSync(LOCK, 'utf8').trim();
    if (text !== '') return Number(text);
    return Date.now() - statSync(LOCK).mtimeMs > EMPTY_LOCK_STALE_MS ? -1 : 0;
  } catch {
    return null;
  }
}

/** Takes the lock if it is free or its holder is gone; true when this process holds it. */
function tryLock() {
  mkdirSync(dirname(LOCK), { recursive: true });
  try {
    const fd = openSync(LOCK, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (err) {
    if (err.code !== 'EEXIST') throw err;
  }
  const pid = holder();
  if (pid === -1 || (pid !== null && pid > 0 && !alive(pid))) rmSync(LOCK, { force: true });
  return false;
}

async function lock() {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  let told = false;
  while (!tryLock()) {
    if (Date.now() > deadline) {
      console.error(`Gave up waiting for the build of process ${holder()} (lock: ${LOCK}).`);
      process.exit(1);
    }
    if (!told) {
      console.error('Another start is building dist/; waiting for it.');
      told = true;
    }
    await sleep(POLL_MS);
  }
}

if (!upToDate()) {
  await lock();
  let status = 0;
  try {
    // Another start may have built while this one waited.
    if (!upToDate()) status = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
  } finally {
    rmSync(LOCK, { force: true });
  }
  process.exitCode = status;
}
