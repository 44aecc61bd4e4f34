import type { AuthProvider } from 'react-admin';
import { apiStatus, getData } from './api';
import { allowed, type Role } from './permissions';

export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  role: Role;
  tenantIds: string[] | null;
}

interface Session {
  staff: StaffIdentity;
  expiresAt: string;
}

/** The signed-in member, asked of the API once and kept until sign-out or a 401. */
let current: Promise<Session> | null = null;

function session(): Promise<Session> {
  current ??= getData<Session>('GET', '/session').catch((error: unknown) => {
    current = null;
    throw error;
  });
  return current;
}

export interface LoginParams {
  email: string;
  password: string;
  totp?: string;
}

/** Sign-in on `POST /session` (the cookie is HttpOnly: the page never sees it), roles from the session. */
export const authProvider: AuthProvider = {
  async login({ email, password, totp }: LoginParams) {
    current = null;
    const body = { email, password, ...(totp ? { totp } : {}) };
    const signedIn = await getData<Session>('POST', '/session', body);
    current = Promise.resolve(signedIn);
  },
  async logout() {
    current = null;
    try {
      await getData('DELETE', '/session');
    } catch {
      // Already signed out (expired or revoked): nothing to undo.
    }
  },
  async checkAuth() {
    await session();
  },
  async checkError(error: unknown) {
    if (apiStatus(error) === 401) {
      current = null;
      throw error;
    }
  },
  async getIdentity() {
    const { staff } = await session();
    return { id: staff.id, fullName: `${staff.name} (${staff.role})`, email: staff.email };
  },
  async getPermissions() {
    try {
      return (await session()).staff.role;
    } catch {
      return undefined;
    }
  },
  async canAccess({ resource, action }) {
    try {
      return allowed((await session()).staff.role, resource, action);
    } catch {
      return false;
    }
  },
};
