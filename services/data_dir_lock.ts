// The embedded database belongs to one process: the server holds an exclusive lock on DATA_DIR/portal.lock
// for its life, so a second server, or a backup of the folder (services/backup.ts), finds it in use instead
// of opening the same data files.

const lockPath = (dataDir: string) => `${dataDir.replace(/\/$/, "")}/portal.lock`;

/** Takes the folder's lock for this process; throws when another process holds it. */
export async function lockDataDir(dataDir: string): Promise<Deno.FsFile> {
  await Deno.mkdir(dataDir, { recursive: true });
  const file = await Deno.open(lockPath(dataDir), { create: true, write: true });
  if (!(await file.tryLock(true))) {
    file.close();
    throw new Error(`another process (a portal server or a backup) is using ${dataDir}`);
  }
  return file;
}

/** Whether a process holds the folder's lock now. */
export async function dataDirInUse(dataDir: string): Promise<boolean> {
  const file = await Deno.open(lockPath(dataDir), { write: true }).catch(() => null);
  if (!file) return false;
  try {
    const free = await file.tryLock(true);
    if (free) await file.unlock();
    return !free;
  } finally {
    file.close();
  }
}
