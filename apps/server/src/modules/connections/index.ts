// The connections module's door for other modules: its services and their public types.
export { ConnectionService } from './connection.service';
export type { ConnectionRow } from './connection.repository';
