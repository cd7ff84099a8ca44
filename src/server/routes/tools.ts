import { Hono } from 'hono';
import { sql } from 'kysely';
import { createToolRequest, TOOL_LIMITS, TOOL_PLAN_LIMIT_MESSAGE, updateToolRequest } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { HttpError, notFound } from '../http/errors';
import { idParam, parseBody } from '../http/validate';
import { toolResource } from '../tools/resource';
import { toDbTimestamp } from '../db/time';

const TOOL_NOT_FOUND = 'Tool not found';

export function toolRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/tools', async (c) => {
    const rows = await db.selectFrom('tools').selectAll().where('user_id', '=', c.var.user.id).orderBy('id').execute();
    return c.json(rows.map(toolResource));
  });

  r.get('/tools/:id', async (c) => {
    const id = idParam(c, 'id', TOOL_NOT_FOUND);
    const row = await db.selectFrom('tools').selectAll().where('id', '=', id).where('user_id', '=', c.var.user.id).executeTakeFirst();
    if (!row) throw notFound(TOOL_NOT_FOUND);
    return c.json(toolResource(row));
  });

  r.post('/tools', async (c) => {
    const input = await parseBody(c, createToolRequest);
    const userId = c.var.user.id;
    const row = await db.transaction().execute(async (trx) => {
      // Serialise creates per user so two at once cannot both pass the plan check.
      await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
      const { count } = await trx
        .selectFrom('tools')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= TOOL_LIMITS.maxPerUser) throw new HttpError(422, TOOL_PLAN_LIMIT_MESSAGE);
      const ts = toDbTimestamp(now());
      return trx
        .insertInto('tools')
        .values({
          user_id: userId,
          name: input.name,
          description: input.description,
          endpoint: input.endpoint,
          method: input.method,
          timeout: input.timeout,
          headers: JSON.stringify(input.headers),
          schema: JSON.stringify(input.schema),
          created_at: ts,
          updated_at: ts,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return c.json({ message: 'Tool created successfully', data: toolResource(row) }, 201);
  });

  r.put('/tools/:id', async (c) => {
    const id = idParam(c, 'id', TOOL_NOT_FOUND);
    const input = await parseBody(c, updateToolRequest);
    const existing = await db.selectFrom('tools').select('id').where('id', '=', id).where('user_id', '=', c.var.user.id).executeTakeFirst();
    if (!existing) throw notFound(TOOL_NOT_FOUND);
    const row = await db
      .updateTable('tools')
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.endpoint !== undefined && { endpoint: input.endpoint }),
        ...(input.method !== undefined && { method: input.method }),
        ...(input.timeout !== undefined && { timeout: input.timeout }),
        ...(input.headers !== undefined && { headers: JSON.stringify(input.headers) }),
        ...(input.schema !== undefined && { schema: JSON.stringify(input.schema) }),
        updated_at: toDbTimestamp(now()),
      })
      .where('id', '=', id)
      .where('user_id', '=', c.var.user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json({ message: 'Tool updated successfully', data: toolResource(row) });
  });

  r.delete('/tools/:id', async (c) => {
    const id = idParam(c, 'id', TOOL_NOT_FOUND);
    // assistant_tools rows go with it (ON DELETE CASCADE): the tool is detached from every assistant.
    const res = await db.deleteFrom('tools').where('id', '=', id).where('user_id', '=', c.var.user.id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw notFound(TOOL_NOT_FOUND);
    return c.json({ message: 'Tool deleted successfully' });
  });

  return r;
}
