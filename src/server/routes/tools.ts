import { Hono } from 'hono';
import { createToolRequest, updateToolRequest } from '../../contract';
import type { AppEnv, Deps } from '../http/context';
import { idParam, parseBody } from '../http/validate';
import { getTool, listTools, TOOL_NOT_FOUND } from '../tools/read';
import { toolResource } from '../tools/resource';
import { createTool, deleteTool, updateTool } from '../tools/write';

export function toolRoutes({ db, now }: Deps) {
  const r = new Hono<AppEnv>();

  r.get('/tools', async (c) => {
    const rows = await listTools(db, c.var.user.id);
    return c.json(rows.map(toolResource));
  });

  r.get('/tools/:id', async (c) => {
    const id = idParam(c, 'id', TOOL_NOT_FOUND);
    return c.json(toolResource(await getTool(db, c.var.user.id, id)));
  });

  r.post('/tools', async (c) => {
    const input = await parseBody(c, createToolRequest);
    const row = await createTool(db, now, c.var.user.id, input);
    return c.json({ message: 'Tool created successfully', data: toolResource(row) }, 201);
  });

  r.put('/tools/:id', async (c) => {
    const id = idParam(c, 'id', TOOL_NOT_FOUND);
    const input = await parseBody(c, updateToolRequest);
    const row = await updateTool(db, now, c.var.user.id, id, input);
    return c.json({ message: 'Tool updated successfully', data: toolResource(row) });
  });

  r.delete('/tools/:id', async (c) => {
    const id = idParam(c, 'id', TOOL_NOT_FOUND);
    await deleteTool(db, c.var.user.id, id);
    return c.json({ message: 'Tool deleted successfully' });
  });

  return r;
}
