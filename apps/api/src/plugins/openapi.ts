/** The OpenAPI document, generated from the shared Zod schemas of the routes, with a browsable page at /docs. */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'eKYC onboarding API',
        description:
          'Every reply is { status, message, data }, with code: the key of the message in the catalogue (MSG) when it comes from it, for translation. HTTP 200 for handled outcomes (status false for business failures), 400 for malformed input naming each field (data.errors[], each with its code), 401 without a valid token, 404, 413, 429.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
