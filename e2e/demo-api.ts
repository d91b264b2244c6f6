import { demoEmail, demoPassword, type Role } from '@atrium/shared';
import { expect, type Page } from '@playwright/test';

// Calls to a demo workspace's API on a given server, for journeys that prepare records or use a
// server of their own (mail-server.ts).

/** A JSON POST to `baseURL` with the Origin a browser there would send. */
export const postTo = (page: Page, baseURL: string, path: string, data: unknown) =>
  page.request.post(`${baseURL}${path}`, { data, headers: { Origin: baseURL } });

/** Signs in to a server other than the shared one (signInAs keeps sessions of the shared one). */
export async function signInTo(page: Page, baseURL: string, role: Role) {
  const response = await postTo(page, baseURL, '/api/v1/auth/login', {
    email: demoEmail(role),
    password: demoPassword,
  });
  expect(response.status(), `sign-in as ${role}`).toBe(200);
}

/** As an Admin, in a browser of their own: a task in the first project, assigned to `employeeId`. */
export async function assignTask(page: Page, baseURL: string, employeeId: string, title: string) {
  const context = await page.context().browser()!.newContext({ baseURL });
  const admin = await context.newPage();
  await signInTo(admin, baseURL, 'admin');
  const projects = await admin.request.get('/api/v1/projects?limit=1&sort=name&order=asc');
  const projectId = ((await projects.json()) as { data: { id: string }[] }).data[0]!.id;
  const created = await postTo(admin, baseURL, '/api/v1/tasks', { projectId, title, assigneeId: employeeId });
  expect(created.status()).toBe(201);
  const task = (await created.json()) as { id: string };
  await context.close();
  return { projectId, taskId: task.id };
}
