import { Hono } from 'hono';
import type { AppEnv, Deps } from '../http/context';

// TODO(issue 2): endpoints of this resource.
export function lookupRoutes(_deps: Deps) {
  const r = new Hono<AppEnv>();
  return r;
}
