export * from './core';
export * from './ebay';
export * from './shopify';
export * from './depop';
export * from './etsy';
export * from './extension-sites';
export * from './openai';
