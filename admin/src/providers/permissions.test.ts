import { describe, expect, it } from 'vitest';
import { canAccess } from '../resources';

describe('canAccess', () => {
  it('lets an admin do everything', () => {
    expect(canAccess('admin', 'staff', 'create')).toBe(true);
    expect(canAccess('admin', 'license-keys', 'edit')).toBe(true);
  });

  it('lets support read and resend, nothing else', () => {
    expect(canAccess('support', 'orders', 'list')).toBe(true);
    expect(canAccess('support', 'emails', 'resend')).toBe(true);
    expect(canAccess('support', 'orders', 'edit')).toBe(false);
    expect(canAccess('support', 'license-keys', 'create')).toBe(false);
    expect(canAccess('support', 'downloads', 'edit')).toBe(false);
    expect(canAccess('support', 'coupons', 'delete')).toBe(false);
  });

  it('lets support mark a contact message answered, and change nothing else of it', () => {
    expect(canAccess('support', 'messages', 'edit')).toBe(true);
    expect(canAccess('support', 'messages', 'delete')).toBe(false);
    expect(canAccess('support', 'orders', 'edit')).toBe(false);
    expect(canAccess('support', 'orders', 'resend')).toBe(true);
  });

  it('hides staff and audit from support', () => {
    expect(canAccess('support', 'staff', 'list')).toBe(false);
    expect(canAccess('support', 'staff', 'reset-mfa')).toBe(false);
    expect(canAccess('admin', 'staff', 'reset-mfa')).toBe(true);
    expect(canAccess('support', 'audit', 'list')).toBe(false);
  });

  it('denies an unknown role', () => {
    expect(canAccess(undefined, 'orders', 'list')).toBe(false);
  });
});
