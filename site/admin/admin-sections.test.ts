import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '#site/lib/api-routes.ts';
import { ADMIN_SECTIONS, adminSectionOf } from './admin-sections.ts';

const pages = fileURLToPath(new URL('../pages', import.meta.url));

describe('the admin sections', () => {
  it('are the menus in their order, each a screen of its own, each list an operation of its own', () => {
    expect(ADMIN_SECTIONS.map((section) => section.label)).toEqual([
      'Dashboard',
      'Contents',
      'Submissions',
      'Users',
      'Tags',
      'Reviews',
      'Audit log',
    ]);
    for (const section of ADMIN_SECTIONS) {
      expect(existsSync(`${pages}${section.href}.astro`), section.href).toBe(true);
      if (!section.list) continue;
      const [method, route] = ROUTES[section.list.operation];
      expect(method, section.list.operation).toBe('GET');
      expect(existsSync(`${pages}${route}.ts`), route).toBe(true);
    }
  });

  it('mark the section of a list and of its edit screens', () => {
    expect(adminSectionOf('/admin/contents')?.label).toBe('Contents');
    expect(adminSectionOf('/admin/content/k3x9q2mzv8d1')?.label).toBe('Contents');
    expect(adminSectionOf('/admin/submission/k3x9q2mzv8d1')?.label).toBe('Submissions');
    expect(adminSectionOf('/admin/user/k3x9q2mzv8d1')?.label).toBe('Users');
    expect(adminSectionOf('/admin/reviews')?.label).toBe('Reviews');
    expect(adminSectionOf('/admin/audit')?.label).toBe('Audit log');
    expect(adminSectionOf('/profile')).toBeUndefined();
  });
});
