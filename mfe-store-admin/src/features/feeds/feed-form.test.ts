import { feed } from '../../test/fixtures';
import type { AdminFeed } from './feeds-api';
import { canSaveFeed, isInStoreFolder, NEW_FEED_VALUES, toFeedInput, valuesOfFeed } from './feed-form';

const stored = feed as unknown as AdminFeed;

describe('feed form values', () => {
  it('Save needs a name, an importer and a storage path', () => {
    expect(canSaveFeed({ name: 'x', importer: 'awin', path: 'a/x.xml' })).toBe(true);
    expect(canSaveFeed({ name: ' ', importer: 'awin', path: 'a/x.xml' })).toBe(false);
    expect(canSaveFeed({ name: 'x', path: 'a/x.xml' })).toBe(false);
    expect(canSaveFeed({ name: 'x', importer: 'awin', path: '' })).toBe(false);
  });

  it("a storage path must lead into the store's own folder", () => {
    for (const path of ['klankwinkel/prijzen.xml', ' klankwinkel/2026/prijzen.xml ', './klankwinkel/x.csv', 'klankwinkel/../klankwinkel/x.csv']) {
      expect({ path, ok: isInStoreFolder(path, 'klankwinkel') }).toEqual({ path, ok: true });
    }
    for (const path of ['prijsknaller/demo-awin.csv.gz', 'klankwinkel', 'klankwinkel/', '/klankwinkel/x.xml', 'klankwinkel/../prijsknaller/x.csv', 'x.xml']) {
      expect({ path, ok: isInStoreFolder(path, 'klankwinkel') }).toEqual({ path, ok: false });
    }
  });

  it('edits the parameters as fields and keeps the ones the form does not show', () => {
    const values = valuesOfFeed({ ...stored, parameters: { ...stored.parameters, zipEntry: '\\.csv$', maxExpireRatio: 0.3 } });
    expect(values).toMatchObject({ delimiter: ';', intervalHours: 12, collapsePercent: 30, fieldMap: [{ field: 'price', keys: 'prijs' }] });
    const input = toFeedInput(
      { ...values, delimiter: 'tab', fieldMap: [{ field: 'gtin', keys: 'ean, product_GTIN' }], collapsePercent: null },
      { ...stored, parameters: { ...stored.parameters, zipEntry: '\\.csv$' } },
    );
    expect(input.parameters).toEqual({ delimiter: '\t', intervalHours: 12, zipEntry: '\\.csv$', fieldMap: { gtin: ['ean', 'product_GTIN'] } });
  });

  it('drops stored parameters the API does not know, so saving the feed again succeeds', () => {
    const previous = { ...stored, parameters: { ...stored.parameters, colour: 'rood', zipEntry: '\\.csv$' } };
    const input = toFeedInput(valuesOfFeed(previous), previous);
    expect(input.parameters).not.toHaveProperty('colour');
    expect(input.parameters).toMatchObject({ zipEntry: '\\.csv$' });
  });

  it('edits the cron schedule as text; empty leaves the interval in charge', () => {
    const values = valuesOfFeed({ ...stored, parameters: { ...stored.parameters, cron: '0 */6 * * *' } });
    expect(values.cron).toBe('0 */6 * * *');
    expect(toFeedInput({ ...values, cron: ' 30 2 * * 1 ' }, stored).parameters).toMatchObject({ cron: '30 2 * * 1', intervalHours: 12 });
    expect(toFeedInput({ ...values, cron: '' }, stored).parameters).not.toHaveProperty('cron');
  });

  it('edits the implausible-price thresholds as a percent and a multiple of the median; empty means the defaults', () => {
    const values = valuesOfFeed({ ...stored, parameters: { ...stored.parameters, implausibleBelow: 0.25, implausibleAbove: 4 } });
    expect(values).toMatchObject({ implausibleBelowPercent: 25, implausibleAbove: 4 });
    expect(toFeedInput({ ...values, implausibleBelowPercent: 20, implausibleAbove: 2.5 }, stored).parameters).toMatchObject({
      implausibleBelow: 0.2,
      implausibleAbove: 2.5,
    });
    const cleared = toFeedInput({ ...values, implausibleBelowPercent: null, implausibleAbove: null }, stored).parameters;
    expect(cleared).not.toHaveProperty('implausibleBelow');
    expect(cleared).not.toHaveProperty('implausibleAbove');
  });

  it('keeps stored credentials unless replaced or cleared; never reads them back', () => {
    const values = valuesOfFeed(stored);
    expect(values.credentialAction).toBe('keep');
    expect(toFeedInput(values, stored)).not.toHaveProperty('credentials');
    expect(toFeedInput({ ...values, credentialAction: 'clear' }, stored).credentials).toBeNull();
    expect(toFeedInput({ ...values, credentialAction: 'replace', credentialKind: 'token', token: 's3cret' }, stored).credentials).toEqual({ token: 's3cret' });
    expect(toFeedInput({ ...NEW_FEED_VALUES, name: 'n', path: 'p/n.xml', username: 'u', password: 'p' }).credentials).toEqual({ username: 'u', password: 'p' });
  });
});
