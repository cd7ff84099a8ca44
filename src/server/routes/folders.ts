import { Hono } from 'hono';
import { assistantGroupsQuery, createAssistantGroupRequest, updateAssistantGroupRequest } from '../../contract';
import { groupNotFound, KINDS, type GroupKind } from '../folders/kinds';
import { getGroup, groupsPage } from '../folders/read';
import { groupResource } from '../folders/resource';
import { createGroup, deleteGroup, updateGroup } from '../folders/write';
import type { AppEnv, Deps } from '../http/context';
import { paginate } from '../http/pagination';
import { idParam, parseBody, parseQuery } from '../http/validate';

/** `/user/folders` and `/user/labels`: the same five answers for each kind. */
function groupRoutes(r: Hono<AppEnv>, kind: GroupKind, { db, now }: Deps): void {
  const base = `/${KINDS[kind].table}`;
  const noun = KINDS[kind].noun;
  const missing = groupNotFound(kind);

  r.get(base, async (c) => {
    const { page, per_page: perPage } = parseQuery(c, assistantGroupsQuery);
    const { total, groups } = await groupsPage(db, kind, c.var.user.id, page, perPage);
    const data = groups.map(({ row, assistantsCount }) => groupResource(row, assistantsCount));
    return c.json(paginate(c.req.url, page, perPage, total, data));
  });

  r.post(base, async (c) => {
    const input = await parseBody(c, createAssistantGroupRequest);
    const row = await createGroup(db, now, kind, c.var.user.id, input);
    return c.json({ message: `${noun} created successfully`, data: groupResource(row, 0) }, 201);
  });

  r.put(`${base}/:id`, async (c) => {
    const id = idParam(c, 'id', missing);
    const input = await parseBody(c, updateAssistantGroupRequest);
    await updateGroup(db, now, kind, c.var.user.id, id, input);
    const { row, assistantsCount } = await getGroup(db, kind, c.var.user.id, id);
    return c.json({ message: `${noun} updated successfully`, data: groupResource(row, assistantsCount) });
  });

  r.delete(`${base}/:id`, async (c) => {
    const id = idParam(c, 'id', missing);
    await deleteGroup(db, kind, c.var.user.id, id);
    return c.json({ message: `${noun} deleted successfully` });
  });
}

export function folderRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();
  groupRoutes(r, 'folder', deps);
  groupRoutes(r, 'label', deps);
  return r;
}
