import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Hono, type Context } from 'hono';

/*
 * GET /api/docs: the API reference for people, rendered in the browser by Scalar
 * (@scalar/api-reference) from /api/openapi.json, with a "Test Request" panel that calls this service.
 *
 * Nothing here reaches the network at run time: the renderer is the package's standalone browser bundle,
 * served from node_modules by this file, and the page turns off what would call Scalar's own hosts
 * (fonts, telemetry, the agent chat, MCP, the request proxy). Node never imports the package (it only
 * reads one file of it), so its `engines: node >=22` does not concern the service on Node 20, and the
 * console's Vite build never sees it.
 *
 * The page has a policy of its own (docsHeaders in http/security-headers.ts): scripts from this origin
 * only and no eval, which is why the configuration is a script file (init.js) rather than an inline
 * <script>, and why init.js, loaded first, turns off the JIT of the zod inside the bundle (it probes
 * `Function('')` as it loads).
 *
 * These are pages, not API operations: they are not in the OpenAPI document (document.test.ts lists them
 * as the only routes without an operation) and they are outside the per-user rate limit, like the document.
 */

/** The routes, under /api; exported so the routes <-> operations check can name them as the exceptions. */
export const DOCS_ROUTES = ['/docs', '/docs/scalar.js', '/docs/init.js'] as const;

interface Renderer {
  version: string;
  file: string;
}

/** The bundle's file and version, or undefined when the package is not installed. */
function findRenderer(): Renderer | undefined {
  try {
    // The package's exports hide package.json and dist/browser; its main entry is resolvable and sits in dist/.
    const main = createRequire(import.meta.url).resolve('@scalar/api-reference');
    const root = dirname(dirname(main));
    const file = join(root, 'dist', 'browser', 'standalone.js');
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    return existsSync(file) ? { version, file } : undefined;
  } catch {
    return undefined;
  }
}

let renderer: Renderer | undefined | null = null;
const theRenderer = () => (renderer === null ? (renderer = findRenderer()) : renderer);

/**
 * Scalar's options (its `createApiReference` configuration). URLs are relative to the page, /api/docs,
 * so the reference also works behind a proxy that mounts the service under a prefix.
 */
const CONFIGURATION = {
  url: 'openapi.json',
  // The bundle would fetch Inter and JetBrains Mono from fonts.scalar.com; the system fonts do.
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  // "Open API Client" would send the reader, and this document's URL, to client.scalar.com.
  hideClientButton: true,
  // Requests go straight to this origin (connect-src 'self'), never through proxy.scalar.com.
  proxyUrl: '',
  // A token typed into the page stays in the page: not written to localStorage.
  persistAuth: false,
  documentDownloadType: 'json',
  authentication: { preferredSecurityScheme: 'bearerAuth' },
};

const INIT_JS = `// The reference's configuration (src/server/openapi/docs-page.ts); a file, so the page needs no inline script.
// It runs before the bundle: zod 4 inside it probes new Function as it loads unless told not to, and the
// page's policy has no 'unsafe-eval', so the probe would only raise a violation before zod fell back.
(globalThis.__zod_globalConfig ??= {}).jitless = true;
// The bundle (the next script) defines Scalar; DOMContentLoaded comes after both have run.
document.addEventListener('DOMContentLoaded', () => {
  Scalar.createApiReference('#app', ${JSON.stringify(CONFIGURATION, null, 2).replace(/\n/g, '\n  ')});
});
`;

function page(version: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Voice Console service API reference</title>
  </head>
  <body>
    <noscript>This reference needs JavaScript. The document it shows is <a href="openapi.json">/api/openapi.json</a>.</noscript>
    <div id="app"></div>
    <script src="docs/init.js"></script>
    <script src="docs/scalar.js?v=${encodeURIComponent(version)}"></script>
  </body>
</html>
`;
}

const JS = 'text/javascript; charset=utf-8';
let gzipped: Promise<Uint8Array<ArrayBuffer>> | undefined;

async function serveBundle(c: Context, { file }: Renderer): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': JS,
    // The page asks for ?v=<package version>: a new version is a new URL, so a year is safe.
    'Cache-Control': 'public, max-age=31536000, immutable',
    Vary: 'Accept-Encoding',
  };
  // 4.3 MB of script is about 1.3 MB gzipped; compressed once (off the event loop), kept for later visits.
  if (/\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) {
    gzipped ??= readFile(file)
      .then((raw) => promisify(gzip)(raw))
      .then((zipped) => new Uint8Array(zipped))
      .catch((e: unknown) => {
        gzipped = undefined; // the next request tries again
        throw e;
      });
    return c.body(await gzipped, 200, { ...headers, 'Content-Encoding': 'gzip' });
  }
  return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, 200, headers);
}

const missing = (c: Context) =>
  c.json({ message: 'The API reference needs the @scalar/api-reference package: run `npm install`.' }, 404);

export function docsPageRoutes() {
  const r = new Hono();
  r.get('/docs', (c) => {
    const found = theRenderer();
    if (!found) return missing(c);
    c.header('Cache-Control', 'no-cache');
    return c.html(page(found.version));
  });
  r.get('/docs/scalar.js', (c) => {
    const found = theRenderer();
    return found ? serveBundle(c, found) : missing(c);
  });
  r.get('/docs/init.js', (c) => c.body(INIT_JS, 200, { 'Content-Type': JS, 'Cache-Control': 'no-cache' }));
  return r;
}
