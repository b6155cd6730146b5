import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readFileSync } from 'node:fs';
const [dir, variant] = process.argv.slice(2);
const opts = { extensions: { pg_trgm } };
if (variant === 'small') { opts.postgresqlconf = ['shared_buffers = 16MB', 'work_mem = 2MB', 'maintenance_work_mem = 16MB', 'temp_buffers = 2MB', 'wal_buffers = 1MB']; }
if (variant === 'small-mem') { opts.postgresqlconf = ['shared_buffers = 8MB', 'work_mem = 1MB', 'maintenance_work_mem = 8MB', 'temp_buffers = 1MB']; }
const rss = () => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024);
console.log('before', rss());
const pg = await PGlite.create(dir, opts);
console.log('open', rss(), 'ext', Math.round(process.memoryUsage().external/1048576));
await pg.query("SELECT count(*) FROM listings WHERE title ILIKE '%a%'");
await pg.query("SHOW shared_buffers").then(r => console.log(JSON.stringify(r.rows)));
global.gc?.();
await new Promise(r => setTimeout(r, 2000));
console.log('after query', rss(), 'external', Math.round(process.memoryUsage().external/1048576), 'arrayBuffers', Math.round(process.memoryUsage().arrayBuffers/1048576));
await pg.close();
