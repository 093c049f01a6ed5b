// GET /api/v1/docs: the public API's reference, rendered by Swagger UI from /api/v1/openapi.json. The
// UI's files come from the @fastify/swagger-ui package (served under /api/docs/static): nothing from a CDN.
import type { App } from '../../routing/typed';

const ASSETS = '/api/docs/static';

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<title>Kagami API reference</title>
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
<link rel="stylesheet" href="${ASSETS}/index.css">
<link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS}/swagger-ui-bundle.js" charset="UTF-8"></script>
<script src="/api/v1/docs/start.js" charset="UTF-8"></script>
</body>
</html>
`;

// A file of its own rather than an inline script, so the page works under a CSP without 'unsafe-inline'.
const START = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: false,
  presets: [SwaggerUIBundle.presets.apis],
});
`;

export function docsPageRoutes(app: App) {
  app.get('/api/v1/docs', { schema: { hide: true } }, (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/api/v1/docs/start.js', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(START),
  );
}
