/** The production liveness module page loads HyperVerge's web SDK from configuration, and only it. */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createSelfFetch } from '../src/providers/http.ts';
import { createLivenessProvider } from '../src/providers/liveness/create.ts';
import { livenessModuleRoutes } from '../src/modules/selfie/liveness-module.ts';

const SDK = 'https://hv-web-sdk-cdn.hyperverge.co/hyperverge-web-sdk@9.0.0/src/sdk.min.js';
const production = (extra: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    EKYC_PROVIDERS: 'production',
    HYPERVERGE_APP_ID: 'a',
    HYPERVERGE_APP_KEY: 'k',
    HYPERVERGE_WORKFLOW_ID: 'w',
    ...extra,
  });

it('serves a page that loads the configured SDK, with a policy that allows its origin', async () => {
  const liveness = createLivenessProvider(production({ HYPERVERGE_WEB_SDK_URL: SDK }), createSelfFetch());
  // the routes declare their replies with Zod schemas, compiled as the app compiles them
  const app = Fastify().setValidatorCompiler(validatorCompiler).setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { liveness } as never);
  await app.register(livenessModuleRoutes, { prefix: '/api/v1/ekyc' });
  const page = await app.inject({ url: '/api/v1/ekyc/liveness-module?token=t&transactionId=lv_1&workflowId=w' });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`<script src="${SDK}"></script>`);
  expect(page.headers['content-security-policy']).toContain("script-src 'self' https://hv-web-sdk-cdn.hyperverge.co");
  const js = await app.inject({ url: '/api/v1/ekyc/liveness-module.js' });
  expect(js.body).toContain('HyperKYCModule.launch');
  await app.close();
});

it('a production start needs the SDK URL, over https', () => {
  expect(() => createLivenessProvider(production({}), createSelfFetch())).toThrow(/HYPERVERGE_WEB_SDK_URL is required/);
  expect(() =>
    createLivenessProvider(production({ HYPERVERGE_WEB_SDK_URL: 'http://cdn.example/sdk.js' }), createSelfFetch()),
  ).toThrow(/HYPERVERGE_WEB_SDK_URL must be an https URL/);
});
