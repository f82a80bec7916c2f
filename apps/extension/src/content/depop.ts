import { depop } from '../adapters/depop';
import { listen } from './runtime';

listen(depop);
