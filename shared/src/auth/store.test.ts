import { waitFor } from '@testing-library/react';

const user = { id: 1, email: 'demo@koopjesland.nl', isAdmin: false, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function reset() {
  localStorage.clear();
  jest.resetModules();
}

describe('auth store', () => {
  beforeEach(reset);

  async function freshStore() {
    const module = await import('./store');
    return module.useAuthStore;
  }

  it('starts loading and becomes anonymous without stored credentials', async () => {
    const store = await freshStore();
    expect(store.getState().status).toBe('loading');
    global.fetch = jest.fn();
    await store.getState().initialize();
    expect(store.getState().status).toBe('anonymous');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('signs in from storage when the profile check succeeds', async () => {
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('authUser', JSON.stringify(user));
    global.fetch = jest.fn(async () => json(user)) as typeof fetch;
    const store = await freshStore();
    await store.getState().initialize();
    expect(store.getState()).toMatchObject({ status: 'authenticated', token: 'tok', user });
    const request = (global.fetch as jest.Mock).mock.calls[0][0] as Request;
    expect(request.url).toMatch(/\/api\/auth\/profile$/);
    expect(request.headers.get('authorization')).toBe('Bearer tok');
  });

  it('drops stored credentials when the profile check fails', async () => {
    localStorage.setItem('authToken', 'expired');
    localStorage.setItem('authUser', JSON.stringify(user));
    global.fetch = jest.fn(async () => json({ error: 'Invalid or expired token' }, 401)) as typeof fetch;
    const store = await freshStore();
    await store.getState().initialize();
    expect(store.getState().status).toBe('anonymous');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('authUser')).toBeNull();
  });

  it('stores token and user on login and clears them on logout', async () => {
    global.fetch = jest.fn(async () => json({ token: 'new', user })) as typeof fetch;
    const store = await freshStore();
    await store.getState().login('demo@koopjesland.nl', 'secret123');
    expect(store.getState().status).toBe('authenticated');
    expect(localStorage.getItem('authToken')).toBe('new');
    expect(JSON.parse(localStorage.getItem('authUser')!)).toEqual(user);
    await store.getState().logout();
    expect(store.getState()).toMatchObject({ status: 'anonymous', token: null, user: null });
    expect(localStorage.getItem('authToken')).toBeNull();
    await waitFor(() => expect(global.fetch).toHaveBeenCalledTimes(2));
    const logoutRequest = (global.fetch as jest.Mock).mock.calls[1][0] as Request;
    expect(logoutRequest.url).toMatch(/\/api\/auth\/logout$/);
    expect(logoutRequest.headers.get('authorization')).toBe('Bearer new');
  });

  it('shows the server message when login fails', async () => {
    global.fetch = jest.fn(async () => json({ error: 'Invalid email or password' }, 401)) as typeof fetch;
    const store = await freshStore();
    await expect(store.getState().login('a@b.nl', 'wrong-password')).rejects.toThrow('Invalid email or password');
    expect(store.getState().status).toBe('loading');
  });
});

