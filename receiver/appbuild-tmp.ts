import { mkdtempSync, copyFileSync } from 'node:fs';
import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { testEnv } from './test/helpers';
import { Writable } from 'node:stream';
const logStream = new Writable({ write(_c, _e, cb) { cb(); } });
const template = mkdtempSync('/dev/shm/tpl-');
{ const app = buildApp(loadConfig(testEnv(template, {})), { logStream }); await app.ready(); await app.close(); }
for (const round of [1, 2, 3]) {
  const t0 = performance.now(); const c0 = process.cpuUsage();
  for (let i = 0; i < 20; i++) {
    const dir = mkdtempSync('/dev/shm/appt-');
    if (process.env.TPL) copyFileSync(template + '/quotes.db', dir + '/quotes.db');
    const app = buildApp(loadConfig(testEnv(dir, {})), { logStream });
    await app.ready();
    await app.close();
  }
  const c = process.cpuUsage(c0);
  console.log(round, 'per app ms wall', ((performance.now() - t0) / 20).toFixed(1), 'cpu', ((c.user + c.system) / 20 / 1000).toFixed(1));
}
