// Preload (`node --import`, or NODE_OPTIONS, where --cpu-prof is not allowed) that records a
// V8 CPU profile of the whole process and writes it on exit as
// $CPU_PROFILE_DIR/<pid>.cpuprofile (default: the working directory), for Chrome DevTools.
// scripts/bench/api.ts passes it to the API processes through BENCH_API_INSTANCE_NODE_OPTIONS.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import process from 'node:process';

const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
process.on('exit', () => {
  // An in-process session answers synchronously, so the file is written before the exit.
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    const dir = process.env.CPU_PROFILE_DIR ?? process.cwd();
    fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
