import { expect, type Page } from '@playwright/test';
import type { DemoRole } from './pages.ts';

/** Signs the browser in as a demo account (loopback test server: demo sign-in is on) and stays on `returnTo`. */
export async function signInAs(page: Page, role: DemoRole, returnTo = '/'): Promise<void> {
  const response = await page.goto(`/v2/auth/demo?as=${role}&redirect_uri=${encodeURIComponent(returnTo)}`);
  expect(response?.ok(), `demo sign-in as ${role}`).toBe(true);
}
