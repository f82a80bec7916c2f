import { localeForCountry, textSetForCountry, type RegionalTextSet } from '@listloop/domain';
import { DataList, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useIntl, type IntlShape } from 'react-intl';
import { SectionCard } from '../../../components/ui/section-card';
import { isoRegionCode } from '../../../i18n/country';
import { regionLabelId } from '../../../i18n/dynamic-messages';
import { useCountry } from '../../../i18n/locale-provider';
import { useAccountCurrency, useMoneyFormat } from '../../../lib/money/use-money';
import { accountOverviewMessages } from '../account-overview.messages';

type UnitSymbol =
  | RegionalTextSet['weightUnits']['major']
  | RegionalTextSet['weightUnits']['minor']
  | RegionalTextSet['lengthUnit'];

/** The text set's unit symbols as the sanctioned units of ECMA-402. */
const INTL_UNITS: Record<UnitSymbol, string> = {
  lb: 'pound',
  oz: 'ounce',
  kg: 'kilogram',
  g: 'gram',
  in: 'inch',
  cm: 'centimeter',
};

/** "pounds (lb)" in the user's language: the unit's plural name from Intl, and its symbol. */
export function unitLabel(intl: IntlShape, symbol: UnitSymbol): string {
  const name = intl
    .formatNumberToParts(2, { style: 'unit', unit: INTL_UNITS[symbol], unitDisplay: 'long' })
    .filter((part) => part.type === 'unit')
    .map((part) => part.value)
    .join('')
    .trim();
  return intl.formatMessage(accountOverviewMessages.regionUnit, { name, symbol });
}

/**
 * Spec §1 regional text set of the country in force: units and wording. The currency is the
 * account's, whichever edition is read; the edition only writes its amounts its own way.
 */
export function RegionalSettingsCard() {
  const intl = useIntl();
  const country = useCountry();
  const textSet = textSetForCountry(country);
  const currency = useAccountCurrency();
  const money = useMoneyFormat();
  const countryName = intl.formatDisplayName(isoRegionCode(country), { type: 'region' }) ?? country;
  const languageName =
    intl.formatDisplayName(localeForCountry(country), { type: 'language' }) ?? intl.locale;
  const currencyName = intl.formatDisplayName(currency, { type: 'currency' }) ?? currency;

  const rows: [string, string][] = [
    [intl.formatMessage(accountOverviewMessages.regionCountry), countryName],
    [intl.formatMessage(accountOverviewMessages.regionLanguage), languageName],
    [
      intl.formatMessage(accountOverviewMessages.regionCurrency),
      intl.formatMessage(accountOverviewMessages.regionPriceExample, {
        currency: currencyName,
        example: money(1234.5),
      }),
    ],
    [
      intl.formatMessage(accountOverviewMessages.regionWeight),
      intl.formatList(
        [unitLabel(intl, textSet.weightUnits.major), unitLabel(intl, textSet.weightUnits.minor)],
        { type: 'conjunction' },
      ),
    ],
    [intl.formatMessage(accountOverviewMessages.regionLength), unitLabel(intl, textSet.lengthUnit)],
    [
      intl.formatMessage(accountOverviewMessages.regionTax),
      intl.formatMessage({ id: regionLabelId(textSet.labels.tax) }),
    ],
    [
      intl.formatMessage(accountOverviewMessages.regionColour),
      intl.formatMessage({ id: regionLabelId(textSet.labels.colour) }),
    ],
    [
      intl.formatMessage(accountOverviewMessages.regionPostalCode),
      intl.formatMessage({ id: regionLabelId(textSet.labels.postalCode) }),
    ],
  ];

  return (
    <SectionCard
      titleId="account-region"
      icon={<IconWorld size={18} />}
      title={intl.formatMessage(accountOverviewMessages.regionTitle)}
      description={intl.formatMessage(accountOverviewMessages.regionDescription, {
        country: countryName,
      })}
    >
      <DataList size="sm" gap={8} labelWidth={130}>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
      <Text fz="xs" c="dimmed" mt="sm">
        {intl.formatMessage(accountOverviewMessages.regionWording)}
      </Text>
    </SectionCard>
  );
}
