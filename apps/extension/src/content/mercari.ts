import { mercari } from '../adapters/mercari';
import { listen } from './runtime';

listen(mercari);
