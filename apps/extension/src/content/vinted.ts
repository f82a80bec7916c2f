import { vinted } from '../adapters/vinted';
import { listen } from './runtime';

listen(vinted);
