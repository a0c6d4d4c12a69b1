import { apiGet, apiPost } from './client';
import { ApiError } from './errors';
import { setTokenSource } from './token';

type Handler = (request: Request) => Response | Promise<Response>;
let handler: Handler;
const calls: Request[] = [];

beforeEach(() => {
  calls.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    calls.push(request);
    return handler(request);
  }) as typeof fetch;
  setTokenSource(() => null);
});

const json = (body: unknown, status = 200, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

describe('API client', () => {
  it('calls <origin>/api with JSON and the bearer token from the auth store', async () => {
    setTokenSource(() => 'abc');
    handler = () => json({ ok: true });
    await expect(apiGet('products', { query: { page: 2, brand: ['Bosch', 'Miele'], empty: '' } })).resolves.toEqual({ ok: true });
    expect(calls[0]!.url).toBe(`${window.location.origin}/api/products?page=2&brand=Bosch%2CMiele`);
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer abc');
  });

  it('sends a FormData body as multipart, not as JSON (file uploads)', async () => {
    handler = () => json({ id: 1 }, 201);
    const form = new FormData();
    form.append('file', new Blob(['GIF89a'], { type: 'image/gif' }), 'foto.gif');
    await expect(apiPost('products/1/images', form)).resolves.toEqual({ id: 1 });
    expect(calls[0]!.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("uses the response's error field plus ': ' and details", async () => {
    handler = () => json({ error: 'Invalid page', details: 'query.page: too small' }, 400, 'Bad Request');
    await expect(apiGet('products')).rejects.toEqual(new ApiError('Invalid page: query.page: too small', 400));
  });

  it('falls back to the status text when the body cannot be read, else to the status code', async () => {
    handler = () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' });
    await expect(apiPost('x')).rejects.toThrow('Bad Gateway');
    handler = () => new Response('<html>', { status: 500 });
    await expect(apiPost('x')).rejects.toThrow('HTTP error! status: 500');
  });

  it("auth calls show the response's error field, else 'HTTP error! status: {code}'", async () => {
    handler = () => json({ error: 'Invalid email or password', details: 'x' }, 401);
    await expect(apiPost('auth/login', {}, { errorStyle: 'auth' })).rejects.toThrow(/^Invalid email or password$/);
    handler = () => new Response('', { status: 429, statusText: 'Too Many Requests' });
    await expect(apiPost('auth/login', {}, { errorStyle: 'auth' })).rejects.toThrow('HTTP error! status: 429');
  });

  it('shares identical concurrent GETs', async () => {
    handler = () => json({ n: 1 });
    const [a, b] = await Promise.all([apiGet('categories', { query: { navigation: true } }), apiGet('categories', { query: { navigation: true } })]);
    expect(a).toEqual(b);
    expect(calls).toHaveLength(1);
    await apiGet('categories', { query: { navigation: true } });
    expect(calls).toHaveLength(2);
  });
});
