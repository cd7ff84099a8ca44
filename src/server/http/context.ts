import type { Db } from '../db/connect';

export interface AuthUser {
  id: number;
  email: string;
}

export interface AppEnv {
  Variables: { user: AuthUser };
}

/** What every route module gets: the database, and the clock (tests and the call simulator move it). */
export interface Deps {
  db: Db;
  now: () => Date;
}
