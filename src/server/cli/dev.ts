import { spawn } from 'node:child_process';
import { loadDevConfig } from '../config';

/*
 * `npm run dev`: the service (API only) on API_PORT and Vite with hot reload on PORT, which proxies
 * /api to it (vite.config.ts). One Ctrl+C stops both.
 */
const { apiPort, webPort, inherited } = loadDevConfig();

const api = spawn('npx', ['tsx', 'watch', 'src/server/cli/start.ts'], {
  stdio: 'inherit',
  env: { ...inherited, PORT: apiPort, HOST: '127.0.0.1', SKIP_STATIC: '1' },
});
const web = spawn('npx', ['vite', '--port', webPort], { stdio: 'inherit', env: { ...inherited, API_PORT: apiPort } });

const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code && code !== 0) web.kill('SIGTERM');
});
web.on('exit', () => api.kill('SIGTERM'));
