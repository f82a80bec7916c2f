import { json, type EmulatorResponse } from '../core/http';

/** One entry of eBay's `errors` (and `warnings`) arrays. */
export interface EbayError {
  errorId: number;
  domain: string;
  subdomain?: string;
  category: 'REQUEST' | 'APPLICATION' | 'BUSINESS';
  message: string;
  longMessage?: string;
  parameters?: Array<{ name: string; value: string }>;
}

type Template = Pick<EbayError, 'domain' | 'category' | 'message'>;

/**
 * The errors the emulator answers with. Ids, domains, categories and message texts are copied
 * from the `x-response-codes` of eBay's own descriptions in api-descriptions/ebay, where
 * `{additionalInfo}` is filled with the reason; the gateway errors (1001, 1100, 2001, 2002, 2003, 2004),
 * which no description lists, follow eBay's documented API error responses (◐ wording).
 */
export const EBAY_ERRORS = {
  // Gateway (every API)
  invalidAccessToken: { domain: 'OAuth', category: 'REQUEST', message: 'Invalid access token' },
  tooManyRequests: {
    domain: 'ACCESS',
    category: 'REQUEST',
    message: 'Too many requests. The request limit has been reached for the resource.',
  },
  resourceNotFound: { domain: 'ACCESS', category: 'REQUEST', message: 'Resource not found' },
  invalidRequest: { domain: 'ACCESS', category: 'REQUEST', message: 'Invalid request' },
  accessDenied: { domain: 'ACCESS', category: 'REQUEST', message: 'Access denied' },
  internalError: {
    domain: 'ACCESS',
    category: 'APPLICATION',
    message:
      'There was a problem with an eBay internal system or process. Contact eBay developer support for assistance.',
  },
  // Sell Inventory
  inventorySystemError: {
    domain: 'API_INVENTORY',
    category: 'APPLICATION',
    message: 'A system error has occurred.',
  },
  userError: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: 'A user error has occurred.',
  },
  invalidPrice: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message:
      'The eBay listing associated with the inventory item, or the unpublished offer has an invalid price.',
  },
  invalidQuantity: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message:
      'The eBay listing associated with the inventory item, or the unpublished offer has an invalid quantity.',
  },
  invalidCategory: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message:
      'The eBay listing associated with the inventory item, or the unpublished offer has an invalid category ID.',
  },
  invalidFulfillmentPolicy: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message:
      'The eBay listing associated with the inventory item, or the unpublished offer has invalid data in the associated Fulfillment policy.',
  },
  invalidPaymentPolicy: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message:
      'The eBay listing associated with the inventory item, or the unpublished offer has invalid data in the associated Payment policy.',
  },
  invalidReturnPolicy: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message:
      'The eBay listing associated with the inventory item, or the unpublished offer has invalid data in the associated Return policy.',
  },
  invalidLocation: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: 'Invalid inventory location.',
  },
  invalidPictures: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message:
      'The eBay listing associated with the inventory item, or the unpublished offer has invalid pictures.',
  },
  invalidPictureUrl: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message:
      'The eBay listing associated with the inventory item, or the unpublished offer has an invalid picture URL.',
  },
  cannotRevise: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: 'Cannot revise the listing.',
  },
  invalidCondition: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message:
      'The eBay listing associated with the inventory item, or the unpublished offer has invalid item condition information.',
  },
  requiredForCategory: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: '{field} is required for this category.',
  },
  policyNotFound: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: 'The specified policy is not found for the market place',
  },
  policyWrongType: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: 'The policy(ies) {PolicyId} is not of type {PolicyEnum}',
  },
  skuNotFound: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: '{skuValue} could not be found or is not available in the system.',
  },
  invalidSku: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message:
      'This is an invalid value for a SKU.  Only alphanumeric characters can be used for SKUs, and their length must not exceed 50 characters.',
  },
  invalidValue: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: 'Invalid value for {fieldName}.',
  },
  entityNotFound: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: "We didn't find the resource/entity you are requesting. Please verify the request",
  },
  offerNotAvailable: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: 'This Offer is not available :',
  },
  invalidPagination: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: 'You have provided invalid pagination values.',
  },
  locationExists: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: '{fieldName} already exists.',
  },
  locationMissingField: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: 'Missing field {fieldName}.',
  },
  locationNotFound: {
    domain: 'API_INVENTORY',
    category: 'REQUEST',
    message: '{fieldName} Not Found.',
  },
  // Sell Account
  accountSystemError: { domain: 'API_ACCOUNT', category: 'APPLICATION', message: 'System error.' },
  accountMissingField: {
    domain: 'API_ACCOUNT',
    category: 'REQUEST',
    message: 'Missing field {fieldName}.',
  },
  accountInvalidField: {
    domain: 'API_ACCOUNT',
    category: 'REQUEST',
    message: 'Invalid {fieldName}.',
  },
  accountNotFound: {
    domain: 'API_ACCOUNT',
    category: 'REQUEST',
    message: '{fieldName} not found.',
  },
  accountInvalidRequest: {
    domain: 'API_ACCOUNT',
    category: 'REQUEST',
    message: 'Invalid request.',
  },
  // Sell Fulfillment
  fulfillmentSystemError: {
    domain: 'API_FULFILLMENT',
    category: 'APPLICATION',
    message: 'System error',
  },
  invalidFilterName: {
    domain: 'API_FULFILLMENT',
    category: 'REQUEST',
    message: 'Invalid filter name: {fieldname}',
  },
  invalidFilterValue: {
    domain: 'API_FULFILLMENT',
    category: 'REQUEST',
    message: 'Invalid filter value {fieldvalue} for filter {fieldname}',
  },
  invalidDateFormat: {
    domain: 'API_FULFILLMENT',
    category: 'REQUEST',
    message: 'Invalid date format',
  },
  startDateMissing: {
    domain: 'API_FULFILLMENT',
    category: 'REQUEST',
    message: 'Start date is missing',
  },
  startAfterEnd: {
    domain: 'API_FULFILLMENT',
    category: 'REQUEST',
    message: 'Start date should be before end date',
  },
  datesInFuture: {
    domain: 'API_FULFILLMENT',
    category: 'REQUEST',
    message: "Start and end dates can't be in the future",
  },
  invalidOffset: {
    domain: 'API_FULFILLMENT',
    category: 'REQUEST',
    message: 'Invalid offset: {offsetvalue}',
  },
  invalidLimit: {
    domain: 'API_FULFILLMENT',
    category: 'REQUEST',
    message: 'Invalid limit: {limitvalue}',
  },
  orderNotFound: {
    domain: 'API_FULFILLMENT',
    category: 'REQUEST',
    message: 'Invalid order ID: {orderId}',
  },
  // Commerce Taxonomy
  taxonomySystemError: {
    domain: 'API_TAXONOMY',
    category: 'APPLICATION',
    message:
      'There was a problem with an eBay internal system or process. Contact eBay developer support for assistance.',
  },
  taxonomyMissingMarketplace: {
    domain: 'API_TAXONOMY',
    category: 'REQUEST',
    message: 'Missing marketplace ID.',
  },
  taxonomyUnknownMarketplace: {
    domain: 'API_TAXONOMY',
    category: 'REQUEST',
    message: 'The specified marketplace ID was not found.',
  },
  taxonomyUnknownTree: {
    domain: 'API_TAXONOMY',
    category: 'REQUEST',
    message: 'The specified category tree ID was not found.',
  },
  taxonomyCategoryNotInTree: {
    domain: 'API_TAXONOMY',
    category: 'REQUEST',
    message: 'The specified category ID does not belong to the specified category tree.',
  },
  taxonomyMissingCategory: {
    domain: 'API_TAXONOMY',
    category: 'REQUEST',
    message: 'Missing category ID.',
  },
  taxonomyMissingKeyword: {
    domain: 'API_TAXONOMY',
    category: 'REQUEST',
    message:
      "Missing keyword 'q'. Please specify a valid set of keywords that best describes your item.",
  },
  taxonomyRootCategory: {
    domain: 'API_TAXONOMY',
    category: 'REQUEST',
    message:
      'The specified category ID is the root for the category tree. Please use {categoryTreeHref} to retrieve the entire tree.',
  },
} as const satisfies Record<string, Template>;

export type EbayErrorName = keyof typeof EBAY_ERRORS;

/** The numeric ids, beside the names (from the same sources as the texts). */
export const EBAY_ERROR_IDS: Record<EbayErrorName, number> = {
  invalidAccessToken: 1001,
  tooManyRequests: 2001,
  resourceNotFound: 2002,
  internalError: 2003,
  invalidRequest: 2004,
  accessDenied: 1100,
  inventorySystemError: 25001,
  userError: 25002,
  invalidPrice: 25003,
  invalidQuantity: 25004,
  invalidCategory: 25005,
  invalidFulfillmentPolicy: 25007,
  invalidPaymentPolicy: 25008,
  invalidReturnPolicy: 25009,
  invalidLocation: 25012,
  invalidPictures: 25014,
  invalidPictureUrl: 25015,
  cannotRevise: 25019,
  invalidCondition: 25021,
  requiredForCategory: 25029,
  policyNotFound: 25035,
  policyWrongType: 25036,
  skuNotFound: 25702,
  invalidSku: 25707,
  invalidValue: 25709,
  entityNotFound: 25710,
  offerNotAvailable: 25713,
  invalidPagination: 25706,
  locationExists: 25803,
  locationMissingField: 25801,
  locationNotFound: 25805,
  accountSystemError: 20500,
  accountMissingField: 20401,
  accountInvalidField: 20403,
  accountNotFound: 20404,
  accountInvalidRequest: 20400,
  fulfillmentSystemError: 30500,
  invalidFilterName: 30700,
  invalidFilterValue: 30800,
  invalidDateFormat: 30810,
  startDateMissing: 30820,
  startAfterEnd: 30840,
  datesInFuture: 30850,
  invalidOffset: 31000,
  invalidLimit: 31100,
  orderNotFound: 32100,
  taxonomySystemError: 62000,
  taxonomyMissingMarketplace: 62002,
  taxonomyUnknownMarketplace: 62003,
  taxonomyUnknownTree: 62004,
  taxonomyCategoryNotInTree: 62005,
  taxonomyMissingCategory: 62006,
  taxonomyMissingKeyword: 62007,
  taxonomyRootCategory: 62008,
};

/**
 * One eBay error: `fill` replaces the template's `{placeholders}`; `additionalInfo` is appended
 * the way eBay appends it, and also given as the `longMessage`.
 */
export function ebayError(
  name: EbayErrorName,
  options: {
    fill?: Record<string, string>;
    additionalInfo?: string;
    longMessage?: string;
    parameters?: Array<{ name: string; value: string }>;
  } = {},
): EbayError {
  const template = EBAY_ERRORS[name];
  let message: string = template.message;
  for (const [key, value] of Object.entries(options.fill ?? {})) {
    message = message.replace(`{${key}}`, value);
  }
  if (options.additionalInfo) message = `${message} ${options.additionalInfo}`;
  const error: EbayError = {
    errorId: EBAY_ERROR_IDS[name],
    domain: template.domain,
    category: template.category,
    message,
  };
  if (template.domain === 'API_INVENTORY') error.subdomain = 'Selling';
  const longMessage = options.longMessage ?? options.additionalInfo;
  if (longMessage) error.longMessage = longMessage;
  if (options.parameters) error.parameters = options.parameters;
  return error;
}

export function ebayErrors(
  status: number,
  errors: EbayError[],
  headers?: Record<string, string>,
): EmulatorResponse {
  return json(status, { errors }, headers);
}
