import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@atrium/db';
import type { CampaignDetails, CampaignImage, KnowledgeArticle, KnowledgeArticleImage } from '@atrium/shared';
import { expectJson, unique } from '../../testing/fixtures';
import { addMember, signUp, type SessionClient } from '../../testing/session-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 8, 9]);
const formWith = (bytes: Uint8Array, name = 'banner.png') => {
  const form = new FormData();
  form.set('file', new Blob([bytes], { type: 'image/png' }), name);
  return form;
};
const upload = (client: SessionClient, campaignId: string, bytes: Uint8Array) =>
  client.request(`/api/v1/marketing/campaigns/${campaignId}/images`, {
    method: 'POST',
    body: formWith(bytes),
  });
const campaign = (client: SessionClient, type: 'email' | 'sms') =>
  client
    .request('/api/v1/marketing/campaigns', { method: 'POST', json: { name: unique('Pictures'), type } })
    .then((response) => expectJson<CampaignDetails>(response, 201));
const signedOut = (url: string) => fetch(url.startsWith('http') ? url : server.baseUrl + url);

describe('campaign images (issue 23)', () => {
  it('stores an uploaded image and serves it to anyone at its public address, kept from the clean-up', async () => {
    const { client } = await signUp(server, { companyName: 'Picture Mail Co' });
    const email = await campaign(client, 'email');
    const image = await expectJson<CampaignImage>(await upload(client, email.id, png), 201);
    expect(image.url).toBe(`${server.baseUrl}/m/i/${image.id}`);

    const served = await signedOut(image.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(served.headers.get('cache-control')).toMatch(/^public, max-age=\d{6,}/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);

    const [file] = await server.platform.database.db
      .select({ unattachedSince: schema.storedFiles.unattachedSince })
      .from(schema.storedFiles)
      .where(eq(schema.storedFiles.id, image.id));
    expect(file).toEqual({ unattachedSince: null });

    // Mail already sent goes on showing it after the campaign is deleted.
    expect(
      (await client.request(`/api/v1/marketing/campaigns/${email.id}`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await signedOut(image.url)).status).toBe(200);
  });

  it('serves no other file of a workspace, and nothing for a made-up or malformed id', async () => {
    const { client } = await signUp(server, { companyName: 'Private Files Co' });
    // A draft article's image: a stored file of the workspace that only its agents may see.
    const article = await expectJson<KnowledgeArticle>(
      await client.request('/api/v1/helpdesk/kb/articles', {
        method: 'POST',
        json: { title: unique('Private'), content: '<p>Draft</p>' },
      }),
      201,
    );
    const privateImage = await expectJson<KnowledgeArticleImage>(
      await client.request(`/api/v1/helpdesk/kb/articles/${article.id}/images`, {
        method: 'POST',
        body: formWith(png),
      }),
      201,
    );
    expect((await signedOut(`/m/i/${privateImage.id}`)).status).toBe(404);
    expect((await signedOut(`/m/i/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await signedOut('/m/i/not-a-file')).status).toBe(404);
  });

  it('takes only images, only for email campaigns of the workspace, only from those who may change campaigns', async () => {
    const { client } = await signUp(server, { companyName: 'Upload Rules Co' });
    const employee = await addMember(server, client, 'employee');
    const stranger = await signUp(server, { companyName: 'Other Upload Co' });
    const email = await campaign(client, 'email');
    const sms = await campaign(client, 'sms');

    const html = new TextEncoder().encode('<html><script>alert(1)</script>');
    const notImage = await upload(client, email.id, html);
    expect(notImage.status).toBe(400);
    expect(((await notImage.json()) as { error: { fields: unknown } }).error.fields).toEqual({
      file: 'Choose a PNG, JPEG, GIF or WebP image',
    });
    expect((await upload(client, sms.id, png)).status).toBe(422);
    expect((await upload(employee.client, email.id, png)).status).toBe(403);
    expect((await upload(stranger.client, email.id, png)).status).toBe(404);
    expect((await upload(client, crypto.randomUUID(), png)).status).toBe(404);
    const json = await client.request(`/api/v1/marketing/campaigns/${email.id}/images`, {
      method: 'POST',
      json: { file: 'x' },
    });
    expect(json.status).toBe(415);
  });
});
