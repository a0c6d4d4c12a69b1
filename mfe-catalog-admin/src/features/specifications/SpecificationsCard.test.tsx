import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SpecificationCoverage, SpecificationField } from '@koopjesland/shared';
import { mockApi, reply } from '@koopjesland/shared/testing';
import { renderAdmin } from '../../test/render';

const category = {
  id: 7,
  name: 'Televisies',
  slug: 'televisies',
  image: null,
  parentId: null,
  childCategories: [],
  aliases: [],
  _count: { products: 6, childCategories: 0 },
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
};
const size: SpecificationField = {
  id: 3,
  categoryId: 7,
  name: 'Schermdiagonaal',
  type: 'number',
  unit: 'inch',
  options: [],
  propertyNames: ['Schermdiagonaal', 'screen size'],
  position: 0,
};
const label: SpecificationField = {
  id: 4,
  categoryId: 7,
  name: 'Energielabel',
  type: 'list',
  unit: null,
  options: ['E', 'F', 'G'],
  propertyNames: ['Energielabel'],
  position: 1,
};
const coverage: SpecificationCoverage = {
  productCount: 6,
  fields: [
    { fieldId: 3, withValue: 4, unreadable: 1, examples: [{ productId: 12, productName: 'Hisense televisie', propertyName: 'Schermdiagonaal', value: 'groot' }] },
    { fieldId: 4, withValue: 6, unreadable: 0, examples: [] },
  ],
  suggestions: [
    { name: 'Beeldschermgrootte', productCount: 2, exampleValues: ['139 cm', '55 inch'] },
    { name: 'Kleur', productCount: 1, exampleValues: ['zwart'] },
  ],
};
const routes = {
  'GET /categories/id/7': () => category,
  'GET /categories/7/products': () => ({ products: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, itemsPerPage: 20 } }),
  'GET /categories': () => ({ categories: [] }),
  'GET /categories/7/specification-fields': () => ({ fields: [size, label] }),
  'GET /categories/7/specification-coverage': () => coverage,
};

const section = async () => (await screen.findByText('Specifications')).closest('.ant-card') as HTMLElement;

describe('category detail: specifications', () => {
  it('shows the fields with their mapped names, coverage and unreadable values with examples', async () => {
    mockApi(routes);
    renderAdmin('/admin/categories/7');
    const card = await section();
    const sizeRow = (await within(card).findByText('Schermdiagonaal', { selector: 'td' })).closest('tr') as HTMLElement;
    expect(within(sizeRow).getByText('Number (inch)')).toBeInTheDocument();
    expect(within(sizeRow).getByText('screen size')).toBeInTheDocument();
    expect(await within(sizeRow).findByText('4 of 6')).toBeInTheDocument();
    expect(within(sizeRow).getByText('1 unreadable values')).toBeInTheDocument();
    expect(within(sizeRow).getByText('Hisense televisie: Schermdiagonaal “groot”')).toBeInTheDocument();
    const labelRow = within(card).getByText('Energielabel', { selector: 'td' }).closest('tr') as HTMLElement;
    expect(within(labelRow).getByText('List')).toBeInTheDocument();
    expect(within(labelRow).getByText('E, F, G')).toBeInTheDocument();
    expect(within(labelRow).getByText('6 of 6')).toBeInTheDocument();
  });

  it('adds a suggested property name to a field with one click', async () => {
    const calls = mockApi({
      ...routes,
      'PUT /categories/7/specification-fields/3': (request) => ({ ...size, propertyNames: (request.body as SpecificationField).propertyNames }),
    });
    renderAdmin('/admin/categories/7');
    const suggestions = await screen.findByRole('region', { name: 'Suggested property names' });
    expect(await within(suggestions).findByText('2 products, e.g. 139 cm, 55 inch')).toBeInTheDocument();
    fireEvent.click(within(suggestions).getByRole('button', { name: 'Add Beeldschermgrootte to Schermdiagonaal' }));
    await waitFor(() => expect(calls.find('PUT', '/categories/7/specification-fields/3')).toHaveLength(1));
    expect(calls.find('PUT', '/categories/7/specification-fields/3')[0]!.body).toEqual({
      name: 'Schermdiagonaal',
      type: 'number',
      unit: 'inch',
      options: [],
      propertyNames: ['Schermdiagonaal', 'screen size', 'Beeldschermgrootte'],
    });
    expect(await screen.findByText('Beeldschermgrootte added to Schermdiagonaal')).toBeInTheDocument();
  });

  it('defines a new list field with its options and mapped names', async () => {
    const calls = mockApi({
      ...routes,
      'POST /categories/7/specification-fields': (request) => reply(201, { ...label, id: 5, ...(request.body as object) }),
    });
    renderAdmin('/admin/categories/7');
    const card = await section();
    fireEvent.click(within(card).getByRole('button', { name: 'Add field' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add specification field')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Paneel' } });
    fireEvent.mouseDown(within(dialog).getByLabelText('Type'));
    fireEvent.click(await screen.findByTitle('List'));
    const options = await within(dialog).findByLabelText('Options');
    for (const option of ['OLED', 'QLED']) {
      fireEvent.change(options, { target: { value: option } });
      fireEvent.keyDown(options, { key: 'Enter', code: 'Enter' });
    }
    const names = within(dialog).getByLabelText('Mapped property names');
    fireEvent.change(names, { target: { value: 'Paneeltype' } });
    fireEvent.keyDown(names, { key: 'Enter', code: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find('POST', '/categories/7/specification-fields')).toHaveLength(1));
    expect(calls.find('POST', '/categories/7/specification-fields')[0]!.body).toEqual({
      name: 'Paneel',
      type: 'list',
      unit: null,
      options: ['OLED', 'QLED'],
      propertyNames: ['Paneeltype'],
    });
  });

  it('shows the reason when the server refuses a mapping', async () => {
    mockApi({
      ...routes,
      'PUT /categories/7/specification-fields/4': () =>
        reply(400, { error: 'Invalid propertyNames', details: 'propertyNames: "Schermdiagonaal" is mapped to the field "Schermdiagonaal"' }),
    });
    renderAdmin('/admin/categories/7');
    const card = await section();
    fireEvent.click(await within(card).findByRole('button', { name: 'Edit Energielabel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Energielabel')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/is mapped to the field "Schermdiagonaal"/)).toBeInTheDocument();
  });
});
