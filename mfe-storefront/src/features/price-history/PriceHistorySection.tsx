/**
 * The price history block's content (lazily loaded by PriceHistorySlot): ranges 30 days, 90 days,
 * 1 year and all, a switch for each store's line, the range's lowest, highest and today's price,
 * and the chart.
 */
import { Alert, Empty, Segmented, Skeleton, Switch } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { formatDate, formatMoney, type PriceHistoryRange } from '@koopjesland/shared';
import { useStorefrontT } from '../../i18n';
import { Typography } from '../../lib/typography';
import { DEFAULT_PRICE_HISTORY_RANGE, useGetPriceHistoryQuery } from './api';
import { CHART_HEIGHT, CONTROLS_HEIGHT, FIGURES_HEIGHT } from './layout';
import PriceHistoryChart, { LOWEST_COLOR, MARKER_COLORS, storeColor } from './PriceHistoryChart';

const RANGES: PriceHistoryRange[] = ['30d', '90d', '1y', 'all'];

/** A UTC day (`YYYY-MM-DD`) as a date; noon keeps it the same calendar day in every time zone. */
const formatDay = (day: string | undefined) => (day ? formatDate(`${day}T12:00:00Z`) : '');

function Swatch({ color, children }: { color: string; children: ReactNode }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginRight: 16, whiteSpace: 'nowrap' }}>
      <span aria-hidden style={{ width: 10, height: 10, borderRadius: '50%', background: color, display: 'inline-block' }} />
      {children}
    </span>
  );
}

export default function PriceHistorySection({ productId }: { productId: number }) {
  const { t, i18n } = useStorefrontT();
  const [range, setRange] = useState<PriceHistoryRange>(DEFAULT_PRICE_HISTORY_RANGE);
  const [showStores, setShowStores] = useState(false);
  const [hovered, setHovered] = useState<number | null>(null);
  // A new range keeps showing the previous chart until its answer arrives (no jump to a skeleton).
  const { data: history, isError, isFetching } = useGetPriceHistoryQuery({ productId, range });
  const labels = useMemo(
    () => ({
      lowest: t('priceHistory.lowestLine'),
      lowestMarker: t('priceHistory.lowestMarker'),
      highestMarker: t('priceHistory.highestMarker'),
      todayMarker: t('priceHistory.todayMarker'),
    }),
    [t],
  );

  const hasPrices = history?.lowest.some((total) => total !== null) ?? false;
  const hoveredDay = history && hovered !== null ? history.days[hovered] : undefined;

  let body: ReactNode;
  if (isError && !history) {
    body = <Alert type="warning" showIcon title={t('priceHistory.loadFailed')} />;
  } else if (!history) {
    body = <Skeleton.Node active style={{ width: '100%', height: CHART_HEIGHT }} />;
  } else if (!hasPrices) {
    body = (
      <div style={{ height: CHART_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('priceHistory.empty')} />
      </div>
    );
  } else {
    const from = formatDay(history.days[0]);
    const to = formatDay(history.days.at(-1));
    body = (
      <>
        <div role="img" aria-label={t('priceHistory.chartLabel', { from, to })} style={{ opacity: isFetching ? 0.6 : 1 }}>
          <PriceHistoryChart
            history={history}
            showStores={showStores}
            height={CHART_HEIGHT}
            language={i18n.resolvedLanguage ?? 'nl'}
            labels={labels}
            onHover={setHovered}
          />
        </div>
        {showStores && (
          <div style={{ marginTop: 8 }} aria-label={t('priceHistory.storesLegend')} role="list">
            <span role="listitem">
              <Swatch color={LOWEST_COLOR}>{labels.lowest}</Swatch>
            </span>
            {history.stores.map((line, index) => (
              <span role="listitem" key={line.store.id}>
                <Swatch color={storeColor(index)}>{line.store.name}</Swatch>
              </span>
            ))}
          </div>
        )}
      </>
    );
  }

  const figures = history && hasPrices && (
    <div style={{ minHeight: FIGURES_HEIGHT, display: 'flex', flexWrap: 'wrap', alignItems: 'center' }}>
      {hoveredDay !== undefined ? (
        <Typography.Text>
          {t('priceHistory.dayValue', {
            date: formatDay(hoveredDay),
            price: history.lowest[hovered!] === null ? t('priceHistory.noOffer') : formatMoney(history.lowest[hovered!]),
          })}
        </Typography.Text>
      ) : (
        <>
          {history.lowestInRange && (
            <Swatch color={MARKER_COLORS.lowest}>
              {t('priceHistory.lowest', { price: formatMoney(history.lowestInRange.total), date: formatDay(history.lowestInRange.day) })}
            </Swatch>
          )}
          {history.highestInRange && history.highestInRange.total !== history.lowestInRange?.total && (
            <Swatch color={MARKER_COLORS.highest}>
              {t('priceHistory.highest', { price: formatMoney(history.highestInRange.total), date: formatDay(history.highestInRange.day) })}
            </Swatch>
          )}
          <Swatch color={MARKER_COLORS.today}>
            {history.current === null ? t('priceHistory.todayNone') : t('priceHistory.today', { price: formatMoney(history.current) })}
          </Swatch>
        </>
      )}
    </div>
  );

  return (
    <div>
      <div style={{ minHeight: CONTROLS_HEIGHT, display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center' }}>
        <Segmented<PriceHistoryRange>
          aria-label={t('priceHistory.range')}
          value={range}
          onChange={(value) => {
            setHovered(null);
            setRange(value);
          }}
          options={RANGES.map((value) => ({ value, label: t(`priceHistory.ranges.${value}`) }))}
        />
        <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <Switch size="small" checked={showStores} onChange={setShowStores} disabled={!history?.stores.length} />
          {t('priceHistory.showStores')}
        </label>
      </div>
      {figures || <div style={{ minHeight: FIGURES_HEIGHT }} />}
      {body}
    </div>
  );
}
