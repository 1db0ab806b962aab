/** What Linux's /proc tells of a process: its CPU time and its peak memory. */
import fs from "node:fs";

/** utime + stime of a process (every thread), in milliseconds (clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The process's peak resident memory (VmHWM) in kB; 0 once it has gone. */
export function peakRssKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The resident memory (VmRSS) of a process and every process under it, in kB; 0 once gone. */
export function treeRssKb(pid: number): number {
  let total = 0;
  try {
    total = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) total += treeRssKb(Number(child));
    }
  } catch {
    /* the process has gone */
  }
  return total;
}
