// CPU time of a process tree, from Linux's /proc: what a benchmark's servers spent per request,
// a figure that other work on a busy machine changes far less than requests per second.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** [parent pid, user + system ticks] of a live process; undefined once it is gone. */
function stat(pid: number): [number, number] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return [Number(fields[1]), Number(fields[11]) + Number(fields[12])];
  } catch {
    return undefined;
  }
}

export function parentPid(pid: number): number | undefined {
  return stat(pid)?.[0];
}

/** Milliseconds of CPU the live processes of `rootPid`'s tree (it included) have used. */
export function treeCpuMs(rootPid: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const found = stat(pid);
    if (!found) continue;
    ticks.set(pid, found[1]);
    children.set(found[0], [...(children.get(found[0]) ?? []), pid]);
  }
  let total = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += ticks.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return (total * 1000) / TICKS_PER_SECOND;
}
