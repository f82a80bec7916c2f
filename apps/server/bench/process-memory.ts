import fs from 'node:fs';

const MB = 1024 * 1024;

/** A process's resident memory now, in bytes, read from /proc (Linux); null elsewhere or gone. */
export function residentBytes(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/**
 * The highest resident memory of another process (the server under load) while `work` runs,
 * sampled every 50 ms, in MB; null where /proc cannot be read.
 */
export async function peakResidentMb<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; peakMb: number | null }> {
  let peak = residentBytes(pid);
  const sampler = setInterval(() => {
    const now = residentBytes(pid);
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, 50);
  try {
    const result = await work();
    return { result, peakMb: peak === null ? null : Math.round(peak / MB) };
  } finally {
    clearInterval(sampler);
  }
}

export function residentMb(pid: number): number | null {
  const bytes = residentBytes(pid);
  return bytes === null ? null : Math.round(bytes / MB);
}
