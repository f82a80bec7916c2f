export {};
export * from './core';
export * from './ebay';
export * from './shopify';
