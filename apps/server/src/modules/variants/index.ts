// The variants module's door: each account's variant option names and values.
export { VariantOptionsService } from './variant-options.service';
