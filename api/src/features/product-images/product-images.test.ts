import type { TestContext } from '../../../test/helpers';
import { openCatalogueTestApp, type Catalogue } from '../../../test/catalogue';
import { createTestUser, type TestUser } from '../../../test/auth';
import { multipartPayload, tinyPng } from '../../../test/multipart';

let ctx: TestContext;
let data: Catalogue;
let admin: TestUser;

beforeAll(async () => {
  ({ ctx, data } = await openCatalogueTestApp());
  admin = await createTestUser(ctx.app, { role: 'admin' });
});
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const response = await ctx.app.inject({ method, url, payload, headers: admin.headers });
  return { status: response.statusCode, body: response.json() };
};
type Image = { id: number; url: string; main: boolean; isDisabled: boolean; alt?: string | null; filename: string | null };
const imagesOf = async (productId: number): Promise<Image[]> => (await call('GET', `/api/products/${productId}/images`)).body.images;

const png = tinyPng;

function multipartBody(file: Buffer, filename: string, contentType: string, alt?: string) {
  const { payload, contentType: type } = multipartPayload(alt === undefined ? {} : { alt }, { name: filename, type: contentType, content: file });
  return { payload, headers: { ...admin.headers, 'content-type': type } };
}

describe('product images', () => {
  it('lists every image, main first, disabled ones included', async () => {
    const images = await imagesOf(data.products.bosch.id);
    expect(images.map((image) => [image.url.replace('https://img.example/', ''), image.main, image.isDisabled])).toEqual([
      ['bosch-main.jpg', true, false],
      ['bosch-side.jpg', false, false],
      ['bosch-broken.jpg', false, true],
    ]);
    expect((await call('GET', '/api/products/999999/images')).status).toBe(404);
  });

  it('the main image cannot be disabled; another can be disabled and enabled', async () => {
    const [main, side] = await imagesOf(data.products.bosch.id);
    expect(await call('POST', `/api/product-images/${main!.id}/toggle-disabled`)).toEqual({
      status: 400,
      body: { error: 'Invalid image', details: 'image: The main image cannot be disabled' },
    });
    expect((await call('POST', `/api/product-images/${side!.id}/toggle-disabled`)).body.image.isDisabled).toBe(true);
    expect((await call('POST', `/api/product-images/${side!.id}/toggle-disabled`)).body.image.isDisabled).toBe(false);
  });

  it('Set Main moves the main flag and the product image', async () => {
    const { bosch } = data.products;
    const side = (await imagesOf(bosch.id))[1]!;
    expect((await call('POST', `/api/product-images/${side.id}/set-main`)).body.image).toMatchObject({ id: side.id, main: true });
    const images = await imagesOf(bosch.id);
    expect(images.filter((image) => image.main).map((image) => image.id)).toEqual([side.id]);
    const product = await call('GET', `/api/products/${bosch.id}`);
    expect(product.body).toMatchObject({ image: side.url, imageId: side.id });
  });

  it('edits alt text and file name, and deleting the main image passes main on', async () => {
    const { bosch } = data.products;
    const [main, other] = await imagesOf(bosch.id);
    const edited = await call('PUT', `/api/product-images/${other!.id}`, { alt: ' Zijkant ', filename: 'zijkant.jpg' });
    expect(edited.body.image).toMatchObject({ alt: 'Zijkant', filename: 'zijkant.jpg' });
    expect((await call('DELETE', `/api/product-images/${main!.id}`)).body).toEqual({ deleted: true });
    const left = await imagesOf(bosch.id);
    expect(left.find((image) => image.main)?.id).toBe(other!.id);
    expect((await call('GET', `/api/products/${bosch.id}`)).body.image).toBe(other!.url);
    expect((await call('DELETE', `/api/product-images/${main!.id}`)).status).toBe(404);
  });

  it('uploads an image file, serves it, and refuses other types', async () => {
    const { philips } = data.products;
    const upload = multipartBody(png(), 'koffie.png', 'image/png', 'Voorkant');
    const response = await ctx.app.inject({ method: 'POST', url: `/api/products/${philips.id}/images`, ...upload });
    expect(response.statusCode).toBe(201);
    const { image } = response.json();
    expect(image).toMatchObject({ main: true, width: 3, height: 2, filename: 'koffie.png', alt: 'Voorkant' });
    expect(image.url).toMatch(/^\/api\/media\/uploads\/\d+-[a-f0-9]{16}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png())).toBe(true);
    expect((await call('GET', `/api/products/${philips.id}`)).body.image).toBe(image.url);

    const text = multipartBody(Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png', 'image/png');
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/products/${philips.id}/images`, ...text });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Invalid file', details: 'file: only JPEG, PNG, WebP or GIF images' });
    const big = multipartBody(Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]), 'groot.png', 'image/png');
    const tooBig = await ctx.app.inject({ method: 'POST', url: `/api/products/${philips.id}/images`, ...big });
    expect(tooBig.json()).toEqual({ error: 'Invalid file', details: 'file: at most 5 MB' });

    expect((await call('DELETE', `/api/product-images/${image.id}`)).status).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: image.url })).statusCode).toBe(404);
  });
});
