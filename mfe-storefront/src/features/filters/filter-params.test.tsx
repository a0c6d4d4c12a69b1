import { act } from '@testing-library/react';
import { currentLocation, renderAt } from '@koopjesland/shared/testing';
import { useFilterParams } from './filter-params';

type Handles = ReturnType<typeof useFilterParams>;

/** Keeps the handles of the first render and of the latest one. */
function renderFilterParams(route: string) {
  const renders: Handles[] = [];
  function Probe() {
    renders.push(useFilterParams());
    return null;
  }
  // The browser's router at the page's address, as in the shell.
  renderAt(route, <Probe />);
  return { first: renders[0]!, latest: () => renders[renders.length - 1]! };
}

it('a filter change from a handler of an earlier render keeps what the address gained since (the default sort)', () => {
  const { first } = renderFilterParams('/tv');
  act(() => {
    first.setParams((current) => {
      current.set('sortBy', 'price');
      current.set('sortOrder', 'asc');
      return current;
    }, { replace: true });
  });
  expect(currentLocation()).toBe('/tv?sortBy=price&sortOrder=asc');

  // A part of the page still holding the first render's handler (hydrated later) changes a filter.
  act(() => first.update({ brand: 'Philips' }));
  expect(currentLocation()).toBe('/tv?sortBy=price&sortOrder=asc&brand=Philips&page=1');
});

it('two changes in one event both reach the address', () => {
  const { latest } = renderFilterParams('/tv?page=3');
  act(() => {
    latest().update({ brand: 'Philips' });
    latest().update({ store: 'coolblue' });
  });
  expect(currentLocation()).toBe('/tv?page=1&brand=Philips&store=coolblue');
  act(() => latest().clearAll());
  expect(currentLocation()).toBe('/tv?page=1');
});
