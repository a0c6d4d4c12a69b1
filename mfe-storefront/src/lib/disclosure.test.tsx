import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Disclosure } from './disclosure';

it('opens the sections asked for, renders a closed one only when its button opens it', async () => {
  render(
    <Disclosure
      items={[
        { key: 'description', label: 'Description', children: <p>A quiet robot.</p> },
        { key: 'properties', label: 'Properties', children: <p>Weight: 3 kg</p> },
      ]}
      defaultOpen={['description']}
    />,
  );
  const description = screen.getByRole('button', { name: 'Description' });
  const properties = screen.getByRole('button', { name: 'Properties' });
  expect(description).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText('A quiet robot.')).toBeVisible();
  expect(properties).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByText('Weight: 3 kg')).toBeNull();

  await userEvent.click(properties);
  expect(properties).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText('Weight: 3 kg')).toBeVisible();
  expect(document.getElementById(properties.getAttribute('aria-controls')!)).toContainElement(screen.getByText('Weight: 3 kg'));

  await userEvent.click(description);
  expect(screen.queryByText('A quiet robot.')).toBeNull();
});
