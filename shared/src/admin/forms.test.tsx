import { Form, Input } from 'antd';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eurosToCents, slugify, trimValues, useSlugFollowsName } from './forms';

describe('form helpers', () => {
  it.each([
    ['Coolblue', 'coolblue'],
    ['  Bol.com  Partner ', 'bol-com-partner'],
    ['Café Élan & Co.', 'cafe-elan-co'],
    ['--Mediamarkt--', 'mediamarkt'],
  ])('slugify(%j) is %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('trims strings and strings in arrays, leaving other values alone', () => {
    expect(trimValues({ name: '  Coolblue ', domains: [' a.nl ', 'b.nl'], active: true, limit: 3 })).toEqual({
      name: 'Coolblue',
      domains: ['a.nl', 'b.nl'],
      active: true,
      limit: 3,
    });
  });

  it.each([
    [12.5, 1250],
    ['12,50', 1250],
    ['0.1', 10],
    [19.99, 1999],
    ['', null],
    ['abc', null],
  ])('eurosToCents(%j) is %j', (euros, cents) => {
    expect(eurosToCents(euros)).toBe(cents);
  });

  function StoreForm() {
    const [form] = Form.useForm();
    const onValuesChange = useSlugFollowsName(form);
    return (
      <Form form={form} onValuesChange={onValuesChange}>
        <Form.Item name="name" label="Name">
          <Input />
        </Form.Item>
        <Form.Item name="slug" label="Slug">
          <Input />
        </Form.Item>
      </Form>
    );
  }

  it('derives the slug from the name until the slug is edited by hand', async () => {
    render(<StoreForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'Media Markt');
    expect(screen.getByLabelText('Slug')).toHaveValue('media-markt');
    await userEvent.clear(screen.getByLabelText('Slug'));
    await userEvent.type(screen.getByLabelText('Slug'), 'mm');
    await userEvent.type(screen.getByLabelText('Name'), ' NL');
    expect(screen.getByLabelText('Slug')).toHaveValue('mm');
  });
});
