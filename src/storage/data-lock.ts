// One server per data directory: two would each keep their own rate buckets (bursts doubled) and
// race each other's background work. The lock is flock(2) on `<data>/engram.lock`, so the kernel
// drops it when the process dies, kill -9 included: no stale lock blocks the next start. The file
// holds the owner's pid for the refusal message only. The admin CLI does not take it.
import { dlopen, FFIType } from "bun:ffi";
import { closeSync, constants, fchmodSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";

const LOCK_EX = 2;
const LOCK_NB = 4;
const LOCK_UN = 8;

type Flock = (fd: number, operation: number) => number;
let flock: Flock | null | undefined;

/** libc's flock through bun:ffi (it works in the compiled binary too); null where no libc loads. */
function loadFlock(): Flock | null {
  if (flock !== undefined) return flock;
  flock = null;
  for (const name of ["libc.so.6", "libc.musl-x86_64.so.1", "libc.so", "libc.dylib"]) {
    try {
      const lib = dlopen(name, { flock: { args: [FFIType.i32, FFIType.i32], returns: FFIType.i32 } });
      flock = (fd, operation) => lib.symbols.flock(fd, operation) as number;
      break;
    } catch {
      // try the next name
    }
  }
  return flock;
}

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

export interface DataLock {
  /** False where flock is unavailable: the directory is then not protected. */
  readonly held: boolean;
  release(): void;
}

function holderPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the data directory's lock or throws DataDirInUseError naming the directory and the holder. */
export function lockDataDir(dataDir: string): DataLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = loadFlock();
  if (!lock) return { held: false, release() {} };
  const path = join(dataDir, "engram.lock");
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  if (lock(fd, LOCK_EX | LOCK_NB) !== 0) {
    closeSync(fd);
    const pid = holderPid(path);
    throw new DataDirInUseError(
      `another Engram server${pid ? ` (pid ${pid})` : ""} is using the data directory ${resolve(dataDir)}; stop it first or give another --data.`,
    );
  }
  fchmodSync(fd, 0o600);
  ftruncateSync(fd, 0);
  try {
    writeSync(fd, `${process.pid}\n`, 0);
  } catch (err) {
    // The pid only improves the message another server prints; a full disk must not stop a start.
    if ((err as { code?: string }).code !== "ENOSPC") throw err;
  }
  let released = false;
  return {
    held: true,
    release() {
      if (released) return;
      released = true;
      ftruncateSync(fd, 0); // still locked: no one reads a pid that is no longer the owner's
      lock(fd, LOCK_UN);
      closeSync(fd);
    },
  };
}

/**
 * The pid of the server holding the data directory's lock, read without taking it (null when none
 * runs: the file is empty once released, and a pid left by a killed server is no longer alive).
 */
export function lockHolder(dataDir: string): number | null {
  const pid = holderPid(join(dataDir, "engram.lock"));
  if (pid === null) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as { code?: string }).code === "EPERM" ? pid : null; // alive, another user's
  }
}
