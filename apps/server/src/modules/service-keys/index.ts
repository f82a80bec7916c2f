// The service-keys module's door: the account's API keys for programs (decision 0045).
export { ServiceKeyService } from './service-key.service';
