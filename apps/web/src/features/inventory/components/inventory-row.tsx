import {
  checkCompleteness,
  type Item,
  type ListingStatus,
  type RegionalTextSet,
} from '@listloop/domain';
import { Badge, Checkbox, List, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { memo, useState, type MouseEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ItemThumbnail } from '../../../components/inventory/item-thumbnail';
import { ItemStatusBadge, ListingStatusBadge } from '../../../components/inventory/status-badges';
import {
  listingsOnRecord,
  type MarketplaceOrder,
} from '../../../lib/connections/marketplace-order';
import { completenessTexts } from '../../../lib/inventory/completeness-text';
import { inventoryMessages } from '../inventory.messages';
import type { GridLayout } from './inventory-grid';
import classes from './inventory-grid.module.css';

export interface RowFormat {
  /** An amount in the account's currency, as the edition writes it. */
  money: (amount: number) => string;
  weightUnits: RegionalTextSet['weightUnits'];
  /** The order of the listing chips: the page's, so no row reads the connections itself. */
  marketplaceOrder: MarketplaceOrder;
}

interface InventoryRowProps {
  item: Item;
  index: number;
  start: number;
  height: number;
  layout: GridLayout;
  columns: string;
  selected: boolean;
  active: boolean;
  onCheck: (index: number, shiftKey: boolean) => void;
  onRowClick: (index: number, modifiers: { shiftKey: boolean; toggleKey: boolean }) => void;
  format: RowFormat;
}

const MAX_LABELS = 3;
const MAX_LISTINGS = 3;

/** One item of the grid; memoised, so scrolling and selecting re-render only what changed. */
export const InventoryRow = memo(function InventoryRow({
  item,
  index,
  start,
  height,
  layout,
  columns,
  selected,
  active,
  onCheck,
  onRowClick,
  format,
}: InventoryRowProps) {
  const intl = useIntl();
  const details = item.generalDetails;
  const title = details.title || intl.formatMessage(inventoryMessages.untitled);

  const onClick = (event: MouseEvent) => {
    onRowClick(index, { shiftKey: event.shiftKey, toggleKey: event.metaKey || event.ctrlKey });
  };

  const check = (
    <div role="gridcell" onClick={(event) => event.stopPropagation()}>
      <Checkbox
        size="xs"
        tabIndex={-1}
        checked={selected}
        onChange={() => undefined}
        onClick={(event) => onCheck(index, event.shiftKey)}
        aria-label={intl.formatMessage(inventoryMessages.selectItem, { title })}
      />
    </div>
  );

  const titleLink = (
    <Link
      to="/app/inventory/$itemId"
      params={{ itemId: item.itemID }}
      tabIndex={-1}
      className={`${classes.title} ${details.title ? '' : classes.untitled}`}
      onClick={(event) => event.stopPropagation()}
      style={layout === 'cards' ? { whiteSpace: 'normal' } : undefined}
    >
      {title}
    </Link>
  );

  const price = details.price === null ? '—' : format.money(details.price);
  const listings = <ListingBadges item={item} order={format.marketplaceOrder} />;
  const completeness = <CompletenessCell item={item} format={format} />;

  return (
    <div
      id={`inventory-row-${item.itemID}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-active={active || undefined}
      className={`${classes.row} ${layout === 'cards' ? classes.card : ''}`}
      style={{ height, transform: `translateY(${start}px)`, gridTemplateColumns: columns }}
      onClick={onClick}
      onMouseDown={(event) => {
        // A shift-click selects rows, not the text between them.
        if (event.shiftKey) event.preventDefault();
      }}
    >
      {check}
      {layout === 'cards' ? (
        <>
          <div role="gridcell">
            <ItemThumbnail image={details.images[0]} size={64} />
          </div>
          <div role="gridcell" className={classes.cell}>
            <Text fz="sm" lineClamp={1} component="div">
              {titleLink}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {[
                price,
                intl.formatMessage(inventoryMessages.quantityShort, { count: details.quantity }),
                details.sku,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <div className={classes.badges} style={{ marginTop: 4 }}>
              {completeness}
              {listings}
            </div>
          </div>
        </>
      ) : (
        <>
          <div role="gridcell">
            <ItemThumbnail image={details.images[0]} size={40} />
          </div>
          <div role="gridcell" className={classes.cell}>
            {titleLink}
            {layout === 'compact' && (details.sku || item.labels.length > 0) && (
              <Text fz="xs" c="dimmed" truncate>
                {[details.sku, item.labels.join(', ')].filter(Boolean).join(' · ')}
              </Text>
            )}
          </div>
          {layout === 'full' && (
            <div role="gridcell" className={classes.cell}>
              <Text fz="xs" ff="monospace" truncate>
                {details.sku}
              </Text>
            </div>
          )}
          <div role="gridcell" className={`${classes.cell} ${classes.end}`}>
            {price}
          </div>
          <div role="gridcell" className={`${classes.cell} ${classes.end}`}>
            {intl.formatNumber(details.quantity)}
          </div>
          {layout === 'full' && (
            <div role="gridcell" className={classes.cell}>
              <LabelBadges labels={item.labels} />
            </div>
          )}
          <div role="gridcell" className={classes.cell}>
            {completeness}
          </div>
          <div role="gridcell" className={classes.cell}>
            <div className={classes.badges}>{listings}</div>
          </div>
          {layout === 'full' && (
            <div role="gridcell" className={`${classes.cell} ${classes.end}`}>
              <Text fz="xs" c="dimmed" component="span">
                {intl.formatDate(item.dateCreated, { dateStyle: 'medium' })}
              </Text>
            </div>
          )}
        </>
      )}
    </div>
  );
});

function LabelBadges({ labels }: { labels: readonly string[] }) {
  const intl = useIntl();
  if (labels.length === 0) return null;
  const shown = labels.slice(0, MAX_LABELS);
  const rest = labels.length - shown.length;
  return (
    <div className={classes.badges}>
      {shown.map((label) => (
        <Badge key={label} size="sm" variant="default" radius="sm" tt="none" fw={500} maw={120}>
          {label}
        </Badge>
      ))}
      {rest > 0 && (
        <LazyTooltip label={labels.slice(MAX_LABELS).join(', ')}>
          <Badge size="sm" variant="default" radius="sm" tt="none" fw={500}>
            {intl.formatMessage(inventoryMessages.more, { count: rest })}
          </Badge>
        </LazyTooltip>
      )}
    </div>
  );
}

function ListingBadges({ item, order }: { item: Item; order: MarketplaceOrder }) {
  const intl = useIntl();
  const entries = listingsOnRecord(item.listings, order);
  if (entries.length === 0) return null;
  const shown = entries.slice(0, MAX_LISTINGS);
  const rest = entries.length - shown.length;
  return (
    <>
      {shown.map(([marketplace, listing]) => (
        <ListingStatusBadge
          key={marketplace}
          size="sm"
          marketplace={marketplace}
          status={listing.status as ListingStatus}
        />
      ))}
      {rest > 0 && (
        <Badge size="sm" variant="default" radius="sm" tt="none" fw={500}>
          {intl.formatMessage(inventoryMessages.more, { count: rest })}
        </Badge>
      )}
    </>
  );
}

function CompletenessCell({ item, format }: { item: Item; format: RowFormat }) {
  const intl = useIntl();
  if (item.status === 'complete') return <ItemStatusBadge status="complete" size="sm" />;
  const issues = checkCompleteness(item);
  const messages =
    issues.length > 0
      ? completenessTexts(intl, issues, format.weightUnits).map(({ text }) => text)
      : item.completeness;
  return (
    <LazyTooltip
      label={
        <List size="xs" spacing={2}>
          {messages.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      }
    >
      <ItemStatusBadge
        status="inProgress"
        size="sm"
        aria-label={`${intl.formatMessage(inventoryMessages.inProgressCount, { count: messages.length })}: ${messages.join('; ')}`}
      />
    </LazyTooltip>
  );
}

/**
 * A tooltip mounted only once the pointer is over its target: a grid scrolls through
 * thousands of rows, and a floating tooltip per row would be paid for on every one.
 */
function LazyTooltip({ label, children }: { label: ReactNode; children: ReactNode }) {
  const [hovered, setHovered] = useState(false);
  const target = (
    <span style={{ display: 'inline-flex' }} onMouseEnter={() => setHovered(true)}>
      {children}
    </span>
  );
  if (!hovered) return target;
  return (
    <Tooltip multiline w={260} withinPortal label={label} defaultOpened>
      {target}
    </Tooltip>
  );
}
